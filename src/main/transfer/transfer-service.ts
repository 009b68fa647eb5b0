// Import and export, for the contract, the CLI and the UI, and the review of the identity files an
// import brought.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { PendingIdentityView } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { Engine } from '../engine';
import { writeFileAtomic } from '../fs/atomic-write';
import { buildExport } from './export';
import { IdentityReview } from './identity-review';
import { runImport, type ImportReport } from './import';
import { fileChunks, textChunks } from './json-stream';
import { importMcpMemoryGraph, looksLikeMcpMemoryGraph, MAX_MCP_MEMORY_BYTES } from './mcp-memory-import';

/** Larger than any real chat history; a file beyond it is refused before it is read. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export class TransferService {
  readonly identity: IdentityReview;

  constructor(private readonly engine: Engine) {
    this.identity = new IdentityReview(engine);
  }

  exportText(): string {
    return `${JSON.stringify(buildExport(this.engine), null, 2)}\n`;
  }

  exportToFile(path: string): { path: string; bytes: number } {
    const text = this.exportText();
    writeFileAtomic(path, text, { mode: 0o600 });
    return { path, bytes: Buffer.byteLength(text) };
  }

  /** The UI's path: the text arrives over the contract (`transfer.import`). */
  importText(text: string, name: string | null = null): ImportReport {
    // MCP server (issue 19): the reference MCP memory server's graph file is JSON lines, not one document.
    if (looksLikeMcpMemoryGraph(text.slice(0, 4096))) return importMcpMemoryGraph(this.engine, text, { name });
    return runImport(this.engine, this.identity, { open: () => textChunks(text), name });
  }

  /** The CLI's path: read from the file a block at a time, never whole. */
  importFile(path: string): ImportReport {
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      throw new MonadError('NOT_FOUND', `No such file: ${path}`);
    }
    if (size > MAX_IMPORT_BYTES) throw new MonadError('PAYLOAD_TOO_LARGE', `${path} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    if (looksLikeMcpMemoryGraph(head(path))) {
      if (size > MAX_MCP_MEMORY_BYTES) throw new MonadError('PAYLOAD_TOO_LARGE', `${path} is larger than ${MAX_MCP_MEMORY_BYTES / 1024 / 1024} MB, more than an MCP memory graph holds`);
      return importMcpMemoryGraph(this.engine, readFileSync(path, 'utf8'), { name: basename(path) });
    }
    return runImport(this.engine, this.identity, { open: () => fileChunks(path), name: basename(path) });
  }

  pendingIdentity(): PendingIdentityView[] {
    return this.identity.list();
  }
}

/** The first few KB of a file, to tell its format before reading it. */
function head(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

// Import and export, for the contract, the CLI and the UI, and the review of the identity files an
// import brought.
import { closeSync, existsSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, isAbsolute } from 'node:path';
import type { PendingIdentityView } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { TransferPorts } from './transfer-ports';
import { writeFileAtomicWith } from '../fs/atomic-write';
import { exportText, exportToFd } from './export';
import { IdentityReview } from './identity-review';
import { runImport, type ImportReport } from './import';
import { fileChunks, textChunks } from './json-stream';
import { importMcpMemoryGraph, looksLikeMcpMemoryGraph, MAX_MCP_MEMORY_BYTES } from './mcp-memory-import';

/** Larger than any real chat history; a file beyond it is refused before it is read. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export class TransferService {
  readonly identity: IdentityReview;

  constructor(private readonly engine: TransferPorts) {
    this.identity = new IdentityReview(engine);
  }

  exportText(): string {
    return exportText(this.engine);
  }

  /**
   * Writes the archive to a file the person named (issue 32 §6): never inside Monad's home (`--out
   * <home>/config.json` once replaced the settings with the archive), and never over an existing file
   * unless the person said so (`--force`).
   */
  exportToFile(path: string, opts: { force?: boolean } = {}): { path: string; bytes: number } {
    const target = resolve(path);
    if (isInside(realFolder(dirname(target)), realFolder(this.engine.paths.root))) {
      throw new MonadError('BAD_INPUT', `${target} is inside Monad's home folder (${this.engine.paths.root}), where Monad keeps its own files: export to a folder outside it.`);
    }
    if (existsSync(target)) {
      if (statSync(target).isDirectory()) throw new MonadError('BAD_INPUT', `${target} is a folder: give a file name, e.g. ${join(target, 'monad-export.json')}`);
      if (!opts.force) throw new MonadError('CONFIRM_REQUIRED', `${target} already exists. Replace it? (monad export --force replaces it)`, { path: target });
    }
    let bytes = 0;
    writeFileAtomicWith(target, (fd) => void (bytes = exportToFd(this.engine, fd)), { mode: 0o600 });
    return { path: target, bytes };
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

/** A folder's real path (symlinks resolved), or the path as given when it does not exist yet. */
function realFolder(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

/** `dir` is `root` or below it. Compared case-insensitively: the file systems of macOS and Windows are. */
function isInside(dir: string, root: string): boolean {
  const rel = relative(root.toLowerCase(), dir.toLowerCase());
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

// Import and export, for the contract, the CLI and the UI, and the review of the identity files an
// import brought.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { PendingIdentityView } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { Engine } from '../engine';
import { writeFileAtomic } from '../fs/atomic-write';
import { buildExport } from './export';
import { IdentityReview } from './identity-review';
import { runImport, type ImportReport } from './import';
import { fileChunks, textChunks } from './json-stream';

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
    return runImport(this.engine, this.identity, { open: () => fileChunks(path), name: basename(path) });
  }

  pendingIdentity(): PendingIdentityView[] {
    return this.identity.list();
  }
}

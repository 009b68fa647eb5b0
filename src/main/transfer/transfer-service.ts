// Import and export, for the contract, the CLI and the UI.
import { readFileSync, statSync } from 'node:fs';
import { MonadError } from '../../shared/errors';
import type { Engine } from '../engine';
import { writeFileAtomic } from '../fs/atomic-write';
import { buildExport } from './export';
import { importText, type ImportReport } from './import';

/** Larger than any real chat history; a file beyond it is refused before it is read. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export class TransferService {
  constructor(private readonly engine: Engine) {}

  exportText(): string {
    return `${JSON.stringify(buildExport(this.engine), null, 2)}\n`;
  }

  exportToFile(path: string): { path: string; bytes: number } {
    const text = this.exportText();
    writeFileAtomic(path, text, { mode: 0o600 });
    return { path, bytes: Buffer.byteLength(text) };
  }

  importText(text: string): ImportReport {
    return importText(this.engine, text);
  }

  importFile(path: string): ImportReport {
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      throw new MonadError('NOT_FOUND', `No such file: ${path}`);
    }
    if (size > MAX_IMPORT_BYTES) throw new MonadError('PAYLOAD_TOO_LARGE', `${path} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    return this.importText(readFileSync(path, 'utf8'));
  }
}

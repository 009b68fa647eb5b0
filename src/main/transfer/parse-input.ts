// Reading an import file: JSON syntax errors and schema errors are reported with the position of the
// problem (line/column, or the path inside the document), never as a bare "invalid input".
import type { z } from 'zod';
import { MonadError } from '../../shared/errors';
import { chatgptSchema, exportSchema, transcriptSchema, type ChatGptExport, type ExportArchive, type Transcript } from './formats';

export type ImportDocument = { kind: 'transcript'; doc: Transcript } | { kind: 'export'; doc: ExportArchive } | { kind: 'chatgpt'; doc: ChatGptExport };

export function parseImport(text: string): ImportDocument {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    const pos = jsonErrorPosition(text, err as Error);
    throw new MonadError('BAD_INPUT', `The file is not valid JSON${pos ? ` (line ${pos.line}, column ${pos.column})` : ''}: ${(err as Error).message.replace(/ in JSON at position \d+.*$/, '')}`, pos ?? undefined);
  }
  if (Array.isArray(raw)) return { kind: 'chatgpt', doc: check(chatgptSchema, raw, 'ChatGPT conversations.json') };
  const format = (raw as { format?: unknown } | null)?.format;
  if (format === 'monad-transcript') return { kind: 'transcript', doc: check(transcriptSchema, raw, 'Monad transcript') };
  if (format === 'monad-export') return { kind: 'export', doc: check(exportSchema, raw, 'Monad export') };
  throw new MonadError(
    'BAD_INPUT',
    'Unrecognised file: expected a Monad transcript ({"format":"monad-transcript"}), a Monad export ({"format":"monad-export"}) or a ChatGPT conversations.json (an array).',
  );
}

function check<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = formatPath(issue.path);
  throw new MonadError('BAD_INPUT', `${what}: ${path ? `at ${path}: ` : ''}${issue.message}${r.error.issues.length > 1 ? ` (and ${r.error.issues.length - 1} more problems)` : ''}`, {
    path,
    issues: r.error.issues.slice(0, 20).map((i) => ({ path: formatPath(i.path), message: i.message })),
  });
}

/** ["sessions", 3, "messages", 2, "role"] → "sessions[3].messages[2].role" */
export function formatPath(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

function jsonErrorPosition(text: string, err: Error): { line: number; column: number } | null {
  const m = /position (\d+)/.exec(err.message);
  if (!m) return null;
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  return { line: before.split('\n').length, column: pos - before.lastIndexOf('\n') };
}

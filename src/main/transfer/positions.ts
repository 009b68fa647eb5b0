// Where in an import file a problem is: every refusal names the position (line and column for broken
// JSON, the path inside the document for a field that fails its schema), never a bare "invalid input".
import type { z } from 'zod';
import { MonadError } from '../../shared/errors';
import { formatPath, OversizeString, type JsonPath } from './json-stream';
import { MAX_MESSAGE_CHARS } from './limits';

export { formatPath };

/**
 * Parses `raw` (found at `at` in the file) with `schema`, the same schemas the contract uses where
 * there is one. A failure is BAD_INPUT naming the full path, e.g. "sessions[3].messages[2].createdAt".
 */
export function validate<S extends z.ZodType>(schema: S, raw: unknown, what: string, at: JsonPath): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: formatPath([...at, ...(i.path as PropertyKey[])]), message: messageOf(raw, i) }));
  const first = issues[0];
  throw new MonadError('BAD_INPUT', `${what}: ${first.path ? `at ${first.path}: ` : ''}${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more problems)` : ''}`, {
    path: first.path,
    issues: issues.slice(0, 20),
  });
}

/** A string the reader did not keep because of its size fails as "not a string": say what it really is. */
function messageOf(raw: unknown, issue: z.core.$ZodIssue): string {
  let v: unknown = raw;
  for (const k of issue.path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k as PropertyKey] : undefined;
  if (v instanceof OversizeString) return `longer than ${MAX_MESSAGE_CHARS.toLocaleString('en')} characters (${v.length.toLocaleString('en')})`;
  return issue.message;
}

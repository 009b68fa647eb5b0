// The field schemas every archive format shares (dates, scopes, session and message ids), apart from the
// formats that use them: formats.ts, formats-graph.ts and formats-memory.ts all import them from here,
// so none of those imports another back (issue 28 §2). Bounded and validated with the contract's own
// schemas where it has one: an import is untrusted input like any request.
import { z } from 'zod';
import { isValidId } from '../../shared/config';
import { scope as contractScope, sessionId as contractSessionId } from '../../shared/contract';
import { MAX_DATE_MS, MIN_DATE_MS } from './limits';

/** The contract's scope, and an agent scope must name a valid agent id (no Windows device names either). */
export const scopeSchema = contractScope.refine((s) => !s.startsWith('agent:') || isValidId(s.slice('agent:'.length)), 'an agent scope names an agent id');

const inRange = (ms: number) => Number.isFinite(ms) && ms >= MIN_DATE_MS && ms < MAX_DATE_MS;
const RANGE_TEXT = 'between 1970 and 2100';

/** An ISO 8601 date in the sane range, normalised to the engine's form (2024-05-01T10:00:00.000Z). */
export const dateSchema = z
  .string()
  .max(64)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'not a date (use ISO 8601, e.g. 2026-03-01T12:00:00Z)')
  .refine((s) => inRange(Date.parse(s)), `a date ${RANGE_TEXT}`)
  .transform((s) => new Date(Date.parse(s)).toISOString());

/** Seconds since 1970 (ChatGPT's create_time), in the same range. */
export const epochSecondsSchema = z.number().refine((n) => inRange(n * 1000), `a time ${RANGE_TEXT} (seconds since 1970)`);

/**
 * Session ids become memory scopes (`session:<id>`) and so file names: the scope key's alphabet, and
 * the contract's bound on session ids.
 */
export const sessionIdSchema = contractSessionId.regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, "-" or "_"');

/** Message and tool-call ids: printable, no spaces or path characters, bounded. */
export const messageIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, 'letters, digits, ".", ":", "-" or "_", at most 200');

/** What projectKeyFor makes: 16 hex digits. Anything else once broke an agent's consolidation for good. */
export const projectKeySchema = z.string().regex(/^[0-9a-f]{16}$/, 'a project key (16 hex digits)');

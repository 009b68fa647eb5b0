// Errors that cross the IPC / HTTP boundary. Always `{ code, message, details? }`: plain data, so they
// survive structured clone and JSON alike, and the renderer can switch on `code`.

export const ERROR_CODES = [
  'BAD_INPUT', // the input failed its channel's schema
  'UNKNOWN_CHANNEL',
  'NOT_FOUND',
  'CONFLICT',
  'CONFIG_INVALID', // config.json on disk does not parse / validate
  'DB_TOO_NEW', // database written by a newer Monad
  'DB_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'PROVIDER_ERROR', // an LLM provider answered with an error
  'BAD_REPLY', // a model's reply could not be used for a memory task, even after one repair attempt (issue 18)
  'NO_MODEL', // no model configured for a role
  'CANCELLED',
  'BUSY', // single-flight work already running
  'DISK_FULL',
  'CONFIRM_REQUIRED', // the request needs the person's explicit go-ahead (details say why); send it again with confirm
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface WireError {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export class MonadError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'MonadError';
    this.code = code;
    this.details = details;
  }

  toWire(): WireError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isWireError(value: unknown): value is WireError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && (ERROR_CODES as readonly string[]).includes(v.code) && typeof v.message === 'string';
}

/** The envelope every channel answers with, on both hosts. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: WireError };

/** For exhaustive switches: a compile error when a case is missed, a clear error if one slips through. */
export function missingCase(value: never): never {
  throw new MonadError('INTERNAL', `Unhandled case: ${JSON.stringify(value)}`);
}

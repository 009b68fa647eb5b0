// Shared CLI plumbing: global flags, output in text or --json, and usage errors with exit code 2.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultHome } from '../main/home';

export class UsageError extends Error {}

export interface GlobalFlags {
  home: string;
  json: boolean;
}

export const GLOBAL_OPTIONS = {
  home: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

export function parseCommandArgs<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options: { ...GLOBAL_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function globalFlags(values: { home?: string | boolean; json?: string | boolean }): GlobalFlags {
  return {
    home: typeof values.home === 'string' ? values.home : defaultHome(),
    json: values.json === true,
  };
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

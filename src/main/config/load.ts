// Reading config.json: the only place that parses it. Returns either a valid Config or a readable reason.
import { readFileSync, statSync } from 'node:fs';
import type { z } from 'zod';
import { configSchema, type Config } from '../../shared/config';

/** A config file this large is a mistake (or an attack); refuse to parse it rather than stall the app. */
export const MAX_CONFIG_BYTES = 2 * 1024 * 1024;

export type LoadResult =
  | { kind: 'missing' }
  | { kind: 'ok'; config: Config; text: string }
  | { kind: 'invalid'; error: string; text: string | null };

export function loadConfigFile(path: string): LoadResult {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'invalid', error: `config.json cannot be read: ${(err as Error).message}`, text: null };
  }
  if (size > MAX_CONFIG_BYTES) {
    return {
      kind: 'invalid',
      error: `config.json is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_CONFIG_BYTES / 1024 / 1024} MB`,
      text: null,
    };
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return { kind: 'invalid', error: `config.json cannot be read: ${(err as Error).message}`, text: null };
  }
  return parseConfigText(text);
}

export function parseConfigText(text: string): LoadResult {
  let raw: unknown;
  try {
    // Editors on Windows save UTF-8 with a byte-order mark; it is not part of the JSON.
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return { kind: 'invalid', error: `config.json is not valid JSON: ${describeJsonError(text, err as Error)}`, text };
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) return { kind: 'invalid', error: `config.json: ${formatZodError(parsed.error)}`, text };
  return { kind: 'ok', config: parsed.data, text };
}

/** "agent.agents.0.name: Too small …; models.roles.chat.provider: …" — short enough for a toast. */
export function formatZodError(error: z.ZodError, limit = 5): string {
  const parts = error.issues.slice(0, limit).map((i) => {
    const path = i.path.length ? i.path.join('.') : '(root)';
    return `${path}: ${i.message}`;
  });
  if (error.issues.length > limit) parts.push(`…and ${error.issues.length - limit} more`);
  return parts.join('; ');
}

function describeJsonError(text: string, err: Error): string {
  const m = /position (\d+)/.exec(err.message);
  if (!m) return err.message;
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const col = pos - before.lastIndexOf('\n');
  return `${err.message.replace(/ in JSON at position \d+.*$/, '')} at line ${line}, column ${col}`;
}

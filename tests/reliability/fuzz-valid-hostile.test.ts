// The other fuzz test sends inputs the schemas reject, so handlers never see them. This one sends what
// the schemas ACCEPT but a hostile caller would choose: every string field of every channel's valid
// sample, through both hosts (IPC binding and HTTP), swapped for path traversal (plain, deep, encoded,
// Windows-style, absolute), NUL, bidi and zero-width characters, SQL and FTS metacharacters, Unicode
// normalisation and width tricks, other agents' ids, reserved file names and 1 MB strings.
//
// What must hold: every answer is a result (ok, or a coded error that is not INTERNAL: a crash is a
// bug); nothing is written outside the home (every hostile path carries a unique marker, searched for
// around the home, in the temp folder and in the working directory afterwards); nothing polluted; the
// process answers; the config, both databases and every memory file are still healthy.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';

const ipc = vi.hoisted(() => ({ handlers: new Map<string, (event: unknown, input: unknown) => unknown>() }));
vi.mock('electron', () => {
  const electron = {
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, input: unknown) => unknown) => void ipc.handlers.set(channel, fn),
      removeHandler: (channel: string) => void ipc.handlers.delete(channel),
    },
  };
  return { ...electron, default: electron };
});

import { invokeChannel } from '../../src/shared/channel-names';
import { CHANNELS, contract, type ChannelName } from '../../src/shared/contract';
import { isWireError, type Result } from '../../src/shared/errors';
import { createHandlers } from '../../src/main/contract/handlers';
import { bindIpc } from '../../src/main/electron/ipc';
import { startServer, type RunningServer } from '../../src/main/server/http-server';
import { samples } from '../helpers/contract-samples';
import { openEngine } from '../helpers/temp-home';

const MARK = `monadfuzz${randomBytes(5).toString('hex')}`;

/** Values a schema's `string` (usually with a max length) lets through, chosen to hurt. */
const HOSTILE: [string, string][] = [
  ['traversal', `../../../../${MARK}`],
  ['deep traversal', `${'../'.repeat(40)}tmp/${MARK}`],
  ['absolute path', join(tmpdir(), MARK)],
  ['windows traversal', `..\\..\\..\\${MARK}`],
  ['encoded traversal', `%2e%2e%2f%2e%2e%2f${MARK}`],
  ['dot segments', `./${MARK}/../../${MARK}`],
  ['NUL inside', `ok\u0000/../${MARK}`],
  ['bidi', `\u202E${MARK}\u2066txt.exe`],
  ['zero width', 'de\u200Bfault'],
  ['sql', `'; DROP TABLE messages; -- ${MARK}`],
  ['sql like', `%_%${MARK}`],
  ['fts syntax', `"${MARK}" NEAR( OR * ^ -`],
  ['NFD accents', 'Lisboa\u0301 cafe\u0301'],
  ['fullwidth', 'ｄｅｆａｕｌｔ'],
  ['other agent', 'other-agent'],
  ['agent scope of another', 'agent:other-agent'],
  ['proto', '__proto__'],
  ['windows reserved', 'CON'],
  ['markdown structure', `- ${MARK}\n# heading\n---`],
  ['1 MB', 'z'.repeat(1_000_000)],
];

/** Every string leaf of a sample (objects and arrays, a few levels deep), as a path of keys. */
function stringPaths(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i], depth + 1));
  return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k], depth + 1));
}

function withValue(base: unknown, path: (string | number)[], v: string): unknown {
  if (!path.length) return v;
  const [head, ...rest] = path;
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string | number, unknown>;
  copy[head] = withValue((base as Record<string | number, unknown>)[head], rest, v);
  return copy;
}

function schemaAccepts(channel: ChannelName, input: unknown): boolean {
  try {
    return (contract[channel].input as ZodType).safeParse(input ?? {}).success;
  } catch {
    return false;
  }
}

const OWN_URL = 'monad://app/index.html';
const mainContents = { id: 1, isDestroyed: () => false, mainFrame: { url: OWN_URL, parent: null, processId: 1, routingId: 1 } };
const trustedEvent = { sender: mainContents, senderFrame: mainContents.mainFrame };

async function viaIpc(channel: string, input: unknown): Promise<Result<unknown>> {
  const handler = ipc.handlers.get(invokeChannel(channel as ChannelName));
  if (!handler) throw new Error(`no IPC handler for ${channel}`);
  return (await handler(trustedEvent, input)) as Result<unknown>;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });
afterAll(() => agent.destroy());

function viaHttp(server: RunningServer, channel: string, input: unknown): Promise<Result<unknown>> {
  const body = JSON.stringify(input);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/api/${encodeURIComponent(channel)}`,
        headers: { host: `127.0.0.1:${server.port}`, authorization: `Bearer ${server.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Result<unknown>);
          } catch (err) {
            reject(new Error(`${channel}: answer is not JSON (status ${res.statusCode})`, { cause: err }));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Paths (relative to `dir`) whose name holds the marker, `depth` levels down. */
function marked(dir: string, depth: number): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name.includes(MARK)) out.push(p);
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      continue;
    }
    if (isDir && depth > 0) out.push(...marked(p, depth - 1));
  }
  return out;
}

describe('schema-valid hostile values on every contract channel, through both hosts', () => {
  it('never crashes, never writes outside the home, and leaves every store healthy', async () => {
    // The home sits alone in a folder of its own, so anything that escapes it one or two levels up lands
    // somewhere this test can list completely.
    const outer = mkdtempSync(join(tmpdir(), 'monad-fuzz-outer-'));
    const home = join(outer, 'nest', 'home');
    mkdirSync(home, { recursive: true });
    const engine = openEngine({ home, backgroundJobs: false });
    const s = engine.sessions.create({ agentId: 'default', title: 'seeded' });
    for (let i = 0; i < 4; i++) engine.messages.append({ sessionId: s.id, role: i % 2 ? 'assistant' : 'user', content: `seed ${i}` });
    engine.facts.memory.record('global', 'User likes tea');
    const handlers = createHandlers(engine);
    const unbind = bindIpc({ handlers, mainWebContents: () => mainContents as never, isOwnUrl: (u) => u === OWN_URL });
    const staticDir = join(outer, 'renderer');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html>');
    const server = await startServer({ engine, staticDir });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const base = samples(s.id);
    const crashes: string[] = [];
    const perChannel = new Map<string, number>();
    const codes = new Map<string, number>();
    try {
      for (const channel of CHANNELS) {
        const sample = base[channel];
        if (!sample) continue;
        for (const path of stringPaths(sample)) {
          for (const [label, value] of HOSTILE) {
            const input = withValue(sample, path, value);
            if (!schemaAccepts(channel, input)) continue; // rejected by the contract: the other fuzz test's job
            for (const [host, send] of [
              ['IPC', () => viaIpc(channel, input)],
              ['HTTP', () => viaHttp(server, channel, input)],
            ] as const) {
              const what = `${host} ${channel} ${path.join('.')}=${label}`;
              const r = await send();
              expect(typeof r === 'object' && r !== null && typeof r.ok === 'boolean', `${what}: not a result`).toBe(true);
              if (!r.ok) {
                expect(isWireError(r.error), what).toBe(true);
                codes.set(r.error.code, (codes.get(r.error.code) ?? 0) + 1);
                if (r.error.code === 'INTERNAL') crashes.push(`${what}: ${r.error.message.slice(0, 160)}`);
              } else codes.set('ok', (codes.get('ok') ?? 0) + 1);
              perChannel.set(channel, (perChannel.get(channel) ?? 0) + 1);
            }
          }
        }
      }
      // Unexpected errors are bugs, each named with its channel, field and value.
      expect(crashes).toEqual([]);

      // Nothing escaped the home: not next to it, not in the temp folder, not in the working directory.
      const escaped = [...marked(outer, 2).filter((p) => !p.startsWith(`${home}/`)), ...marked(tmpdir(), 0), ...marked(process.cwd(), 1)];
      expect(escaped).toEqual([]);
      expect(readdirSync(outer).sort()).toEqual(['nest', 'renderer']);
      expect(readdirSync(join(outer, 'nest'))).toEqual(['home']);

      // Still answering, nothing polluted, every store healthy.
      expect(await viaIpc('app.status', {})).toMatchObject({ ok: true });
      expect(await viaHttp(server, 'sessions.list', {})).toMatchObject({ ok: true });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, '__proto__x')).toBe(false);
      expect(engine.config.getHealth().ok).toBe(true);
      for (const path of [engine.paths.appDb, engine.paths.memoryDb]) {
        const db = new BetterSqlite3(path, { readonly: true });
        expect(db.pragma('integrity_check'), path).toEqual([{ integrity_check: 'ok' }]);
        db.close();
      }
      for (const { scope } of engine.facts.memory.scopes()) expect(engine.facts.memory.read(scope).warnings, scope).toEqual([]);
      // Enough was really sent: most channels take strings, and each got the hostile set on both hosts.
      expect(perChannel.size).toBeGreaterThanOrEqual(30);
    } finally {
      quiet.mockRestore();
      warn.mockRestore();
      unbind();
      await server.close();
    }
    console.log(
      `[fuzz-valid] ${[...perChannel.values()].reduce((a, b) => a + b, 0)} schema-valid hostile calls on ${perChannel.size} channels; answers: ${[...codes].map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
  }, 600_000);
});

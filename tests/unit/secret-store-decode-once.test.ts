// The secret store decodes each stored value once (issue: secrets at store depth). Under Electron a decode is a
// call into the OS keychain, and `values()` is asked for every message that leaves (the egress filter) and
// every relation wording a sync sends: before, a sync of 20,000 relations decrypted every key 20,000 times.
// The store now keeps its decoded values until a value is set, deleted, or changed on disk by another process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { sentWording } from '../../src/main/engine-sync-graph-wording';
import { chatSyncPort } from '../../src/main/engine-sync-chats';
import { normalizeRelation } from '../../src/main/memory/graph/graph-normalize';
import { KnownSecrets, ValuesMemo } from '../../src/main/memory/facts/sanitize-known-secrets';
import { EgressFilter } from '../../src/main/secrets/egress-filter';
import { FileSecretStore, type SecretCodec } from '../../src/main/secrets/file-secret-store';
import { homePaths } from '../../src/main/home';
import { openEngine, tempHome } from '../helpers/temp-home';

const REDACTED = '[REDACTED:stored-secret]';
const KEY_A = 'zq-orchid-7f3a9b2c1d';
const KEY_B = 'zq-basil-0a1b2c3d4e5f';
const KEY_C = 'zq-lantern-99x8y7z6w5';

/** A codec standing in for the keychain: it "encrypts" by reversing, and counts every decrypt per value. */
function countingCodec() {
  const decrypts = new Map<string, number>();
  const codec: SecretCodec = {
    encode: (plain) => `enc:${[...plain].reverse().join('')}`,
    decode: (stored) => {
      const plain = [...stored.slice('enc:'.length)].reverse().join('');
      decrypts.set(plain, (decrypts.get(plain) ?? 0) + 1);
      return plain;
    },
  };
  const total = () => [...decrypts.values()].reduce((a, b) => a + b, 0);
  return { codec, decrypts, total };
}

/** A store over a file that another store (another process) already filled with `keys`. */
function storeWith(keys: Record<string, string>) {
  const path = join(tempHome(), 'secrets.json');
  const counting = countingCodec();
  const other = new FileSecretStore(path, counting.codec);
  for (const [ref, v] of Object.entries(keys)) other.set(ref, v);
  counting.decrypts.clear();
  return { path, store: new FileSecretStore(path, counting.codec), ...counting };
}

describe('the secret store decodes each value once', () => {
  it('many reads of values() (and get()) decode each stored key once, and hand back the same array', () => {
    const { store, decrypts, total } = storeWith({ openai: KEY_A, custom: KEY_B });
    const first = store.values();
    for (let i = 0; i < 5000; i++) expect(store.values()).toBe(first);
    for (let i = 0; i < 100; i++) expect(store.get('openai')).toBe(KEY_A);
    expect([...first].sort()).toEqual([KEY_A, KEY_B].sort());
    expect(Object.fromEntries(decrypts)).toEqual({ [KEY_A]: 1, [KEY_B]: 1 });
    expect(total()).toBe(2);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('a set or delete is seen by the next read, and decodes only what changed', () => {
    const { store, decrypts } = storeWith({ openai: KEY_A });
    expect(store.values()).toEqual([KEY_A]);
    store.set('custom', KEY_B);
    expect(store.values()).toEqual([KEY_A, KEY_B]);
    store.delete('openai');
    expect(store.values()).toEqual([KEY_B]);
    expect(store.get('openai')).toBeNull();
    // KEY_B was decoded once, on the read after it was set; KEY_A never again after the first read.
    expect(Object.fromEntries(decrypts)).toEqual({ [KEY_A]: 1, [KEY_B]: 1 });
  });

  it('a change another process makes to the file is seen by the next read', () => {
    const { path, store, codec } = storeWith({ openai: KEY_A });
    expect(store.values()).toEqual([KEY_A]);
    // Another process (the CLI beside a running app) saves a key: a second store on the same file.
    new FileSecretStore(path, codec).set('custom', KEY_B);
    expect(store.values()).toEqual([KEY_A, KEY_B]);
    expect(store.get('custom')).toBe(KEY_B);
    // And removes one.
    new FileSecretStore(path, codec).delete('openai');
    expect(store.values()).toEqual([KEY_B]);
    // A hand edit in place (same file, new content) counts too.
    writeFileSync(path, JSON.stringify({ custom: codec.encode(KEY_C) }));
    expect(store.values()).toEqual([KEY_C]);
    expect(store.get('custom')).toBe(KEY_C);
  });

  it('a key that could not be decoded (keychain locked) is scrubbed once it can be', () => {
    const path = join(tempHome(), 'secrets.json');
    let locked = true;
    const codec: SecretCodec = {
      encode: (p) => `enc:${p}`,
      decode: (s) => {
        if (locked) throw new Error('keychain locked');
        return s.slice(4);
      },
    };
    const store = new FileSecretStore(path, codec);
    store.set('openai', KEY_A);
    expect(store.values()).toEqual([]);
    expect(() => store.get('openai')).toThrow(/locked/);
    locked = false;
    expect(store.get('openai')).toBe(KEY_A);
    expect(store.values()).toEqual([KEY_A]);
  });

  it('keeps its decoded values out of JSON and out of printed objects', () => {
    const { store } = storeWith({ openai: KEY_A });
    expect(store.values()).toEqual([KEY_A]);
    expect(JSON.stringify(store)).not.toContain(KEY_A);
    expect(inspect(store, { depth: 10, showHidden: true })).not.toContain(KEY_A);
    expect(inspect(store, { depth: 10, showHidden: true })).not.toContain('enc:');
  });
});

describe('a sync of many relations reads the stored secrets at store depth', () => {
  it('decodes each key once for 20,000 wordings, and a key saved mid-sync is redacted from the next wording on', () => {
    const { store, decrypts, total } = storeWith({ openai: KEY_A });
    const send = sentWording({ secrets: store });
    const egress = new EgressFilter(() => store.values());
    const quoting = (key: string) => normalizeRelation(`deploys with ${key} daily`);
    const out: string[] = [];
    const leaving: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      if (i === 10_000) store.set('custom', KEY_B);
      out.push(send(i % 2 ? quoting(KEY_A) : quoting(KEY_B)));
      leaving.push(egress.text(`message ${i}: ${KEY_B}`));
    }
    // Before KEY_B was stored it is just words; from the wording after the save on, it is redacted.
    expect(out[9_998]).toBe(quoting(KEY_B));
    expect(out[10_000]).toBe(`deploys_with_${REDACTED}_daily`);
    expect(out.slice(10_000).every((w) => w === `deploys_with_${REDACTED}_daily`)).toBe(true);
    expect(out.filter((w, i) => i % 2 === 1).every((w) => w === `deploys_with_${REDACTED}_daily`)).toBe(true);
    expect(leaving[9_999]).toBe(`message 9999: ${KEY_B}`);
    expect(leaving[10_000]).toBe(`message 10000: ${REDACTED}`);
    // One decode per key for the whole sync, not one per wording or message.
    expect(Object.fromEntries(decrypts)).toEqual({ [KEY_A]: 1, [KEY_B]: 1 });
    expect(total()).toBe(2);
  });
});

describe("a running engine and another process's saves", () => {
  it('a key saved by another process (the CLI beside the app) is redacted from what the engine sends next', () => {
    const engine = openEngine();
    const send = sentWording(engine);
    expect(engine.egress.text(`token ${KEY_C}`)).toBe(`token ${KEY_C}`);
    new FileSecretStore(homePaths(engine.paths.root).secrets).set('mcp/tools/env/TOKEN', KEY_C, { origin: 'stdio:tools' });
    expect(engine.egress.text(`token ${KEY_C}`)).toBe(`token ${REDACTED}`);
    expect(send(normalizeRelation(`deploys with ${KEY_C} daily`))).toBe(`deploys_with_${REDACTED}_daily`);
  });
});

describe('ValuesMemo, the one cache of what is built from the values', () => {
  it('builds again only when the values change: by identity for the store, value by value for any other list', () => {
    let builds = 0;
    const memo = new ValuesMemo((v) => (builds++, v.join('+')));
    const frozen = Object.freeze([KEY_A]);
    expect(memo.get(frozen)).toBe(KEY_A);
    expect(memo.get(frozen)).toBe(KEY_A);
    expect(memo.get([KEY_A])).toBe(KEY_A);
    expect(builds).toBe(1);
    // A list changed in place is seen (it was copied, not kept by reference).
    const list = [KEY_A];
    memo.get(list);
    list.push(KEY_B);
    expect(memo.get(list)).toBe(`${KEY_A}+${KEY_B}`);
    // A NUL inside a value cannot make two different sets look alike.
    expect(memo.get(['a\u0000b'])).toBe('a\u0000b');
    expect(memo.get(['a', 'b'])).toBe('a+b');
    expect(builds).toBe(4);
  });
});

describe("a sync's writers use the engine's one compiled set of the stored values", () => {
  it('chats arriving from another device: the stored values are compiled once, not once a chat, and a key saved mid-sync is redacted from the next chat', () => {
    // No key's shape: only the stored value can tell it is a secret (the sanitizer's shapes cannot).
    const TOKEN = 'garden-lamp-7731-orchid-quiet';
    const engine = openEngine();
    engine.secrets.set('custom', KEY_A);
    const port = chatSyncPort(engine);
    const state = (title: string) => ({ agentId: 'default', title, titleSource: 'person' as const, projectKey: null, incognito: false, createdAt: '2026-03-01T09:00:00.000Z', chatModel: null, settings: {} });
    const compiles = vi.spyOn(KnownSecrets, 'from');
    try {
      for (let i = 0; i < 100; i++) {
        if (i === 50) engine.secrets.set('other', TOKEN);
        expect(port.writeState(`chat-${i}`, state(`Keys ${KEY_A} and ${TOKEN}`), 'device-x')).toEqual([]);
      }
      // Once for the first chat, once after the second key was saved: not a hundred times.
      expect(compiles.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      compiles.mockRestore();
    }
    const title = (i: number) => engine.sessions.get(`chat-${i}`).title;
    expect(title(49)).toBe(`Keys ${REDACTED} and ${TOKEN}`);
    expect(title(50)).toBe(`Keys ${REDACTED} and ${REDACTED}`);
  });
});

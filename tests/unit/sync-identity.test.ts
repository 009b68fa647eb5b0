// Issue 30 §2, identity files in the sync room: two real homes, documents exchanged in memory. An edit on
// A reaches B through the core-file editor's path (History says it came by sync); edits on both while
// apart: the later edit stands on both and the other stays in the document; a text this home would have
// asked the person to confirm is refused, reported, and not sent back.
import { utimesSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { identitySyncPort } from '../../src/main/engine-sync-identity';
import { identityKind, identityVersionsOf, resolveIdentity } from '../../src/main/sync/identity-bridge';
import { agentsKind, agentVersionsOf } from '../../src/main/sync/agents-bridge';
import { agentsSyncPort } from '../../src/main/engine-sync-agents';
import { openEngine } from '../helpers/temp-home';
import { device, exchange, syncKind, type Device } from '../helpers/sync-devices';

const kindOf = (d: Device) => identityKind(identitySyncPort(d.engine));
const sync = (d: Device) => syncKind(d, kindOf(d));
const PERSON = { actor: 'person' as const, source: { via: 'app' as const } };

/** Saves a file as the core-file editor does, dated (its modification time) at `iso`. */
function save(engine: Engine, kind: 'user' | 'soul', text: string, iso: string, confirm = false): void {
  const path = engine.facts.identity.write(kind, text, { agentId: kind === 'soul' ? 'default' : undefined, by: PERSON, confirm }).path;
  const t = new Date(iso);
  utimesSync(path, t, t);
}
const text = (engine: Engine, kind: 'user' | 'soul') => engine.facts.identity.view(kind, kind === 'soul' ? 'default' : undefined).content;

describe('identity files between two homes', () => {
  it("an edit on A appears on B through the editor's path, History says on another device; nothing is sent back", () => {
    const A = device(openEngine(), 'device-a');
    const B = device(openEngine(), 'device-b');
    save(A.engine, 'user', 'Name: Ada\nKeeps bees on a roof in Lyon.\n', '2026-03-01T10:00:00Z');
    save(A.engine, 'soul', 'Calm and brief. Asks before assuming.\n', '2026-03-01T10:00:00Z');
    expect(sync(A).sent).toBe(2);
    exchange(A, B);
    expect(sync(B).received).toBe(2);
    expect(text(B.engine, 'user')).toBe('Name: Ada\nKeeps bees on a roof in Lyon.\n');
    expect(text(B.engine, 'soul')).toBe('Calm and brief. Asks before assuming.\n');
    const entry = B.engine.journal.list({}).entries.find((e) => e.action === 'identity.saved' && e.summary.includes('USER.md'));
    expect(entry).toMatchObject({ actor: 'person', source: { via: 'sync', detail: 'from device device-a' } });

    // An edit on B goes back to A; then nothing moves.
    save(B.engine, 'user', 'Name: Ada\nKeeps bees in Lyon and in the Drôme.\n', '2026-03-02T10:00:00Z');
    expect(sync(B).sent).toBe(1);
    exchange(A, B);
    expect(sync(A).received).toBe(1);
    expect(text(A.engine, 'user')).toContain('Drôme');
    exchange(A, B);
    expect([sync(A), sync(B)].map((r) => r.sent + r.received)).toEqual([0, 0]);
  });

  it("a device joining the home later does not replace the home's file with its own newer one; its text stays in the document", () => {
    const A = device(openEngine(), 'device-a');
    save(A.engine, 'user', 'Name: Ada\nKeeps bees on a roof in Lyon.\n', '2026-03-01T10:00:00Z');
    sync(A);
    // B was set up later and wrote its own USER.md then (dated after A's edit), before it ever synced.
    const B = device(openEngine(), 'device-b');
    save(B.engine, 'user', 'Name: (not set)\n', '2026-11-30T10:00:00Z');
    exchange(A, B);
    sync(B);
    exchange(A, B);
    sync(A);
    for (const e of [A.engine, B.engine]) expect(text(e, 'user')).toBe('Name: Ada\nKeeps bees on a roof in Lyon.\n');
    const doc = B.docs.get('identity/USER.md')!;
    expect([...identityVersionsOf(doc).values()].map((v) => v.text)).toContain('Name: (not set)\n');
  });

  it('a file removed on A is removed on B, through the same path (History says so)', () => {
    const A = device(openEngine(), 'device-a');
    const B = device(openEngine(), 'device-b');
    save(A.engine, 'soul', 'Dry humour.\n', '2026-03-01T10:00:00Z');
    sync(A);
    exchange(A, B);
    sync(B);
    A.engine.facts.identity.remove('soul', { agentId: 'default', by: PERSON });
    expect(sync(A).sent).toBe(1);
    exchange(A, B);
    expect(sync(B).forgotten).toBe(1);
    expect(B.engine.facts.identity.view('soul', 'default').exists).toBe(false);
    expect(B.engine.journal.list({}).entries[0]).toMatchObject({ action: 'identity.saved', summary: 'Removed SOUL.md', source: { via: 'sync' } });
    exchange(A, B);
    expect([sync(A), sync(B)].map((r) => r.sent)).toEqual([0, 0]);
  });

  it('edited on both while apart: the later edit stands on both, whichever syncs first; the other is kept in the document', () => {
    for (const laterSyncsFirst of [true, false]) {
      const A = device(openEngine(), 'device-a');
      const B = device(openEngine(), 'device-b');
      save(A.engine, 'user', 'Name: Ada\n', '2026-03-01T10:00:00Z');
      sync(A);
      exchange(A, B);
      sync(B);
      // Apart: A edits at noon, B in the evening (B's is the later edit, whatever order they sync in).
      save(A.engine, 'user', 'Name: Ada (laptop edit)\n', '2026-03-02T12:00:00Z');
      save(B.engine, 'user', 'Name: Ada (desktop edit)\n', '2026-03-02T18:00:00Z');
      const [first, second] = laterSyncsFirst ? [B, A] : [A, B];
      sync(first);
      exchange(A, B);
      sync(second);
      exchange(A, B);
      sync(first);
      for (const d of [A, B]) expect(text(d.engine, 'user')).toBe('Name: Ada (desktop edit)\n');
      const versions = [...identityVersionsOf(A.docOf('identity/USER.md')).values()];
      const r = resolveIdentity(versions)!;
      expect(r.heads.map((v) => v.text)).toEqual(['Name: Ada (desktop edit)\n', 'Name: Ada (laptop edit)\n']);
      exchange(A, B);
      expect([sync(A), sync(B)].map((x) => x.sent)).toEqual([0, 0]);
    }
  });

  it("a text with a stored secret in it is refused here, reported, and not sent back as this device's", () => {
    const A = device(openEngine(), 'device-a');
    const B = device(openEngine(), 'device-b');
    const key = 'sk-proj-' + 'Q7x'.repeat(20);
    B.engine.secrets.set('openai', key);
    // Saved on A with the editor's "save anyway": B holds no such confirmation and refuses it.
    save(A.engine, 'user', `Name: Ada\nmy key ${key}\n`, '2026-03-01T10:00:00Z', true);
    sync(A);
    exchange(A, B);
    const r = sync(B);
    expect(r.received).toBe(0);
    expect(r.refused.map((x) => x.reason).join()).toMatch(/USER\.md from device device-a was not saved here/);
    expect(B.engine.facts.identity.view('user').exists).toBe(false);
    exchange(A, B);
    expect(sync(B).sent).toBe(0);
  });
});

describe('identity and agents documents with records of an unknown shape', () => {
  it('skips them: the sync goes on and they never stand', () => {
    const kind = identityKind;
    const A = device(openEngine(), 'device-a');
    const B = device(openEngine(), 'device-b');
    save(A.engine, 'user', 'Name: Ada\n', '2026-03-01T10:00:00Z');
    syncKind(A, kind(identitySyncPort(A.engine)));
    exchange(A, B);
    const versions = identityVersionsOf(B.docOf('identity/USER.md')) as unknown as { set(k: string, v: unknown): void };
    versions.set('odd', { id: 'odd', parents: 'none', text: 'Name: Mallory\n', at: '2099-01-01T00:00:00Z', device: 'zz' });
    versions.set('odd2', { id: 'odd2', parents: [], text: { html: true }, at: '2099-01-01T00:00:00Z', device: 'zz' });
    (agentVersionsOf(B.docOf('agents/all')) as unknown as { set(k: string, v: unknown): void }).set('odd', { id: 'odd', agentId: 7, parents: [], value: 'x', at: '2099', device: 'zz' });
    expect(syncKind(B, kind(identitySyncPort(B.engine))).received).toBe(1);
    expect(text(B.engine, 'user')).toBe('Name: Ada\n');
    expect(syncKind(B, agentsKind(agentsSyncPort(B.engine))).refused).toEqual([]);
    expect(B.engine.agents.list().map((a) => a.id)).toEqual(['default']);
  });
});

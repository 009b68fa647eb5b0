// Attachments carried by export/import and by backups (issue 29 §1). An archive's files are untrusted:
// their bytes must match their hash and pass the same checks as a file attached in the app; an archive
// without files (every v2 archive written before) imports as before.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { makePdf } from '../helpers/pdf';
import { openEngine, tempHome } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64');

async function chatWithFiles(engine: Engine) {
  useScriptedModel(engine, llm);
  const session = engine.sessions.create({ agentId: 'default', title: 'files' });
  const notes = await engine.attachments.add('notes.md', b64('The vault code word is marzipan.'));
  const pdf = await engine.attachments.add('minutes.pdf', b64(await makePdf([['Minutes'], ['Vendor chosen: Xylophonics.']])));
  llm.enqueue({ kind: 'text', text: 'Read.' });
  await engine.chat.send(session.id, 'two files', { attachments: [{ id: notes.id, name: 'notes.md' }, { id: pdf.id, name: 'minutes.pdf' }] });
  return { session, notes, pdf };
}

describe('attachments in export and import', () => {
  it('round-trips a message’s files: bytes, names, order, PDF text, and search', async () => {
    const a = openEngine();
    const { session, notes, pdf } = await chatWithFiles(a);
    const text = a.transfer.exportText();
    const b = openEngine();
    const report = b.transfer.importText(text);
    expect(report.warnings.filter((w) => /attached file/.test(w))).toEqual([]);
    const user = b.messages.list(session.id).items.find((m) => m.role === 'user')!;
    expect(user.attachments?.map((x) => [x.id, x.name, x.kind, x.pages])).toEqual([
      [notes.id, 'notes.md', 'text', null],
      [pdf.id, 'minutes.pdf', 'pdf', 2],
    ]);
    expect(readFileSync(join(b.paths.attachments, pdf.id)).equals(readFileSync(join(a.paths.attachments, pdf.id)))).toBe(true);
    expect(b.attachments.preview(pdf.id, 'minutes.pdf').text).toContain('Vendor chosen: Xylophonics.');
    expect(b.search.search({ query: 'marzipan' }).messages.map((m) => m.messageId)).toContain(user.id);
  });

  it('leaves out a file whose bytes do not match its hash, or that is not a readable type, and says so', async () => {
    const a = openEngine();
    const { session } = await chatWithFiles(a);
    const doc = JSON.parse(a.transfer.exportText());
    const msg = doc.sessions[0].messages.find((m: { role: string }) => m.role === 'user');
    msg.attachments[0].data = [b64('The vault code word is something else.')]; // hash no longer matches
    const exe = Uint8Array.from([0x4d, 0x5a, 0, 0]);
    msg.attachments.push({ name: 'tool.exe', sha256: createHash('sha256').update(exe).digest('hex'), data: [b64(exe)] });
    const b = openEngine();
    const report = b.transfer.importText(JSON.stringify(doc));
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^The attached file notes\.md \(file 1 of message .* at sessions\[0\]\) was left out: notes\.md: its bytes do not match the hash/),
        expect.stringMatching(/^The attached file tool\.exe .* was left out: tool\.exe is not a file Monad can read/),
      ]),
    );
    const user = b.messages.list(session.id).items.find((m) => m.role === 'user')!;
    expect(user.content).toBe('two files');
    expect(user.attachments?.map((x) => x.name)).toEqual(['minutes.pdf']);
  });

  it('imports an archive without attachments as before', async () => {
    const a = openEngine();
    useScriptedModel(a, llm);
    const s = a.sessions.create({ agentId: 'default', title: 'plain' });
    llm.enqueue({ kind: 'text', text: 'Hi.' });
    await a.chat.send(s.id, 'hello');
    const text = a.transfer.exportText();
    expect(text).not.toContain('"attachments"');
    const b = openEngine();
    b.transfer.importText(text);
    expect(b.messages.list(s.id).items.map((m) => [m.role, m.content, m.attachments])).toEqual([
      ['user', 'hello', undefined],
      ['assistant', 'Hi.', undefined],
    ]);
  });
});

describe('attachments in backups', () => {
  it('a backup set carries the attachments folder, and a restore brings the files back', async () => {
    const home = tempHome();
    let engine = Engine.open({ home, host: 'server', backgroundJobs: false });
    const { session, notes } = await chatWithFiles(engine);
    const info = await engine.backups.create('manual');
    const setDir = join(home, 'backups', info.name);
    expect(existsSync(join(setDir, 'home', 'attachments', notes.id))).toBe(true);
    engine.backups.stageRestore(info.name);
    engine.close();
    rmSync(join(home, 'attachments'), { recursive: true, force: true }); // lost since the backup
    engine = openEngine({ home, backgroundJobs: false });
    expect(engine.attachments.preview(notes.id, 'notes.md').text).toBe('The vault code word is marzipan.');
    expect(engine.messages.list(session.id).items.find((m) => m.role === 'user')!.attachments).toHaveLength(2);
  });
});

describe('attachments when a chat is deleted', () => {
  it('its files leave the home, unless another chat still carries the same bytes', async () => {
    const engine = openEngine();
    const { session, notes, pdf } = await chatWithFiles(engine);
    // Another chat carries the same notes (same bytes, another name).
    const other = engine.sessions.create({ agentId: 'default', title: 'other' });
    llm.enqueue({ kind: 'text', text: 'Again.' });
    await engine.chat.send(other.id, 'the notes again', { attachments: [{ id: notes.id, name: 'copy.md' }] });
    await engine.deleteSession(session.id);
    expect(existsSync(join(engine.paths.attachments, pdf.id))).toBe(false);
    expect(engine.appDb.prepare('SELECT count(*) FROM attachments WHERE id = ?').pluck().get(pdf.id)).toBe(0);
    expect(existsSync(join(engine.paths.attachments, notes.id))).toBe(true);
    expect(engine.attachments.preview(notes.id, 'copy.md').text).toBe('The vault code word is marzipan.');
  });
});

describe('attachments never sent', () => {
  it('leave the home a day after they were attached; sent ones stay', async () => {
    const home = tempHome();
    let now = new Date('2026-03-01T10:00:00Z');
    let engine = Engine.open({ home, host: 'server', backgroundJobs: false, now: () => now });
    const { notes } = await chatWithFiles(engine); // sent
    const draft = await engine.attachments.add('draft.txt', b64('never sent'));
    engine.close();
    now = new Date('2026-03-01T20:00:00Z'); // the same day: the draft's file waits
    engine = Engine.open({ home, host: 'server', backgroundJobs: false, now: () => now });
    expect(existsSync(join(engine.paths.attachments, draft.id))).toBe(true);
    engine.close();
    now = new Date('2026-03-02T11:00:00Z');
    engine = openEngine({ home, backgroundJobs: false, now: () => now });
    expect(existsSync(join(engine.paths.attachments, draft.id))).toBe(false);
    expect(existsSync(join(engine.paths.attachments, notes.id))).toBe(true);
  });
});

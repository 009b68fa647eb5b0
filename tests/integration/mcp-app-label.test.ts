// Every label names the app (issue 27 §3, last gap): a fact an MCP app wrote is "via Claude Desktop" —
// the name the person gave the app's key in Settings — on the receipt line of the write, in the Memory
// tab, in the recall block's mark and in the MCP results. Before, the receipt line said "via an app".
// Driven by the MCP SDK's own Client over Streamable HTTP, against the desktop listener of a temp home.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeOf } from '../../src/main/chat/turn-receipt';
import type { Engine } from '../../src/main/engine';
import { originMark } from '../../src/main/memory/inbox/origin-marks';
import { whoLabel } from '../../src/renderer/src/features/history/format';
import type { JournalEntry } from '../../src/shared/journal';
import { memoryLabel } from '../../src/shared/memory-label';
import { originClassLabel } from '../../src/shared/origin-class';
import { memoryChangeSchema } from '../../src/shared/receipt';
import { resultText } from '../helpers/mcp-seed';
import { freePort } from '../helpers/ports';
import { openEngine } from '../helpers/temp-home';

vi.setConfig({ testTimeout: 60_000 });

const APP = 'Claude Desktop';
let client: Client | null = null;
let engine: Engine | null = null;

afterEach(async () => {
  await client?.close();
  await engine?.mcpHttp.stop();
  client = null;
  engine = null;
});

describe('an MCP app is named wherever its write is labelled', () => {
  it('the receipt line, the Memory tab, the recall mark and the MCP result all say "via Claude Desktop"', async () => {
    const e = (engine = openEngine());
    const { key } = e.mcpClients.add({ label: APP, access: 'write' });
    const port = await freePort();
    e.config.update((c) => ({ ...c, integrations: { mcpHttp: { enabled: true, port } } }));
    await e.mcpHttp.start();
    // The app calls itself something else: the label is the person's name for it, never the app's own claim.
    client = new Client({ name: 'claude-ai', version: '1.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));

    const written: JournalEntry[] = [];
    const stop = e.journal.onAppend((entry) => written.push(entry));
    const r = await client.callTool({ name: 'facts_record', arguments: { text: 'The user keeps bees on the roof' } });
    stop();
    expect(r.isError).toBeFalsy();

    // The receipt line of the write, read back through the receipt schema, as the chat shows it.
    const entry = written.find((w) => w.action === 'fact.recorded')!;
    const line = memoryChangeSchema.parse(changeOf(entry));
    expect(line).toMatchObject({ kind: 'remembered', origin: 'app', app: APP });
    const receiptSays = memoryLabel({ origin: 'origin' in line ? line.origin : null, app: 'app' in line ? line.app : null }).origin;
    expect(receiptSays).toBe(`via ${APP}`);

    // The Memory tab's chip, from the fact as the contract lists it.
    const fact = e.facts.list('global').facts.find((f) => f.text === 'The user keeps bees on the roof')!;
    expect(fact.originClass).toBe('app');
    expect(originClassLabel(fact.originClass!, fact.source.actor === 'mcp' ? fact.source.detail : null)).toBe(receiptSays);
    // The recall block's mark.
    expect(originMark(fact.source, [], null)).toBe(receiptSays);
    // What an app reading memory is told.
    const listed = resultText(await client.callTool({ name: 'facts_view', arguments: { scope: 'global' } }));
    expect(listed).toContain(receiptSays);
    // History names the same app.
    expect(whoLabel(e.history.list({ actor: 'mcp' }).entries[0])).toContain(APP);
  });
});

// Settings → Data: sizes, the import report rows, an export's contents, the position of a problem read
// from the engine's BAD_INPUT details, and the store refusing a file too large (or empty) before reading it.
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/shared/domain';
import { addedTotal, cleanedLine, contentsLine, exportContents, flaggedLine, formatBytes, problemPosition, reportHeadline, reportRows } from '../../src/renderer/src/features/data/format';

const report = (over: Partial<ImportReport> = {}): ImportReport => ({
  format: 'transcript',
  agents: { added: 0 },
  sessions: { added: 0, skipped: 0 },
  messages: { added: 0, skipped: 0 },
  facts: { added: 0, skipped: 0 },
  identity: { pending: 0, unchanged: 0 },
  graph: { nodes: 0, edges: 0 },
  laws: { added: 0, skipped: 0 },
  cleaned: { redactions: 0, strippedChars: 0 },
  refused: [],
  refusedTotal: 0,
  leftOut: [],
  pendingIdentity: [],
  warnings: [],
  ...over,
});

describe('data section formatting', () => {
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(512 * 1024 * 1024)).toBe('512 MB');
    expect(formatBytes(600 * 1024 * 1024)).toBe('600 MB');
  });

  it('reads the position of a problem from both kinds of details', () => {
    expect(problemPosition({ line: 4, column: 3 })).toEqual({ where: 'Line 4, column 3', issues: [] });
    const p = problemPosition({ path: 'sessions[0].messages[1].role', issues: [{ path: 'sessions[0].messages[1].role', message: 'Invalid option' }] });
    expect(p?.where).toBe('sessions[0].messages[1].role');
    expect(p?.issues).toHaveLength(1);
    expect(problemPosition(undefined)).toBeNull();
    expect(problemPosition({ something: 1 })).toBeNull();
  });

  it('shows chats and messages always and other kinds when touched', () => {
    const r = report({ sessions: { added: 2, skipped: 1 }, messages: { added: 5, skipped: 0 }, facts: { added: 0, skipped: 3 } });
    expect(reportRows(r).map((x) => x.kind)).toEqual(['Chats', 'Messages', 'Facts']);
    expect(reportHeadline(r)).toBe('Added 2 chats, 5 messages');
    expect(addedTotal(report())).toBe(0);
    expect(reportHeadline(report())).toMatch(/^Nothing new/);
  });

  it('says what waits for review and what was cleaned', () => {
    const r = report({ identity: { pending: 2, unchanged: 1 } });
    expect(reportHeadline(r)).toBe('Added 0 chats, 0 messages; 2 identity files to review');
    expect(reportRows(r).find((x) => x.kind === 'Identity files to review')).toEqual({ kind: 'Identity files to review', added: 2, skipped: 1 });
    expect(addedTotal(r)).toBe(2);
    expect(cleanedLine({ redactions: 1, strippedChars: 3 })).toBe('1 secret redacted, 3 invisible characters removed');
    expect(cleanedLine({ redactions: 0, strippedChars: 0 })).toBeNull();
    expect(flaggedLine({ instruction: 2, secret: 1 })).toBe('2 instruction-shaped lines · 1 line with a redacted secret');
  });

  it('counts what an export holds, and survives text that is not an archive', () => {
    const text = JSON.stringify({
      format: 'monad-export',
      config: { agent: { agents: [{ id: 'default' }] } },
      identity: { 'core/USER.md': 'x' },
      facts: { global: ['a', 'b'], 'agent:default': ['c'] },
      sessions: [{ messages: [{}, {}] }, { messages: [{}] }],
      graph: { nodes: [{}, {}], edges: [{}] },
      laws: [],
    });
    const c = exportContents(text);
    expect(c).toEqual({ agents: 1, sessions: 2, messages: 3, facts: 3, identity: 1, nodes: 2, edges: 1, laws: 0 });
    expect(contentsLine(c!)).toEqual(['2 chats', '3 messages', '3 facts', '1 identity file', '2 entities', '1 relation', '1 agent']);
    expect(exportContents('not json')).toBeNull();
    expect(exportContents('[1,2]')).toBeNull();
  });
});

describe('data section import limits', () => {
  it('refuses a file over the contract limit before reading it, saying how big it is', async () => {
    const { useData } = await import('../../src/renderer/src/features/data/store');
    const big = { name: 'huge.json', size: 600 * 1024 * 1024 } as File;
    await useData.getState().importFile(big);
    const state = useData.getState().importing;
    expect(state.phase).toBe('error');
    if (state.phase !== 'error') return;
    expect(state.code).toBe('PAYLOAD_TOO_LARGE');
    expect(state.message).toContain('huge.json is 600 MB');
    expect(state.message).toContain('up to 512 MB');

    await useData.getState().importFile({ name: 'empty.json', size: 0 } as File);
    expect(useData.getState().importing).toMatchObject({ phase: 'error', code: 'BAD_INPUT', message: 'empty.json is empty.' });
  });
});

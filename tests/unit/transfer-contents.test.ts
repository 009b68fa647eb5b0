// The Data pane's summary of an archive before import counts a v2 archive's facts (scope → { facts,
// versions }) as it counts v1's (scope → texts): a v2 file once showed "0 facts".
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/shared/domain';
import { exportContents, reportRows } from '../../src/renderer/src/features/data/format';

describe('archive contents', () => {
  it('counts the current facts of a v2 archive, not its earlier texts', () => {
    const text = JSON.stringify({
      format: 'monad-export',
      version: 2,
      facts: { global: { facts: [{ id: 'a' }, { id: 'b' }], versions: [{ id: 'c' }] }, 'agent:default': { facts: [{ id: 'd' }], versions: [] } },
      sessions: [],
    });
    expect(exportContents(text)?.facts).toBe(3);
  });

  it('shows the History and Inbox rejections a v2 import brought', () => {
    const base = { format: 'export', agents: { added: 0 }, sessions: { added: 0, skipped: 0 }, messages: { added: 0, skipped: 0 }, facts: { added: 0, skipped: 0 }, identity: { pending: 0, unchanged: 0 }, graph: { nodes: 0, edges: 0 }, laws: { added: 0, skipped: 0 }, cleaned: { redactions: 0, strippedChars: 0 }, refused: [], refusedTotal: 0, leftOut: [], pendingIdentity: [], warnings: [] } satisfies ImportReport;
    const rows = reportRows({ ...base, history: { added: 12, skipped: 3 }, inbox: { rejections: 2 } });
    expect(rows).toEqual(expect.arrayContaining([{ kind: 'History entries', added: 12, skipped: 3 }, { kind: 'Inbox rejections', added: 2, skipped: null }]));
    expect(reportRows(base).map((r) => r.kind)).not.toContain('History entries');
    // Cross-layer proposals brought in as pending are counted where the person will decide them.
    expect(reportRows({ ...base, inbox: { rejections: 0, links: 2 } })).toEqual(expect.arrayContaining([{ kind: 'Inbox proposals to decide', added: 2, skipped: null }]));
  });
});

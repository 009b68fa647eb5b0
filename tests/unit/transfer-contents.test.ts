// The Data pane's summary of an archive before import counts a v2 archive's facts (scope → { facts,
// versions }) as it counts v1's (scope → texts): a v2 file once showed "0 facts".
import { describe, expect, it } from 'vitest';
import { exportContents } from '../../src/renderer/src/features/data/format';

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
});

// History entries about the graph and laws name rows by the file's ids: an imported entry keeps only ids
// that map to rows this import brought, and is left out otherwise (journal-remap.ts).
import { describe, expect, it } from 'vitest';
import type { ImportedIds } from '../../src/main/transfer/imported-ids';
import { JournalRemap, Unmapped } from '../../src/main/transfer/journal-remap';

const ids: ImportedIds = {
  nodes: new Map([
    [1, 101],
    [2, 102],
  ]),
  edges: new Map([[7, { id: 207, scope: 'global' }]]),
  laws: new Map([[3, 303]]),
};
const facts = new Map([['global\nabcabcabcabc', 'defdefdefdef']]);

describe('History ids through an import', () => {
  const remap = new JournalRemap(ids, facts);

  it('maps items by kind, and fact ids only where cleaning changed the text', () => {
    expect(remap.item('relation:7', 'global')).toBe('relation:207');
    expect(remap.item('entity:2', 'global')).toBe('entity:102');
    expect(remap.item('law:3', 'global')).toBe('law:303');
    expect(remap.item('fact:abcabcabcabc', 'global')).toBe('fact:defdefdefdef');
    expect(remap.item('fact:0123456789ab', 'global')).toBe('fact:0123456789ab');
  });

  it('maps the ids inside relation, entity and law snapshots', () => {
    const edge = { id: 7, scope: 'global', src: 1, dst: 2, relation: 'lives_in', supersededBy: null, mergedInto: null, text: 'Ana lives in Porto' };
    expect(remap.payload('graph', edge)).toMatchObject({ id: 207, src: 101, dst: 102 });
    expect(remap.payload('graph', { id: 2, scope: 'global', name: 'Porto', removed: { at: 'x', by: 'person', mergedInto: 1 } })).toMatchObject({ id: 102, removed: { mergedInto: 101 } });
    expect(remap.payload('laws', { id: 3, scope: 'global', statement: 'Ana visits often', support: ['edge:7', 'fact:abcabcabcabc'] })).toMatchObject({
      id: 303,
      support: ['edge:207', 'fact:defdefdefdef'],
    });
  });

  it('refuses an entry naming a row that did not come in', () => {
    expect(() => remap.item('relation:8', 'global')).toThrow(Unmapped);
    expect(() => remap.item('identity:core/USER.md', 'global')).toThrow(Unmapped);
    expect(() => remap.payload('graph', { id: 7, src: 1, dst: 9, relation: 'x' })).toThrow(Unmapped);
    expect(() => remap.payload('laws', { id: 3, statement: 's', support: ['edge:99'] })).toThrow(Unmapped);
  });
});

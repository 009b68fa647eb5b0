// The Graph tab's view of a scope: an entity without relations carries when it was learned (and only such
// an entity, to keep the snapshot small), and is drawn from that moment on.
import { describe, expect, it } from 'vitest';
import { toGraphView } from '../../src/main/memory/graph/graph-view';
import { buildModel, visibleAt } from '../../src/renderer/src/features/graph/model';

describe('graph view', () => {
  it('an entity without relations is shown from when it was learned; the others while a relation of theirs holds', () => {
    const view = toGraphView({
      scope: 'agent:a',
      truncated: false,
      nodes: [
        { id: 1, scope: 'agent:a', name: 'User', type: 'person', summary: 'x', degree: 1, since: '2026-01-01T00:00:00.000Z' },
        { id: 2, scope: 'agent:a', name: 'Porto', type: 'place', summary: '', degree: 1, since: '2026-01-01T00:00:00.000Z' },
        { id: 3, scope: 'agent:a', name: 'Dune', type: 'book', summary: 'A novel', degree: 0, since: '2026-03-01T00:00:00.000Z' },
      ],
      edges: [{ id: 9, scope: 'agent:a', src: 1, dst: 2, relation: 'lives_in', provClass: 'user', validFrom: '2026-02-01T00:00:00.000Z', validTo: null, support: ['m1'] }],
    });
    expect(view.nodes).toEqual([
      { id: 1, name: 'User', type: 'person', degree: 1 },
      { id: 2, name: 'Porto', type: 'place', degree: 1 },
      { id: 3, name: 'Dune', type: 'book', degree: 0, since: '2026-03-01T00:00:00.000Z' },
    ]);
    const model = buildModel(view);
    expect([...visibleAt(model, Date.parse('2026-01-15'), false).nodes]).toEqual([]);
    expect([...visibleAt(model, Date.parse('2026-02-15'), false).nodes].sort()).toEqual([1, 2]);
    expect([...visibleAt(model, Date.parse('2026-03-15'), false).nodes].sort()).toEqual([1, 2, 3]);
  });
});

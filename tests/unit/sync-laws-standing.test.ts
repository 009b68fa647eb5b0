// Issue 30 §3, which of a law's records stands (laws-standing.ts): the person's latest decision; a removal by
// re-derivation only over the decisions its device had seen; the same answer whatever order the records come in.
import { describe, expect, it } from 'vitest';
import { standingOf, type LawRecord } from '../../src/main/sync/laws-standing';

const law = (over: Partial<LawRecord>): LawRecord => ({
  key: 'k',
  statement: 'The user bakes bread',
  derivedStatement: null,
  confidence: 0.8,
  support: [],
  origin: 'inference',
  status: 'active',
  rejectedReason: null,
  pinned: false,
  decidedAt: '2026-04-01T10:00:00.000Z',
  device: 'a',
  ...over,
});

const orders = <T>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest])));

describe('which record of a law stands', () => {
  const unpinned = law({ decidedAt: '2026-04-01T10:00:00.000Z', device: 'b' });
  const pinnedApart = law({ pinned: true, decidedAt: '2026-04-01T11:00:00.000Z', device: 'a' });
  const dropped = law({ status: 'removed', removedBy: 'derivation', basis: unpinned.decidedAt, decidedAt: '2026-04-01T12:00:00.000Z', device: 'b' });

  it('a re-derivation that had not seen the person\'s later decision loses to it, in any order', () => {
    for (const o of orders([unpinned, pinnedApart, dropped])) expect(standingOf(o)).toBe(pinnedApart);
  });

  it('a re-derivation that had seen the person\'s latest decision stands, in any order', () => {
    for (const o of orders([unpinned, dropped])) expect(standingOf(o)).toBe(dropped);
  });

  it('among the person\'s decisions the latest stands, then the device id', () => {
    const same = law({ status: 'rejected', decidedAt: pinnedApart.decidedAt, device: 'c' });
    for (const o of orders([unpinned, pinnedApart, same])) expect(standingOf(o)).toBe(same);
    const removedByPerson = law({ status: 'removed', removedBy: 'person', decidedAt: '2026-04-01T13:00:00.000Z' });
    expect(standingOf([pinnedApart, removedByPerson])).toBe(removedByPerson);
  });
});

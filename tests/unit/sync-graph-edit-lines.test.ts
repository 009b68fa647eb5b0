// The rules graph-edits.ts decides on one document's edit records (issue 30 §3), whatever order they arrived
// in: an undone close beats the ends made before it and gives way to an end made after it, and is not applied
// as an edit that makes the relation the person's; a retraction and a correction of one relation made apart
// are judged by time, the retraction following the relation through its rewording.
import { describe, expect, it } from 'vitest';
import { closeReopens, correctedAfter, editLines, endOverridden, linePatch } from '../../src/main/sync/graph-edits';
import type { SyncedEnd, SyncedRelationEdit } from '../../src/main/sync/graph-ports';

type Edit = SyncedRelationEdit & { device: string };
const at = (minute: number) => `2026-06-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const reopen = (minute: number, device = 'dev-a'): Edit => ({ from: 'k1', to: 'k1', relation: 'lives_in', validFrom: at(0), validTo: null, changed: ['validTo'], at: at(minute), undo: true, closeUndone: true, device });
const reword = (minute: number, device = 'dev-b'): Edit => ({ from: 'k1', to: 'k2', relation: 'employed_by', validFrom: at(0), validTo: null, changed: ['relation'], at: at(minute), device });
const end = (minute: number, person = false): SyncedEnd => ({ key: 'k1', validTo: at(30), at: at(minute), person });
const lineOf = (...edits: Edit[]) => editLines(edits).get('k1')!;

describe('graph sync edit lines: a close undone', () => {
  it('beats every end made before it, derived or the person\'s, and gives way to one made after it', () => {
    const line = lineOf(reopen(10));
    for (const e of [end(5), end(5, true), end(10)]) expect(endOverridden(e, line)).toBe(true);
    for (const e of [end(11), end(11, true)]) expect(endOverridden(e, line)).toBe(false);
    expect(closeReopens(line, new Map([['k1', end(5)]]))).toMatchObject({ at: at(10), device: 'dev-a' });
    expect(closeReopens(line, new Map([['k1', end(11)]]))).toBeNull();
  });

  it('is not an edit of the end: the relation is re-opened as derived, never made the person\'s', () => {
    expect(linePatch(lineOf(reopen(10)), new Map())).toEqual({});
    // The person's own "still holds" is an edit: it beats a derived end made after it, and sets the end.
    const stillHolds: Edit = { ...reopen(10), undo: undefined, closeUndone: undefined };
    expect(endOverridden(end(11), lineOf(stillHolds))).toBe(true);
    expect(linePatch(lineOf(stillHolds), new Map())).toEqual({ validTo: null });
  });

  it('a later edit of the end stands over it (and the other way round)', () => {
    const ended: Edit = { ...reopen(12, 'dev-b'), validTo: at(20), undo: undefined, closeUndone: undefined };
    expect(closeReopens(lineOf(reopen(10), ended), new Map())).toBeNull();
    expect(closeReopens(lineOf(ended, reopen(14)), new Map())).toMatchObject({ at: at(14) });
  });
});

describe('graph sync edit lines: a retraction against a correction made apart', () => {
  it('the later of the two stands, under any key of the line; the device breaks a tie the same way everywhere', () => {
    const line = lineOf(reword(10));
    expect(line.keys).toEqual(new Set(['k1', 'k2']));
    expect(correctedAfter(line, { at: at(9), device: 'dev-a' })).toBe(true);
    expect(correctedAfter(line, { at: at(11), device: 'dev-a' })).toBe(false);
    expect(correctedAfter(line, { at: at(10), device: 'dev-a' })).toBe(true);
    expect(correctedAfter(line, { at: at(10), device: 'dev-c' })).toBe(false);
    expect(correctedAfter(undefined, { at: at(1), device: 'dev-a' })).toBe(false);
  });
});

// Issue 30 §3 against each engine's own merge: two devices edit the same fact while apart, then meet.
// Questions: which edit does the engine keep, is it the later one, is the other still anywhere (document,
// history), and what happens to an edit made while the other device forgot the fact? Then the layout Monad
// would use instead — every version an add-only record naming its parent — and the rule over it.
// Pure library calls, no network: merge semantics do not depend on the transport.
import * as A from '@automerge/automerge';
import * as Y from 'yjs';
import { resolveFact, versionId, type FactVersion } from '../../src/main/sync/fact-log';

interface Rec {
  text: string;
  at: string;
}
type Facts = { facts: Record<string, Rec> };

const EARLY = '2026-03-01T10:00:00.000Z';
const LATE = '2026-03-01T10:05:00.000Z';

/** Automerge, with actor ids chosen so that the device with the smaller id makes the later edit. */
function automergeFindings() {
  const base = A.from<Facts>({ facts: { f1: { text: new A.ImmutableString('original') as never, at: EARLY } } }, { actor: '01' });
  const big = A.clone(base, { actor: 'ff' });
  const small = A.clone(base, { actor: '00' });
  const earlyEdit = A.change(big, { time: Date.parse(EARLY) / 1000 }, (d) => {
    d.facts.f1.text = new A.ImmutableString('edit made first, on the device whose id sorts last') as never;
  });
  const lateEdit = A.change(small, { time: Date.parse(LATE) / 1000 }, (d) => {
    d.facts.f1.text = new A.ImmutableString('edit made later') as never;
  });
  const merged = A.merge(A.clone(earlyEdit), lateEdit);
  const winner = String(merged.facts.f1.text);
  const conflicts = Object.values(A.getConflicts(merged.facts.f1, 'text') ?? {}).map(String);
  // Every change stays in the document's history, with its author and the time its writer claimed.
  const changes = JSON.stringify(A.getAllChanges(merged).map((c) => A.decodeChange(c).ops));

  // Forget (delete the record) on one device while the other edits a field of it.
  const forgot = A.change(A.clone(base, { actor: 'aa' }), (d) => {
    delete d.facts.f1;
  });
  const fieldEdit = A.change(A.clone(base, { actor: 'bb' }), (d) => {
    d.facts.f1.text = new A.ImmutableString('edited while the other forgot') as never;
  });
  const afterFieldEdit = A.merge(A.clone(forgot), fieldEdit).facts.f1;
  // The same, with the edit replacing the whole record (a new version object under the same key).
  const wholeEdit = A.change(A.clone(base, { actor: 'cc' }), (d) => {
    d.facts.f1 = { text: new A.ImmutableString('replaced while the other forgot') as never, at: LATE };
  });
  const afterWholeEdit = A.merge(A.clone(forgot), wholeEdit).facts.f1;
  return {
    winner,
    laterEditWins: winner === 'edit made later',
    bothValuesInDocument: conflicts.length === 2,
    bothEditsInHistory: changes.includes('edit made first') && changes.includes('edit made later'),
    editOfFieldSurvivesForget: afterFieldEdit !== undefined,
    replacedRecordSurvivesForget: afterWholeEdit !== undefined,
  };
}

/** Yjs, likewise: the device with the smaller client id makes the later edit. */
function yjsFindings() {
  const make = (clientID: number, from?: Y.Doc): Y.Doc => {
    const d = new Y.Doc();
    d.clientID = clientID;
    if (from) Y.applyUpdate(d, Y.encodeStateAsUpdate(from));
    return d;
  };
  const base = make(5);
  base.getMap('facts').set('f1', { text: 'original', at: EARLY });
  const big = make(900, base);
  const small = make(100, base);
  big.getMap('facts').set('f1', { text: 'edit made first, on the device whose id sorts last', at: EARLY });
  small.getMap('facts').set('f1', { text: 'edit made later', at: LATE });
  const merged = make(7, big);
  Y.applyUpdate(merged, Y.encodeStateAsUpdate(small));
  const winner = (merged.getMap('facts').get('f1') as Rec).text;
  // What the merged update still carries of the loser (Yjs garbage-collects overwritten content).
  const bytes = Buffer.from(Y.encodeStateAsUpdate(merged)).toString('latin1');
  const loserKept = bytes.includes('edit made first') && bytes.includes('edit made later');

  const forgot = make(11, base);
  forgot.getMap('facts').delete('f1');
  const edited = make(12, base);
  edited.getMap('facts').set('f1', { text: 'replaced while the other forgot', at: LATE });
  Y.applyUpdate(forgot, Y.encodeStateAsUpdate(edited));
  return {
    winner,
    laterEditWins: winner === 'edit made later',
    bothValuesInDocument: false,
    bothEditsInHistory: loserKept,
    editOfFieldSurvivesForget: null,
    replacedRecordSurvivesForget: forgot.getMap('facts').get('f1') !== undefined,
  };
}

// Monad's own layout (src/main/sync/fact-log.ts): each version an add-only record naming its parents; the
// rule (§3) reads the heads of each fact. Shown here merged by either engine.
function logFindings() {
  const version = (v: Omit<FactVersion, 'id' | 'actor'>): FactVersion => {
    const full = { ...v, actor: 'person' as const };
    return { ...full, id: versionId(full) };
  };
  const root = version({ factId: 'f1', parents: [], kind: 'record', text: 'original', at: EARLY, device: 'a' });
  const e1 = version({ factId: 'f1', parents: [root.id], kind: 'record', text: 'edit made first', at: EARLY, device: 'z' });
  const e2 = version({ factId: 'f1', parents: [root.id], kind: 'record', text: 'edit made later', at: LATE, device: 'a' });
  const forget = version({ factId: 'f1', parents: [root.id], kind: 'forget', text: null, at: LATE, device: 'b' });
  // Both engines merge add-only maps as a union: shown here with Automerge and Yjs, each in either order.
  const amA = A.change(A.from<{ v: Record<string, FactVersion> }>({ v: {} }), (d) => void (d.v[root.id] = root));
  const left = A.change(A.clone(amA, { actor: 'aa' }), (d) => void ((d.v[e1.id] = e1), (d.v[forget.id] = forget)));
  const right = A.change(A.clone(amA, { actor: 'bb' }), (d) => void (d.v[e2.id] = e2));
  const amUnion = Object.keys(A.merge(A.clone(left), right).v).length;
  const y1 = new Y.Doc();
  const y2 = new Y.Doc();
  y1.getMap('v').set(root.id, root);
  Y.applyUpdate(y2, Y.encodeStateAsUpdate(y1));
  y1.getMap('v').set(e1.id, e1);
  y1.getMap('v').set(forget.id, forget);
  y2.getMap('v').set(e2.id, e2);
  Y.applyUpdate(y1, Y.encodeStateAsUpdate(y2));
  const yUnion = y1.getMap('v').size;
  const r = resolveFact([root, e1, e2, forget]);
  return { versionsAfterMergeAutomerge: amUnion, versionsAfterMergeYjs: yUnion, current: r!.current.text, concurrentHeads: r!.concurrent.length };
}

export function runConcurrencyFindings() {
  return { automerge: automergeFindings(), yjs: yjsFindings(), versionLog: logFindings() };
}

// Issue 27 §1, as a property: for random homes built through the engine's own corrections (relations
// learned and added by hand, marked wrong, edited; entities merged, renamed, deleted; laws derived,
// rejected, edited, pinned), export → import into a fresh home → export again gives the same graph and
// laws, no relation marked wrong is current, no rejected law is in recall, and importing the same file
// again adds nothing. Real engines on temp homes; no model calls.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import type { By } from '../../src/main/memory/graph/graph-journal';
import { isAsserted } from '../../src/main/memory/laws/law-store';
import { findSame } from '../../src/main/memory/laws/near-same';
import { MonadError } from '../../src/shared/errors';
import { openEngine } from '../helpers/temp-home';
import { propertyRuns } from '../helpers/property-runs';

const ME: By = { actor: 'person', source: { via: 'app' } };
const SCOPES = ['agent:default', 'global'] as const;
const NAMES = ['Ana', 'Bob', 'Sam', 'Samuel', 'Lisbon', 'Porto', 'Acme', 'Rui'];
const RELATIONS = ['knows', 'lives_in', 'works_at', 'likes'];
const LAWS = ['The user likes tea', 'The user runs on Sundays', 'The user avoids meat', 'The user works late', 'The user reads at night'];

type Op =
  | { kind: 'learn'; scope: number; src: number; rel: number; dst: number; day: number; supersede: boolean }
  | { kind: 'add'; scope: number; src: number; rel: number; dst: number; day: number }
  | { kind: 'retract' | 'end' | 'delete' | 'merge' | 'rename'; pick: number; other: number; text: number }
  | { kind: 'derive'; scope: number; laws: number[] }
  | { kind: 'reject' | 'edit' | 'pin'; pick: number; text: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('learn' as const), scope: fc.nat(1), src: fc.nat(7), rel: fc.nat(3), dst: fc.nat(7), day: fc.nat(60), supersede: fc.boolean() }),
  fc.record({ kind: fc.constant('add' as const), scope: fc.nat(1), src: fc.nat(7), rel: fc.nat(3), dst: fc.nat(7), day: fc.nat(60) }),
  fc.record({ kind: fc.constantFrom('retract' as const, 'end' as const, 'delete' as const, 'merge' as const, 'rename' as const), pick: fc.nat(50), other: fc.nat(50), text: fc.nat(7) }),
  fc.record({ kind: fc.constant('derive' as const), scope: fc.nat(1), laws: fc.array(fc.nat(4), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constantFrom('reject' as const, 'edit' as const, 'pin' as const), pick: fc.nat(20), text: fc.nat(4) }),
);

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

/** Applies one operation; an operation the engine refuses (a conflict, a name taken) changes nothing. */
function apply(e: Engine, o: Op): void {
  const g = e.graph.store;
  const liveEdges = () => SCOPES.flatMap((s) => g.snapshot(s).edges);
  const liveNodes = () => SCOPES.flatMap((s) => g.snapshot(s).nodes);
  try {
    switch (o.kind) {
      case 'learn': {
        const scope = SCOPES[o.scope];
        if (o.src === o.dst) return;
        const src = g.upsertNode(scope, NAMES[o.src]).id;
        const dst = g.upsertNode(scope, NAMES[o.dst]).id;
        e.memoryDb.transaction(() => g.tryUpsertEdge({ scope, src, dst, relation: RELATIONS[o.rel], provClass: 'user', validFrom: day(o.day), support: [], supersede: o.supersede }))();
        return;
      }
      case 'add':
        e.graph.corrections.addRelation({ scope: SCOPES[o.scope], src: NAMES[o.src], dst: NAMES[o.dst], relation: RELATIONS[o.rel], validFrom: day(o.day) }, ME);
        return;
      case 'retract': {
        const edges = liveEdges();
        if (edges.length) e.graph.corrections.retractRelation(edges[o.pick % edges.length].id, { reason: o.text % 2 ? `wrong ${o.text}` : null }, ME);
        return;
      }
      case 'end': {
        const edges = liveEdges().filter((x) => x.validTo === null);
        if (edges.length) {
          const edge = edges[o.pick % edges.length];
          e.graph.corrections.editRelation(edge.id, { validTo: new Date(Date.parse(edge.validFrom) + 86_400_000 * (1 + o.text)).toISOString() }, ME);
        }
        return;
      }
      case 'delete': {
        const nodes = liveNodes();
        if (nodes.length) e.graph.corrections.deleteEntity(nodes[o.pick % nodes.length].id, ME);
        return;
      }
      case 'merge': {
        const nodes = liveNodes();
        if (nodes.length < 2) return;
        const keep = nodes[o.pick % nodes.length];
        const drop = nodes[o.other % nodes.length];
        if (keep.scope === drop.scope && keep.id !== drop.id) e.graph.corrections.mergeEntities(keep.id, drop.id, ME);
        return;
      }
      case 'rename': {
        const nodes = liveNodes();
        if (nodes.length) e.graph.corrections.renameEntity(nodes[o.pick % nodes.length].id, `${NAMES[o.text]} ${o.other % 3}`, ME);
        return;
      }
      case 'derive': {
        const scope = SCOPES[o.scope];
        const edges = g.snapshot(scope).edges.map((x) => `edge:${x.id}`);
        // As inference would: never a rejected law, and a law the person edited or pinned is kept as it is.
        const excluded = [...e.laws.store.rejected(), ...e.laws.store.list([scope]).filter(isAsserted)].flatMap((l) => [l.statement, ...(l.derivedStatement ? [l.derivedStatement] : [])]);
        const laws = [...new Set(o.laws)]
          .filter((i) => !findSame(LAWS[i], excluded, (x) => x))
          .map((i) => ({ statement: LAWS[i], confidence: 0.5 + i / 10, support: edges.slice(0, 1) }));
        e.laws.store.replaceScope(scope, laws, `fp-${o.laws.join('')}`);
        return;
      }
      case 'reject':
      case 'edit':
      case 'pin': {
        const laws = e.laws.store.list();
        if (!laws.length) return;
        const law = laws[o.pick % laws.length];
        if (o.kind === 'reject') e.laws.corrections.reject(law.id, { reason: `no ${o.text}` }, ME);
        else if (o.kind === 'edit') e.laws.corrections.edit(law.id, `${law.statement} on weekdays ${o.text}`, ME);
        else e.laws.corrections.pin(law.id, true, ME);
        return;
      }
    }
  } catch (err) {
    if (!(err instanceof MonadError)) throw err;
  }
}

const graphAndLaws = (text: string) => {
  const doc = JSON.parse(text) as { graph: unknown; laws: unknown };
  return { graph: doc.graph, laws: doc.laws };
};

describe('export → import → export (property)', () => {
  it('keeps the graph and the laws with every correction, and what was corrected stays corrected', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 30 }), async (ops) => {
        const a = openEngine({ backgroundJobs: false });
        const b = openEngine({ backgroundJobs: false });
        try {
          for (const o of ops) apply(a, o);
          // A correction takes the laws resting on it out of recall just after it (law-cascade.ts).
          await settle();
          const text = a.transfer.exportText();
          b.transfer.importText(text);
          expect(graphAndLaws(b.transfer.exportText())).toEqual(graphAndLaws(text));
          // No relation marked wrong is current; the same relations are current in both homes.
          const current = (e: Engine) => SCOPES.flatMap((s) => e.graph.store.snapshot(s).edges.map((x) => x.id)).sort((x, y) => x - y);
          expect(current(b)).toEqual(current(a));
          const retracted = b.memoryDb.prepare(`SELECT id FROM graph_edge WHERE retracted_at IS NOT NULL`).pluck().all() as number[];
          for (const id of retracted) expect(current(b)).not.toContain(id);
          // The corrections themselves came across: what is marked wrong (and why), deleted or merged,
          // the names that resolve to an entity, the rejected laws and the person's own.
          const corrections = (e: Engine) => ({
            retracted: e.memoryDb.prepare(`SELECT id, retracted_by, retracted_reason FROM graph_edge WHERE retracted_at IS NOT NULL ORDER BY id`).all(),
            removed: e.memoryDb.prepare(`SELECT id, name, removed_by, merged_into FROM graph_node WHERE removed_at IS NOT NULL ORDER BY id`).all(),
            aliases: e.memoryDb.prepare(`SELECT scope, norm_name, node_id FROM graph_node_alias ORDER BY scope, norm_name`).all(),
            laws: e.memoryDb.prepare(`SELECT id, statement, status, rejected_reason, pinned, origin FROM graph_law ORDER BY id`).all(),
          });
          expect(corrections(b)).toEqual(corrections(a));
          // Recall says the same in both homes, and no rejected law is in it (unless the person also stated
          // it again as a law of their own there, which is theirs to keep).
          const rules = (e: Engine) => (e.laws.learnedRules([...SCOPES]) ?? '').split('\n').filter((line) => line.startsWith('- '));
          expect(rules(b)).toEqual(rules(a));
          for (const l of b.laws.store.rejected()) {
            const line = rules(b).find((r) => r.startsWith(`- ${l.statement} (`));
            if (line) expect(a.laws.store.list().some((x) => x.statement === l.statement && (x.pinned || x.origin === 'person'))).toBe(true);
          }
          // Importing again adds nothing.
          const again = b.transfer.importText(text);
          expect(again).toMatchObject({ graph: { nodes: 0, edges: 0 }, laws: { added: 0 } });
          expect(graphAndLaws(b.transfer.exportText())).toEqual(graphAndLaws(text));
        } finally {
          await settle();
          a.close();
          b.close();
        }
      }),
      propertyRuns('graph and laws round trip', { numRuns: 30, testTimeoutMs: 120_000 }),
    );
  }, 120_000);
});

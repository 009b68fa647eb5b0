// monad graph entity|relation|proposals … — browse and correct the L2 graph from the terminal, through
// the same corrections as the Graph tab (journaled, each undoable from History).
import type { GraphCorrectionResult, GraphEdge, GraphNode, GraphProposal } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import { entityTypeWords, relationWords } from '../../shared/relation-words';
import { openCliEngine } from '../output';
import type { By } from '../../main/memory/graph/graph-journal';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

const BY: By = { actor: 'person', source: { via: 'cli' } };

export async function graphCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    scope: { type: 'string' },
    query: { type: 'string' },
    entity: { type: 'string' },
    reason: { type: 'string' },
    relation: { type: 'string' },
    from: { type: 'string' },
    until: { type: 'string' },
    'still-holds': { type: 'boolean', default: false },
    since: { type: 'string' },
    supersede: { type: 'boolean', default: false },
  });
  const flags = globalFlags(values);
  const [what, action, ...rest] = positionals;
  const scope = typeof values.scope === 'string' ? values.scope : 'agent:default';
  if (what !== 'entity' && what !== 'relation' && what !== 'proposals') throw new UsageError(`unknown subject "${what ?? ''}"; use entity, relation or proposals`);
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const out = (data: unknown, text: string) => {
      if (flags.json) printJson(data);
      else process.stdout.write(`${text}\n`);
      return 0;
    };
    const entity = (ref: string | undefined): number => {
      if (!ref) throw new UsageError('give an entity id or name');
      if (/^\d+$/.test(ref)) return Number(ref);
      const hit = engine.graph.store.resolveName(scope, ref);
      if (!hit) throw new MonadError('NOT_FOUND', `No entity named "${ref}" in ${scope}`);
      return hit.id;
    };
    const id = (ref: string | undefined, label: string): number => {
      if (!ref || !/^\d+$/.test(ref)) throw new UsageError(`give the ${label} id`);
      return Number(ref);
    };
    const names = (ids: number[]) => new Map(ids.map((n) => [n, engine.graph.store.anyNode(n)?.name ?? '?']));
    const done = (r: GraphCorrectionResult, text: string) => out(r, `${text}${r.journalId ? `  (history entry ${r.journalId}; undo from History)` : ''}`);

    if (what === 'entity') {
      switch (action) {
        case 'list': {
          const nodes = typeof values.query === 'string' ? engine.graph.store.explore([scope], values.query, 50).nodes.filter((n) => n.scope === scope) : engine.graph.store.snapshot(scope).nodes;
          return out(nodes, nodes.map(nodeLine).join('\n') || `No entities in ${scope}.`);
        }
        case 'show': {
          const d = engine.graph.nodeDetail(entity(rest[0]));
          const n = names([d.node.id, ...d.neighbours.map((x) => x.id)]);
          return out(d, [nodeLine(d.node), d.node.summary ? `  ${d.node.summary}` : '', ...d.edges.map((e) => `  ${edgeLine(e, n)}`)].filter(Boolean).join('\n'));
        }
        case 'rename': {
          const name = rest.slice(1).join(' ').trim();
          if (!name) throw new UsageError('rename needs the entity and its new name');
          const r = engine.graph.corrections.renameEntity(entity(rest[0]), name, BY);
          return done(r, `renamed: ${nodeLine(r.node!)}`);
        }
        case 'merge': {
          if (rest.length !== 2) throw new UsageError('merge needs KEEP and DROP (the duplicate folded into KEEP)');
          const r = engine.graph.corrections.mergeEntities(entity(rest[0]), entity(rest[1]), BY);
          return done(r, `merged into: ${nodeLine(r.node!)}`);
        }
        case 'delete': {
          const r = engine.graph.corrections.deleteEntity(entity(rest[0]), BY);
          return done(r, `deleted ${r.node!.name} and ${r.retracted?.length ?? 0} relation(s)`);
        }
        default:
          throw new UsageError(`unknown entity action "${action ?? ''}"; use list, show, rename, merge or delete`);
      }
    }

    if (what === 'relation') {
      switch (action) {
        case 'list': {
          const edges = typeof values.entity === 'string' ? engine.graph.store.edgesOf(entity(values.entity)) : engine.graph.store.snapshot(scope).edges;
          const n = names([...new Set(edges.flatMap((e) => [e.src, e.dst]))]);
          return out(edges, edges.map((e) => edgeLine(e, n)).join('\n') || 'No relations.');
        }
        case 'show': {
          const d = engine.graph.edgeDetail(id(rest[0], 'relation'));
          const n = names([d.edge.src, d.edge.dst]);
          return out(d, [edgeLine(d.edge, n), ...d.sources.map((s) => `  ${s.createdAt.slice(0, 10)} in "${s.sessionTitle}" (${s.role}, message ${s.id}): ${s.excerpt}`)].join('\n'));
        }
        case 'retract': {
          const r = engine.graph.corrections.retractRelation(id(rest[0], 'relation'), { reason: typeof values.reason === 'string' ? values.reason : null }, BY);
          return done(r, `marked wrong: ${edgeLine(r.edge!, names([r.edge!.src, r.edge!.dst]))}${r.reopened?.length ? `\nre-opened: ${r.reopened.join(', ')}` : ''}`);
        }
        case 'edit': {
          if (values['still-holds'] && typeof values.until === 'string') throw new UsageError('give --until DATE or --still-holds, not both');
          const patch = {
            ...(typeof values.relation === 'string' ? { relation: values.relation } : {}),
            ...(typeof values.from === 'string' ? { validFrom: values.from } : {}),
            ...(typeof values.until === 'string' ? { validTo: values.until } : values['still-holds'] ? { validTo: null } : {}),
          };
          if (!Object.keys(patch).length) throw new UsageError('edit needs --relation, --from, --until or --still-holds');
          const r = engine.graph.corrections.editRelation(id(rest[0], 'relation'), patch, BY);
          return done(r, `now: ${edgeLine(r.edge!, names([r.edge!.src, r.edge!.dst]))}`);
        }
        case 'add': {
          if (rest.length !== 3) throw new UsageError('add needs SRC RELATION DST');
          const ref = (s: string) => (/^\d+$/.test(s) ? Number(s) : s);
          const r = engine.graph.corrections.addRelation(
            { scope, src: ref(rest[0]), dst: ref(rest[2]), relation: rest[1], validFrom: typeof values.since === 'string' ? values.since : undefined, supersede: values.supersede === true },
            BY,
          );
          return done(r, `added: ${edgeLine(r.edge!, names([r.edge!.src, r.edge!.dst]))}`);
        }
        default:
          throw new UsageError(`unknown relation action "${action ?? ''}"; use list, show, retract, edit or add`);
      }
    }

    // proposals
    switch (action ?? 'list') {
      case 'list': {
        const list = engine.graph.proposals.list({ scope: typeof values.scope === 'string' ? values.scope : undefined });
        return out(list, list.map(proposalLine).join('\n') || 'No proposed changes.');
      }
      case 'accept': {
        const r = engine.graph.proposals.accept(id(rest[0], 'proposal'), BY);
        return out({ proposal: engine.graph.proposals.get(id(rest[0], 'proposal')), result: r }, `accepted: ${edgeLine(r.edge!, names([r.edge!.src, r.edge!.dst]))}`);
      }
      case 'dismiss': {
        const p = engine.graph.proposals.dismiss(id(rest[0], 'proposal'));
        return out({ proposal: p, result: null }, `dismissed: ${p.summary}`);
      }
      default:
        throw new UsageError(`unknown proposals action "${action}"; use list, accept or dismiss`);
    }
  } finally {
    engine.close();
  }
}

function nodeLine(n: GraphNode): string {
  const state = n.removed ? (n.removed.mergedInto ? ` (merged into ${n.removed.mergedInto})` : ' (deleted)') : '';
  return `${n.id}\t${n.name} [${entityTypeWords(n.type)}]\t${n.degree} relation${n.degree === 1 ? '' : 's'}${n.assertedBy === 'person' ? '\tyours' : ''}${state}`;
}

function edgeLine(e: GraphEdge, names: Map<number, string>): string {
  const when = e.validTo ? `${e.validFrom.slice(0, 10)} → ${e.validTo.slice(0, 10)}` : `since ${e.validFrom.slice(0, 10)}`;
  const state = e.retracted ? `\tmarked wrong${e.retracted.reason ? `: ${e.retracted.reason}` : ''}` : e.mergedInto ? `\tfolded into ${e.mergedInto}` : '';
  return `${e.id}\t${names.get(e.src) ?? '?'} —${relationWords(e.relation)}→ ${names.get(e.dst) ?? '?'}\t(${when})${e.assertedBy === 'person' ? '\tyours' : ''}${state}`;
}

function proposalLine(p: GraphProposal): string {
  return `${p.id}\t${p.scope}\t${p.summary}\n\t${p.reason}${p.sources.length ? `\n\tfrom: ${p.sources.map((s) => `"${s.excerpt.slice(0, 80)}"`).join('; ')}` : ''}`;
}

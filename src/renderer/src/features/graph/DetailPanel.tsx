// The side panel for the selection: an entity (summary, type, relations now and past, neighbours) or a
// relation (validity, who asserted it, the messages it was learned from — each opens in its chat), each
// with the person's corrections; or, in its place, a relation being added or the proposed changes.
import { useState, type ReactNode } from 'react';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { forgetEverything } from '../forget/store';
import type { GraphEdge, GraphViewNode } from '../../../../shared/domain';
import { formatMoment, plural, validitySpan } from './format';
import { GraphIcon } from './graph-icons';
import { EntityActions } from './EntityActions';
import { PROV_LABEL, relationLabel } from './model';
import { RelationActions } from './RelationActions';
import { AddRelationPanel, ProposalsPanel } from './SidePanels';
import { useGraph } from './store';
import { PROV_COLORS } from './style';
import { useIsDark } from './use-dark';
import { entityTypeWords } from '../../../../shared/relation-words';
import { relationSourceLabel } from '../../../../shared/memory-label';

/** Long lists (a hub's relations) show this many until asked for all. */
const LIST_CAP = 40;

export function DetailPanel() {
  const selection = useGraph((s) => s.selection);
  const panel = useGraph((s) => s.panel);
  if (panel) {
    return (
      <aside className="graph-panel" data-testid="graph-panel" data-kind={panel.kind} aria-label={panel.kind === 'add' ? 'Add a relation' : 'Proposed changes'}>
        <button type="button" className="icon-button graph-panel-close" aria-label="Close" title="Close" data-testid="graph-panel-close" onClick={() => useGraph.getState().openPanel(null)}>
          <Icon name="close" size={15} />
        </button>
        {panel.kind === 'add' ? <AddRelationPanel key={panel.from} from={panel.from} /> : <ProposalsPanel />}
      </aside>
    );
  }
  if (!selection) return null;
  return (
    <aside className="graph-panel" data-testid="graph-panel" data-kind={selection.kind} aria-label={selection.kind === 'node' ? 'Entity' : 'Relation'}>
      <button type="button" className="icon-button graph-panel-close" aria-label="Close" title="Close (Esc)" data-testid="graph-panel-close" onClick={() => useGraph.getState().select(null)}>
        <Icon name="close" size={15} />
      </button>
      {selection.kind === 'node' ? <NodePanel id={selection.id} /> : <EdgePanel id={selection.id} />}
    </aside>
  );
}

function focusNode(id: number) {
  useGraph.getState().select({ kind: 'node', id }, { focus: true });
}

function TypeTag({ type }: { type: string }) {
  const color = useGraph((s) => s.model?.colorOf(type) ?? 'transparent');
  return (
    <span className="graph-type" data-testid="graph-panel-type">
      <span className="graph-dot" style={{ background: color }} />
      {entityTypeWords(type)}
    </span>
  );
}

function NodePanel({ id }: { id: number }) {
  const model = useGraph((s) => s.model);
  const detail = useGraph((s) => (s.nodeDetail?.id === id ? s.nodeDetail : null));
  const node = detail?.data?.node ?? model?.nodeById.get(id);
  if (!node) return <p className="muted">This entity is no longer in the graph.</p>;
  const edges = detail?.data?.edges ?? [];
  const names = new Map<number, GraphViewNode>([[node.id, node], ...(detail?.data?.neighbours ?? []).map((n) => [n.id, n] as const)]);
  // The snapshot the canvas draws has no summaries: it comes with the entity's detail.
  const summary = detail?.data?.node.summary;
  const current = edges.filter((e) => e.validTo === null);
  const past = edges.filter((e) => e.validTo !== null);

  return (
    <div className="graph-panel-body">
      <header className="graph-panel-head">
        <div className="graph-panel-kicker">Entity</div>
        <h2 className="graph-panel-title selectable" data-testid="graph-panel-title">
          {node.name}
        </h2>
        <span className="graph-tags">
          <TypeTag type={node.type} />
          {detail?.data?.node.assertedBy === 'person' ? (
            <span className="pill pill-ok" data-testid="graph-panel-yours" title="You named, added or merged it: extraction does not change it on its own">
              Yours
            </span>
          ) : null}
        </span>
{detail?.data?.node.removed ? null : (
          <button
          type="button"
          className="button button-quiet button-danger-text graph-forget"
          data-testid="graph-forget"
          title={`Preview every fact, relation, law and memory that mentions ${node.name}, then forget them`}
          onClick={() => void forgetEverything({ kind: 'entity', nodeId: node.id })}
        >
          <Icon name="eraser" size={14} />
          Forget everything about {node.name}…
        </button>
        )}
      </header>
      {detail?.data?.node.removed ? (
        <p className="graph-retracted" data-testid="graph-node-removed" role="status">
          {detail.data.node.removed.mergedInto ? 'Merged into another entity' : 'Deleted'} {formatMoment(detail.data.node.removed.at)}. It is no longer part of the graph.
        </p>
      ) : (
        <EntityActions key={node.id} node={node} />
      )}
      {summary ? (
        <p className="graph-summary selectable" data-testid="graph-panel-summary">
          {summary}
        </p>
      ) : detail?.data ? (
        <p className="graph-summary muted">No summary yet.</p>
      ) : null}
      {detail === null || (detail.data === null && !detail.failed) ? (
        <p className="muted graph-loading-line">Loading relations…</p>
      ) : detail.failed ? (
        <p className="muted">Could not load this entity’s relations.</p>
      ) : (
        <>
          <Section title="Relations now" count={current.length} testId="graph-relations-current">
            <Capped items={current} render={(e) => <RelationRow key={e.id} edge={e} self={node.id} names={names} />} empty="No current relations." />
          </Section>
          {past.length ? (
            <Section title="Past relations" count={past.length} testId="graph-relations-past">
              <Capped items={past} render={(e) => <RelationRow key={e.id} edge={e} self={node.id} names={names} />} />
            </Section>
          ) : null}
          <Section title="Neighbours" count={detail.data!.neighbours.length} testId="graph-neighbours">
            <div className="graph-chips">
              <Capped
                items={detail.data!.neighbours}
                render={(n) => (
                  <button key={n.id} type="button" className="graph-chip" data-testid="graph-neighbour" data-node-id={n.id} title={`${n.name} (${entityTypeWords(n.type)})`} onClick={() => focusNode(n.id)}>
                    <NodeDot type={n.type} />
                    {n.name}
                  </button>
                )}
                empty="No neighbours."
              />
            </div>
          </Section>
        </>
      )}
    </div>
  );
}

function NodeDot({ type }: { type: string }) {
  const color = useGraph((s) => s.model?.colorOf(type) ?? 'transparent');
  return <span className="graph-dot" style={{ background: color }} />;
}

function RelationRow({ edge, self, names }: { edge: GraphEdge; self: number; names: Map<number, GraphViewNode> }) {
  const outgoing = edge.src === self;
  const other = names.get(outgoing ? edge.dst : edge.src);
  const selfName = names.get(self)?.name ?? '';
  const otherName = other?.name ?? '(removed)';
  const sentence = outgoing ? `${selfName} ${relationLabel(edge.relation)} ${otherName}` : `${otherName} ${relationLabel(edge.relation)} ${selfName}`;
  return (
    <button
      type="button"
      className={`graph-relation${edge.validTo ? ' is-ended' : ''}`}
      data-testid="graph-relation"
      data-edge-id={edge.id}
      title={sentence}
      onClick={() => useGraph.getState().select({ kind: 'edge', id: edge.id }, { focus: true })}
    >
      <GraphIcon name={outgoing ? 'arrowRight' : 'arrowLeft'} size={14} className="graph-relation-dir" />
      {/* Read as a sentence about the selected entity: "works at Globex" / "Sam lives in". */}
      <span className="graph-relation-text">
        {outgoing ? (
          <>
            <span className="graph-relation-name">{relationLabel(edge.relation)}</span> <span className="graph-relation-other">{otherName}</span>
          </>
        ) : (
          <>
            <span className="graph-relation-other">{otherName}</span> <span className="graph-relation-name">{relationLabel(edge.relation)}</span>
          </>
        )}
      </span>
      <span className="graph-relation-meta">{validitySpan(edge.validFrom, edge.validTo)}</span>
    </button>
  );
}

function EdgePanel({ id }: { id: number }) {
  const model = useGraph((s) => s.model);
  const detail = useGraph((s) => (s.edgeDetail?.id === id ? s.edgeDetail : null));
  const dark = useIsDark();
  const edge = detail?.data?.edge ?? model?.edgeById.get(id);
  if (!edge) return <p className="muted">This relation is no longer in the graph.</p>;
  const src = detail?.data?.src ?? model?.nodeById.get(edge.src);
  const dst = detail?.data?.dst ?? model?.nodeById.get(edge.dst);
  const sources = detail?.data?.sources ?? [];
  const full = detail?.data?.edge;
  const sentence = `${src?.name ?? '?'} ${relationLabel(edge.relation)} ${dst?.name ?? '?'}`;

  return (
    <div className="graph-panel-body">
      <header className="graph-panel-head">
        <div className="graph-panel-kicker">Relation</div>
        <h2 className="graph-panel-title graph-edge-sentence" data-testid="graph-edge-sentence">
          <NodeLink node={src} /> <span className="graph-edge-relation" data-testid="graph-edge-relation">{relationLabel(edge.relation)}</span> <NodeLink node={dst} />
        </h2>
      </header>
      <dl className="graph-facts">
        <dt>From</dt>
        <dd data-testid="graph-edge-from">{formatMoment(edge.validFrom)}</dd>
        <dt>Until</dt>
        <dd>
          <span data-testid="graph-edge-until">{edge.validTo ? formatMoment(edge.validTo) : 'still holds'}</span>
          {edge.validTo ? <span className="pill graph-pill-ended">Ended</span> : <span className="pill pill-ok">Current</span>}
        </dd>
        <dt>Provenance</dt>
        <dd data-testid="graph-edge-prov" data-prov={edge.provClass}>
          <span className="graph-prov">
            <span className="graph-prov-line" style={{ background: PROV_COLORS[dark ? 'dark' : 'light'][edge.provClass] }} />
            {PROV_LABEL[edge.provClass]}
          </span>
          {full?.assertedBy === 'person' ? (
            <span className="pill pill-ok" data-testid="graph-edge-yours" title="You added, corrected or confirmed it: extraction does not change or close it on its own">
              Yours
            </span>
          ) : null}
        </dd>
      </dl>
      {full?.retracted ? (
        <p className="graph-retracted" data-testid="graph-edge-retracted" role="status">
          Marked wrong {formatMoment(full.retracted.at)}
          {full.retracted.reason ? `: ${full.retracted.reason}` : ''}. It is no longer part of the graph.
        </p>
      ) : (
        <RelationActions key={edge.id} edge={full ?? edge} sentence={sentence} />
      )}
      <Section title="Learned from" count={detail?.data ? sources.length : undefined} testId="graph-sources">
        {detail === null || (detail.data === null && !detail.failed) ? (
          <p className="muted graph-loading-line">Loading the source messages…</p>
        ) : detail.failed ? (
          <p className="muted">Could not load the source messages.</p>
        ) : sources.length === 0 ? (
          <p className="muted" data-testid="graph-edge-source-none">
            {relationSourceLabel(full ?? edge, 0, formatMoment)}
          </p>
        ) : (
          <ul className="graph-sources">
            {sources.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className="graph-source"
                  data-testid="graph-source"
                  data-message-id={m.id}
                  data-session-id={m.sessionId}
                  title="Open this message in its chat"
                  onClick={() => useShell.getState().navigate({ kind: 'message', sessionId: m.sessionId, messageId: m.id })}
                >
                  <span className="graph-source-head">
                    <GraphIcon name="message" size={13} />
                    <span className="graph-source-title">{m.sessionTitle}</span>
                    <span className="graph-source-date" title={new Date(m.createdAt).toLocaleString()}>
                      {formatMoment(m.createdAt)}
                    </span>
                  </span>
                  <span className="graph-source-excerpt">
                    <span className="graph-source-role">{m.role === 'user' ? 'You' : m.role === 'assistant' ? 'Assistant' : m.role}:</span> {m.excerpt}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function NodeLink({ node }: { node: GraphViewNode | undefined }) {
  if (!node) return <span className="muted">(removed)</span>;
  return (
    <button type="button" className="graph-node-link" data-testid="graph-edge-end" data-node-id={node.id} onClick={() => focusNode(node.id)}>
      {node.name}
    </button>
  );
}

function Section({ title, count, testId, children }: { title: string; count?: number; testId: string; children: ReactNode }) {
  return (
    <section className="graph-section" data-testid={testId}>
      <h3 className="graph-section-title">
        {title}
        {count !== undefined ? <span className="graph-section-count">{count.toLocaleString()}</span> : null}
      </h3>
      {children}
    </section>
  );
}

function Capped<T>({ items, render, empty }: { items: T[]; render: (item: T) => ReactNode; empty?: string }) {
  const [all, setAll] = useState(false);
  if (!items.length) return empty ? <p className="muted graph-empty-line">{empty}</p> : null;
  const shown = all ? items : items.slice(0, LIST_CAP);
  return (
    <>
      {shown.map(render)}
      {items.length > shown.length ? (
        <button type="button" className="button button-quiet graph-show-all" onClick={() => setAll(true)}>
          Show all {plural(items.length, 'item', 'items')}
        </button>
      ) : null}
    </>
  );
}

// One law: its statement, effective confidence as a bar (with the derived confidence marked on it), its
// age and state badges, the fact that contradicts it (beside it, when suppressed), and an expandable
// grounding tree — facts (open in Memory), relations (focus in Graph) and, under each relation, the
// messages it was extracted from (open in Chat).
import type { LawView, SourceMessage } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { attempt, invoke } from '../../lib/api';
import { fullTime } from '../../lib/time';
import { Glyph } from './Glyph';
import { ageText, confidenceText, dateText, plural } from './scopes';
import { useLaws } from './store';

export function LawCard({ law, halfLifeDays }: { law: LawView; halfLifeDays: number | null }) {
  const open = useLaws((s) => !!s.expanded[law.id]);
  const messages = law.relations.reduce((n, r) => n + r.sources.length, 0);
  const state = law.contradictedBy ? 'contradicted' : law.eligible ? 'eligible' : 'below-floor';
  const treeId = `law-${law.id}-grounding`;

  return (
    <article
      className={`law-card law-${state}${law.stale ? ' is-stale' : ''}`}
      data-testid="law"
      data-law-id={law.id}
      data-scope={law.scope}
      data-state={state}
      aria-labelledby={`law-${law.id}-statement`}
    >
      <div className="law-main">
        <div className="law-head">
          <p className="law-statement selectable" id={`law-${law.id}-statement`} data-testid="law-statement">
            {law.statement}
          </p>
          <div className="law-badges">
            {law.contradictedBy ? (
              <span className="pill pill-error" data-testid="law-badge-contradicted" title="A current fact states the opposite; suppressed from recall until the next re-derivation">
                Contradicted
              </span>
            ) : null}
            {law.stale ? (
              <span className="pill pill-warn" data-testid="law-badge-stale" title="Something it rests on was forgotten or retracted since it was derived">
                Stale
              </span>
            ) : null}
            {state === 'eligible' ? (
              <span className="pill pill-ok" data-testid="law-badge-recall" title="Injected into new sessions as a learned rule">
                In recall
              </span>
            ) : state === 'below-floor' ? (
              <span className="pill pill-muted" data-testid="law-badge-floor" title="Its confidence decayed to the floor (memory.decay.floor): not injected">
                Below floor
              </span>
            ) : null}
          </div>
        </div>

        <ConfidenceBar law={law} halfLifeDays={halfLifeDays} />

        <button
          type="button"
          className="law-toggle"
          aria-expanded={open}
          aria-controls={treeId}
          data-testid="law-toggle"
          onClick={() => useLaws.getState().toggle(law.id)}
        >
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
          <span>Grounding</span>
          <span className="law-toggle-counts">
            {groundingCounts(law.facts.length, law.relations.length, messages)}
          </span>
        </button>
        {open ? <Grounding law={law} id={treeId} /> : null}
      </div>

      {law.contradictedBy ? <Contradiction law={law} /> : null}
    </article>
  );
}

function ConfidenceBar({ law, halfLifeDays }: { law: LawView; halfLifeDays: number | null }) {
  const eff = clamp01(law.effectiveConfidence);
  const stored = clamp01(law.confidence);
  const decayed = stored - eff > 0.005;
  const title = halfLifeDays
    ? `Derived at ${confidenceText(law.confidence)}; halves every ${halfLifeDays} days (memory.decay.halfLifeDays), so ${confidenceText(law.effectiveConfidence)} now.`
    : `Derived at ${confidenceText(law.confidence)}; ${confidenceText(law.effectiveConfidence)} after decay.`;
  return (
    <div className="law-confidence" title={title}>
      <div
        className="confidence-track"
        role="meter"
        aria-label="Effective confidence"
        aria-valuemin={0}
        aria-valuemax={1}
        aria-valuenow={Number(eff.toFixed(2))}
        data-testid="law-confidence-bar"
      >
        {decayed ? <div className="confidence-decayed" style={{ width: `${stored * 100}%` }} /> : null}
        <div className="confidence-fill" style={{ width: `${eff * 100}%` }} />
        <div className="confidence-mark" style={{ left: `${stored * 100}%` }} aria-hidden="true" />
      </div>
      <div className="law-numbers">
        <span className="law-effective" data-testid="law-effective">
          <strong>{confidenceText(law.effectiveConfidence)}</strong> now
        </span>
        <span className="law-stored" data-testid="law-stored">
          {confidenceText(law.confidence)} when derived
        </span>
        <span className="law-age" data-testid="law-age" title={fullTime(law.derivedAt)}>
          <Glyph name="clock" size={12} />
          derived {ageText(law.ageDays)}
        </span>
      </div>
    </div>
  );
}

function Contradiction({ law }: { law: LawView }) {
  const c = law.contradictedBy!;
  const factId = c.ref.replace(/^fact:/, '');
  return (
    <aside className="law-contradiction" data-testid="law-contradiction" aria-label="Contradicting fact">
      <div className="law-contradiction-title">
        <Icon name="alert" size={14} />
        Contradicted by a fact
      </div>
      {c.text !== null ? (
        <button type="button" className="law-contradiction-fact" data-testid="law-contradiction-fact" title="Show this fact in the Memory tab" onClick={() => void openContradictingFact(law.scope, factId)}>
          “{c.text}”
        </button>
      ) : (
        <div className="law-contradiction-fact is-gone">
          <span className="mono">{factId}</span> (forgotten)
        </div>
      )}
      {c.why ? <div className="law-contradiction-why">{c.why}</div> : null}
      <div className="law-contradiction-note">Not injected into recall until the scope is re-derived.</div>
    </aside>
  );
}

/** The contradicting fact lives in the law's scope or in global (the check reads both): find which. */
async function openContradictingFact(scope: string, factId: string): Promise<void> {
  let target = scope;
  if (scope !== 'global') {
    const own = await attempt(() => invoke('facts.list', { scope }));
    if (own && !own.facts.some((f) => f.id === factId)) target = 'global';
  }
  useShell.getState().navigate({ kind: 'fact', scope: target, factId });
}

function Grounding({ law, id }: { law: LawView; id: string }) {
  const nav = useShell.getState().navigate;
  return (
    <div className="law-grounding" id={id} data-testid="law-grounding" aria-label="What this law rests on">
      {law.facts.length ? (
        <div className="grounding-group" role="group" aria-label="Facts">
          <div className="grounding-title">Facts it generalises</div>
          {law.facts.map((f) =>
            f.text !== null ? (
              <button
                key={f.id}
                type="button"
                className="grounding-item grounding-link"
                data-testid="grounding-fact"
                data-fact-id={f.id}
                title="Open in the Memory tab"
                onClick={() => nav({ kind: 'fact', scope: law.scope, factId: f.id })}
              >
                <Glyph name="fact" size={14} className="grounding-icon" />
                <span className="grounding-text">{f.text}</span>
                <Glyph name="arrow" size={13} className="grounding-go" />
              </button>
            ) : (
              <div key={f.id} className="grounding-item is-gone" data-testid="grounding-fact" data-fact-id={f.id} title="This fact was forgotten after the law was derived">
                <Glyph name="fact" size={14} className="grounding-icon" />
                <span className="grounding-text">
                  <span className="mono">{f.id}</span> (forgotten)
                </span>
              </div>
            ),
          )}
        </div>
      ) : null}

      {law.relations.length ? (
        <div className="grounding-group" role="group" aria-label="Relations">
          <div className="grounding-title">Relations it rests on</div>
          {law.relations.map((r) => (
            <div key={r.id} className="grounding-relation">
              {r.text !== null ? (
                <button
                  type="button"
                  className="grounding-item grounding-link"
                  data-testid="grounding-relation"
                  data-edge-id={r.id}
                  title="Focus in the Graph tab"
                  onClick={() => nav({ kind: 'graph', scope: law.scope, edgeId: r.id })}
                >
                  <Glyph name="relation" size={14} className="grounding-icon" />
                  <span className="grounding-text">{r.text}</span>
                  {r.validFrom ? <span className="grounding-when">{validity(r.validFrom, r.validTo)}</span> : null}
                  <Glyph name="arrow" size={13} className="grounding-go" />
                </button>
              ) : (
                <div className="grounding-item is-gone" data-testid="grounding-relation" data-edge-id={r.id} title="This relation was retracted after the law was derived">
                  <Glyph name="relation" size={14} className="grounding-icon" />
                  <span className="grounding-text">
                    relation <span className="mono">#{r.id}</span> (retracted)
                  </span>
                </div>
              )}
              {r.sources.length ? (
                <div className="grounding-sources" role="group" aria-label="Source messages">
                  {r.sources.map((s) => (
                    <SourceRow key={s.id} source={s} />
                  ))}
                </div>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}

      {!law.facts.length && !law.relations.length ? <div className="grounding-empty">No grounding recorded.</div> : null}
    </div>
  );
}

function SourceRow({ source }: { source: SourceMessage }) {
  return (
    <button
      type="button"
      className="grounding-source"
      data-testid="grounding-source"
      data-message-id={source.id}
      data-session-id={source.sessionId}
      title={`Open in its chat (${fullTime(source.createdAt)})`}
      onClick={() => useShell.getState().navigate({ kind: 'message', sessionId: source.sessionId, messageId: source.id })}
    >
      <Glyph name="message" size={13} className="grounding-icon" />
      <span className="source-meta">
        <span className="source-date">{dateText(source.createdAt)}</span>
        <span className="source-session">{source.sessionTitle}</span>
        <span className="source-role">{source.role}</span>
      </span>
      <span className="source-excerpt">{source.excerpt}</span>
    </button>
  );
}

/** "2 facts · 1 relation · 1 source message", leaving out what is not there. */
function groundingCounts(facts: number, relations: number, messages: number): string {
  const parts = [facts ? plural(facts, 'fact') : '', relations ? plural(relations, 'relation') : '', messages ? plural(messages, 'source message') : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'none recorded';
}

function validity(from: string, to: string | null): string {
  return to ? `${dateText(from)} → ${dateText(to)}` : `since ${dateText(from)}`;
}

function clamp01(n: number): number {
  return Math.max(0, Math.min(1, n));
}

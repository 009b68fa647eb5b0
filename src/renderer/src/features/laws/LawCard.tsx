// One law: its statement, effective confidence as a bar (with the derived confidence marked on it), its
// age and state badges, the fact that contradicts it (beside it, when suppressed), why it is out of
// recall when it is, and an expandable grounding tree — facts (open in Memory), relations (focus in
// Graph) and, under each relation, the messages it was extracted from (open in Chat). The person's
// corrections sit on the card: pin, edit the statement, and "This is wrong" (reject: never inferred again).
import { useEffect, useRef } from 'react';
import type { LawView, SourceMessage } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { attempt, invoke } from '../../lib/api';
import { fullTime } from '../../lib/time';
import { Glyph } from './Glyph';
import { ageText, confidenceText, dateText, plural } from './scopes';
import { LawEditor, RejectForm } from './LawCorrections';
import { useLaws } from './store';

export type LawState = 'eligible' | 'contradicted' | 'out-of-recall' | 'below-floor';

/** Which one state a law card shows; the reasons come with the law (`outOfRecall`). */
export function lawState(law: LawView): LawState {
  if (law.contradictedBy && !law.eligible) return 'contradicted';
  if (law.eligible) return 'eligible';
  if (law.suppressed || law.stale) return 'out-of-recall';
  return 'below-floor';
}

export function LawCard({ law, halfLifeDays, scopeLabel }: { law: LawView; halfLifeDays: number | null; scopeLabel: (scope: string) => string }) {
  const open = useLaws((s) => !!s.expanded[law.id]);
  const editing = useLaws((s) => s.editing === law.id);
  const rejecting = useLaws((s) => s.rejecting === law.id);
  const busy = useLaws((s) => !!s.busy[`law:${law.id}`]);
  const messages = law.relations.reduce((n, r) => n + r.sources.length, 0);
  const state = lawState(law);
  const treeId = `law-${law.id}-grounding`;
  const lit = useLaws((s) => s.lit === law.id);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!lit) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
    const t = setTimeout(() => useLaws.setState({ lit: null }), 2400);
    return () => clearTimeout(t);
  }, [lit]);

  return (
    <article
      ref={ref}
      tabIndex={-1}
      className={`law-card law-${state}${law.stale ? ' is-stale' : ''}${lit ? ' is-lit' : ''}`}
      data-testid="law"
      data-law-id={law.id}
      data-scope={law.scope}
      data-state={state}
      aria-labelledby={`law-${law.id}-statement`}
    >
      <div className="law-main">
        <div className="law-head">
          {editing ? (
            <LawEditor law={law} />
          ) : (
            <p className="law-statement selectable" id={`law-${law.id}-statement`} data-testid="law-statement">
              {law.statement}
            </p>
          )}
          <div className="law-badges">
            {law.pinned ? (
              <span className="pill pill-pinned" data-testid="law-badge-pinned" title="You pinned it: kept through re-derivation, does not decay">
                Pinned
              </span>
            ) : null}
            {law.origin === 'person' ? (
              <span className="pill pill-muted" data-testid="law-badge-edited" title={law.derivedStatement ? `Your wording. Inferred as: “${law.derivedStatement}”` : 'Your wording'}>
                Edited by you
              </span>
            ) : null}
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
            ) : state === 'out-of-recall' ? (
              <span className="pill pill-warn" data-testid="law-badge-out" title={law.outOfRecall.join(' ')}>
                Out of recall
              </span>
            ) : state === 'below-floor' ? (
              <span className="pill pill-muted" data-testid="law-badge-floor" title="Its confidence decayed to the floor (memory.decay.floor): not injected">
                Below floor
              </span>
            ) : null}
          </div>
        </div>

        {state === 'out-of-recall' ? <OutOfRecall law={law} busy={busy} /> : null}

        <ConfidenceBar law={law} halfLifeDays={halfLifeDays} />

        {law.alsoIn.length ? (
          <div className="law-also" data-testid="law-also-in">
            Also learned in {law.alsoIn.map((a) => scopeLabel(a.scope)).join(', ')} — sent to the model once.
          </div>
        ) : null}

        <div className="law-foot">
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
          <LawActions law={law} busy={busy} editing={editing} rejecting={rejecting} />
        </div>
        {rejecting ? <RejectForm law={law} /> : null}
        {open ? <Grounding law={law} id={treeId} /> : null}
      </div>

      {law.contradictedBy ? <Contradiction law={law} /> : null}
    </article>
  );
}

/** Pin, Edit and "This is wrong" — the person's corrections of this law. */
function LawActions({ law, busy, editing, rejecting }: { law: LawView; busy: boolean; editing: boolean; rejecting: boolean }) {
  const store = useLaws.getState();
  const statement = law.statement.length > 60 ? `${law.statement.slice(0, 59)}…` : law.statement;
  return (
    <div className="law-actions" role="group" aria-label={`Correct “${statement}”`}>
      <button
        type="button"
        className={`button button-quiet law-action${law.pinned ? ' is-on' : ''}`}
        aria-pressed={law.pinned}
        data-testid="law-pin"
        disabled={busy}
        title={law.pinned ? 'Unpin: re-derivation may replace it again, and it decays' : 'Pin: keep it through re-derivation, without decay, in recall'}
        onClick={() => void store.pin(law.id, !law.pinned)}
      >
        <Glyph name="pin" size={14} />
        {law.pinned ? 'Pinned' : 'Pin'}
      </button>
      <button
        type="button"
        className="button button-quiet law-action"
        data-testid="law-edit"
        disabled={busy || editing}
        title="Restate it in your words; re-derivation keeps your wording"
        onClick={() => store.startEdit(law.id)}
      >
        <Icon name="pencil" size={14} />
        Edit
      </button>
      <button
        type="button"
        className="button button-quiet button-danger-text law-action"
        data-testid="law-reject"
        aria-expanded={rejecting}
        disabled={busy}
        title="Reject it: out of recall now, and never inferred again in these or similar words"
        onClick={() => store.startReject(rejecting ? null : law.id)}
      >
        <Icon name="close" size={14} />
        This is wrong
      </button>
    </div>
  );
}

/** Why the law is not sent to the model, and what brings it back. */
function OutOfRecall({ law, busy }: { law: LawView; busy: boolean }) {
  return (
    <div className="law-out" data-testid="law-out-of-recall" role="note" aria-label="Out of recall">
      <Icon name="info" size={14} />
      <div className="law-out-text">
        <div data-testid="law-out-reason">{law.outOfRecall.join(' ')}</div>
        <div className="law-out-note">
          {law.pinned || law.origin === 'person' ? 'Not sent to the model until you bring it back.' : 'Not sent to the model until this scope is re-derived.'}
        </div>
      </div>
      {law.suppressed ? (
        <button type="button" className="button law-action" data-testid="law-unsuppress" disabled={busy} title="You know it still holds: send it to the model again" onClick={() => void useLaws.getState().unsuppress(law.id)}>
          Back in recall
        </button>
      ) : null}
    </div>
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
        <div className="law-contradiction-fact is-gone">A fact that has since been forgotten</div>
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
                <span className="grounding-text">{f.wasText ? `“${f.wasText}” — forgotten` : 'A fact that has since been forgotten'}</span>
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

// The Laws tab: the general rules consolidation (level 3) inferred from facts and relations, per scope,
// each with how much it is trusted now, whether it is injected into recall, and what it rests on — down
// to the messages. A scope can be re-derived now, and the shown laws checked against current facts.
import { TurnOnForSelected } from '../memory-settings/TurnOnMemory';
import '../../styles/laws.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { LawView } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { useSettingsNav } from '../settings/nav-store';
import { useShell } from '../../app/shell-store';
import { on } from '../../lib/api';
import { useConnection } from '../../lib/connection';
import { onMemoryChanged } from '../../lib/memory-changed';
import { useAgents } from '../agents/store';
import { useMemorySettings } from '../memory-settings/store';
import { useSessions } from '../sessions/store';
import { useSettings } from '../settings/store';
import { Glyph, Spinner } from './Glyph';
import { LawCard } from './LawCard';
import { ProposedChanges, RejectedLaws } from './LawCorrections';
import { describeLawScope, LAW_GROUP_TITLES, lawScopeEntries, plural, scopesOfChoice, type LawScopeEntry, type LawScopeGroup } from './scopes';
import { useLaws, type DeriveState } from './store';
import { toast } from '../toasts/store';

/**
 * Grounding goes stale when a fact is forgotten or an edge retracted elsewhere, and no event says so:
 * re-read while the tab is open. Cheap — a few small SQLite reads.
 */
const REFRESH_MS = 8000;

export function LawsPane() {
  const laws = useLaws((s) => s.laws);
  const rejected = useLaws((s) => s.rejected);
  const proposals = useLaws((s) => s.proposals);
  const loaded = useLaws((s) => s.loaded);
  const choice = useLaws((s) => s.choice);
  const check = useLaws((s) => s.check);
  const agentId = useAgents((s) => s.selectedId);
  const agents = useAgents((s) => s.agents);
  const byAgent = useSessions((s) => s.byAgent);
  const halfLifeDays = useSettings((s) => s.config?.memory.decay.halfLifeDays ?? null);
  const intent = useShell((s) => s.intent);
  const [pendingLaw, setPendingLaw] = useState<number | null>(null);

  // A `law` navigation intent (a History entry's link): show its scope, then scroll to the card and light it up.
  useEffect(() => {
    if (intent?.kind !== 'law') return;
    useShell.getState().clearIntent();
    useLaws.getState().choose(intent.scope ?? 'all');
    setPendingLaw(intent.lawId);
    void useLaws.getState().load();
  }, [intent]);
  useEffect(() => {
    if (pendingLaw === null || !loaded) return;
    const card = document.querySelector<HTMLElement>(`[data-testid="law"][data-law-id="${pendingLaw}"]`);
    setPendingLaw(null);
    if (!card) {
      toast.info('That law is no longer stored', 'It was replaced when its scope was derived again.');
      return;
    }
    card.scrollIntoView({ block: 'center' });
    card.classList.add('is-flashing');
    card.tabIndex = -1;
    card.focus({ preventScroll: true });
    setTimeout(() => card.classList.remove('is-flashing'), 1600);
  }, [pendingLaw, loaded, laws]);

  useEffect(() => {
    void useLaws.getState().load();
    const tick = () => {
      if (document.visibilityState === 'visible' && useConnection.getState().link === 'online') void useLaws.getState().load();
    };
    const timer = setInterval(tick, REFRESH_MS);
    window.addEventListener('focus', tick);
    const stop = on('consolidate.done', () => void useLaws.getState().load());
    const stopChanged = onMemoryChanged(() => void useLaws.getState().load());
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', tick);
      stop();
      stopChanged();
    };
  }, []);


  const entries = useMemo(() => {
    const allSessions = Object.values(byAgent).flat();
    const sessions = agentId ? (byAgent[agentId] ?? []) : [];
    return lawScopeEntries({ agentId, agents, sessions, allSessions, laws, ensure: choice });
  }, [agentId, agents, byAgent, laws, choice]);
  const scopeLabel = (scope: string) => entries.find((e) => e.scope === scope)?.label ?? describeLawScope(scope, agents, Object.values(byAgent).flat(), agentId).label;

  const shownScopes = scopesOfChoice(choice, entries);
  const shownLaws = laws.filter((l) => shownScopes.includes(l.scope));
  const checkable = shownScopes.filter((s) => laws.some((l) => l.scope === s && !l.contradictedBy));
  const checking = check?.state === 'running';

  return (
    <div className="laws" data-testid="laws-pane">
      <header className="pane-header laws-header">
        <div>
          <h1 className="pane-title">Laws</h1>
          <div className="pane-subtitle">General rules inferred from facts and relations. Each shows how far it is trusted today and exactly what it rests on.</div>
        </div>
        <div className="laws-header-actions">
          <button
            type="button"
            className="button"
            data-testid="laws-check"
            disabled={checking || checkable.length === 0}
            title={checkable.length ? 'Ask the memory model whether any current fact states the opposite of a shown law' : 'No law to check here'}
            onClick={() => void useLaws.getState().checkContradictions(checkable)}
          >
            {checking ? <Spinner /> : <Glyph name="shield" size={15} />}
            {checking ? 'Checking…' : 'Check contradictions'}
          </button>
        </div>
      </header>

      <div className="laws-body">
        <ScopePicker entries={entries} choice={choice} />
        <section className="laws-column" aria-label="Laws">
          <CheckNotice />
          <ProposedChanges proposals={proposals.filter((p) => shownScopes.includes(p.scope))} />
          {!loaded ? (
            <div className="laws-loading">Loading…</div>
          ) : shownLaws.length === 0 && choice === 'all' && !rejected.some((l) => shownScopes.includes(l.scope)) ? (
            <LawsEmpty scopes={shownScopes} entries={entries} />
          ) : (
            shownScopes.map((scope) => (
              <ScopeGroup
                key={scope}
                entry={entries.find((e) => e.scope === scope)!}
                laws={laws.filter((l) => l.scope === scope)}
                rejected={rejected.filter((l) => l.scope === scope)}
                halfLifeDays={halfLifeDays}
                scopeLabel={scopeLabel}
              />
            ))
          )}
        </section>
      </div>
    </div>
  );
}

const GROUP_ORDER: LawScopeGroup[] = ['shared', 'agent', 'project', 'other'];

function ScopePicker({ entries, choice }: { entries: LawScopeEntry[]; choice: string }) {
  const navRef = useRef<HTMLElement>(null);
  const all = scopesOfChoice('all', entries);
  const total = entries.filter((e) => all.includes(e.scope)).reduce((n, e) => n + e.count, 0);

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const items = Array.from(navRef.current?.querySelectorAll<HTMLButtonElement>('[data-testid="laws-scope"]') ?? []);
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : Math.max(0, Math.min(items.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)));
    e.preventDefault();
    items[next]?.focus();
    items[next]?.click();
  }

  const item = (scope: string, label: string, detail: string, count: number, flags: { contradicted: number; stale: number } | null) => {
    const selected = scope === choice;
    return (
      <button
        key={scope}
        type="button"
        className={`laws-scope${selected ? ' is-selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        tabIndex={selected ? 0 : -1}
        data-testid="laws-scope"
        data-scope={scope}
        title={scope === 'all' ? 'Every scope this agent consolidates' : scope}
        onClick={() => useLaws.getState().choose(scope)}
      >
        <span className="laws-scope-main">
          <span className="laws-scope-label">{label}</span>
          {flags?.contradicted ? (
            <span className="laws-scope-flag is-error" title={`${plural(flags.contradicted, 'law')} contradicted`}>
              <Icon name="alert" size={12} />
            </span>
          ) : null}
          <span className="laws-scope-count" data-testid="laws-scope-count">
            {count}
          </span>
        </span>
        {detail ? <span className="laws-scope-detail">{detail}</span> : null}
      </button>
    );
  };

  return (
    <nav className="laws-scopes" aria-label="Law scopes" data-testid="laws-scopes" ref={navRef} onKeyDown={onKeyDown}>
      <div className="laws-scope-group">{item('all', 'All scopes', 'Global, this agent and its projects', total, null)}</div>
      {GROUP_ORDER.map((group) => {
        const inGroup = entries.filter((e) => e.group === group);
        if (!inGroup.length) return null;
        return (
          <div className="laws-scope-group" key={group}>
            <div className="laws-scope-group-title">{LAW_GROUP_TITLES[group]}</div>
            {inGroup.map((e) => item(e.scope, e.label, e.detail, e.count, e))}
          </div>
        );
      })}
    </nav>
  );
}

function ScopeGroup({
  entry,
  laws,
  rejected,
  halfLifeDays,
  scopeLabel,
}: {
  entry: LawScopeEntry;
  laws: LawView[];
  rejected: LawView[];
  halfLifeDays: number | null;
  scopeLabel: (scope: string) => string;
}) {
  const derive = useLaws((s) => s.derive[entry.scope]);
  const running = derive?.state === 'running';
  const eligible = laws.filter((l) => l.eligible).length;
  return (
    <section className="laws-group" data-testid="laws-group" data-scope={entry.scope} aria-busy={running}>
      <header className="laws-group-head">
        <div className="laws-group-text">
          <h2 className="laws-group-title">{entry.label}</h2>
          <div className="laws-group-meta">
            <span className="scope-chip mono selectable">{entry.scope}</span>
            <span>{plural(laws.length, 'law')}</span>
            {laws.length ? <span>{eligible} in recall</span> : null}
            {entry.contradicted ? <span className="is-error">{entry.contradicted} contradicted</span> : null}
            {entry.stale ? <span className="is-warn">{entry.stale} stale</span> : null}
            {rejected.length ? <span>{rejected.length} rejected</span> : null}
          </div>
        </div>
        <button
          type="button"
          className="button"
          data-testid="laws-derive"
          disabled={running}
          title="Infer this scope's laws again now from its current facts and relations (replaces them)"
          onClick={() => void useLaws.getState().rederive(entry.scope)}
        >
          {running ? <Spinner /> : <Glyph name="refresh" size={15} />}
          {running ? 'Re-deriving…' : 'Re-derive'}
        </button>
      </header>
      {derive ? <DeriveNotice state={derive} /> : null}
      {laws.length ? (
        <div className="law-list">
          {laws.map((l) => (
            <LawCard key={l.id} law={l} halfLifeDays={halfLifeDays} scopeLabel={scopeLabel} />
          ))}
        </div>
      ) : (
        <div className="laws-group-empty" data-testid="laws-group-empty">
          No laws in this scope yet. They are inferred when this scope is consolidated at level 3, or when you re-derive it.
        </div>
      )}
      <RejectedLaws laws={rejected} scope={entry.scope} />
    </section>
  );
}

function DeriveNotice({ state }: { state: DeriveState }) {
  const elapsed = useElapsed(state.state === 'running' ? state.startedAt : null);
  if (state.state === 'running') {
    return (
      <div className="laws-notice is-running" data-testid="laws-derive-progress" role="status">
        <Spinner />
        <span>Asking the memory model to infer this scope’s laws from its current facts and relations… {elapsed}</span>
        <div className="laws-notice-bar" aria-hidden="true" />
      </div>
    );
  }
  if (state.state === 'error') {
    return (
      <div className="laws-notice is-error" data-testid="laws-derive-result" role="alert">
        <Icon name="alert" size={15} />
        <span>Re-derivation failed: {state.message} The previous laws are kept.</span>
      </div>
    );
  }
  return (
    <div className="laws-notice is-ok" data-testid="laws-derive-result" role="status">
      <Icon name="check" size={15} />
      <span>
        Re-derived: {plural(state.derived, 'law')} derived, {state.dropped} replaced
        {state.rejected ? `, ${state.rejected} proposed without valid support and dropped` : ''}
        {state.excluded ? `, ${state.excluded} you rejected left out` : ''}
        {state.kept ? `, ${state.kept} of yours kept as you have ${state.kept === 1 ? 'it' : 'them'}` : ''}
        {state.proposed ? `, ${state.proposed} change${state.proposed === 1 ? '' : 's'} to your laws proposed` : ''}.
      </span>
    </div>
  );
}

function CheckNotice() {
  const check = useLaws((s) => s.check);
  if (!check) return null;
  if (check.state === 'running') {
    return (
      <div className="laws-notice is-running" data-testid="laws-check-progress" role="status">
        <Spinner />
        <span>Checking {plural(check.scopes.length, 'scope')} for facts that state the opposite of a law…</span>
        <div className="laws-notice-bar" aria-hidden="true" />
      </div>
    );
  }
  if (check.state === 'error') {
    return (
      <div className="laws-notice is-error" data-testid="laws-check-result" role="alert">
        <Icon name="alert" size={15} />
        <span>The contradiction check failed: {check.message}</span>
      </div>
    );
  }
  return (
    <div className={`laws-notice ${check.flagged ? 'is-warn' : 'is-ok'}`} data-testid="laws-check-result" role="status">
      <Icon name={check.flagged ? 'alert' : 'check'} size={15} />
      <span>
        Checked {plural(check.checked, 'law')}:{' '}
        {check.flagged ? `${check.flagged} contradicted by a current fact and suppressed from recall.` : 'none is contradicted by a current fact.'}
      </span>
    </div>
  );
}

function LawsEmpty({ scopes, entries }: { scopes: string[]; entries: LawScopeEntry[] }) {
  const derive = useLaws((s) => s.derive);
  const running = scopes.some((s) => derive[s]?.state === 'running');
  return (
    <div className="laws-empty" data-testid="laws-empty">
      <Icon name="laws" size={28} />
      <h2>No laws yet</h2>
      <p>
        Laws are general, falsifiable rules — “prefers vegetarian restaurants when travelling” — that consolidation infers at <strong>level 3</strong> from your facts and
        the knowledge graph, each citing exactly what it rests on. They are injected into new sessions as “Learned rules” while they are trusted.
      </p>
      <p className="muted">Set an agent’s memory level to 3 and run “Consolidate now” in Settings → Memory, or re-derive a scope here.</p>
      <div className="laws-empty-actions">
        {/* issue 27 §4: turns level 3 on with a schedule, saying what happens next */}
        <TurnOnForSelected layer="rules" primary={false} />
        <button type="button" className="button button-primary" data-testid="laws-open-memory-settings" onClick={openMemorySettings}>
          Open Settings → Memory
        </button>
        {scopes.map((s) => (
          <button key={s} type="button" className="button" disabled={running} onClick={() => void useLaws.getState().rederive(s)}>
            {derive[s]?.state === 'running' ? <Spinner /> : <Glyph name="refresh" size={15} />}
            Re-derive {entries.find((e) => e.scope === s)?.label ?? s}
          </button>
        ))}
      </div>
      {scopes.map((s) => (derive[s] && derive[s].state !== 'running' ? <DeriveNotice key={s} state={derive[s]} /> : null))}
    </div>
  );
}

function openMemorySettings(): void {
  useMemorySettings.getState().requestFocus();
  useSettingsNav.getState().show('memory');
  useShell.getState().setTab('settings');
}

/** "3 s" since a start time, ticking each second; empty when not running. */
function useElapsed(since: number | null): string {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (since === null) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [since]);
  if (since === null) return '';
  const s = Math.max(0, Math.floor((now - since) / 1000));
  return s < 1 ? '' : `${s} s`;
}

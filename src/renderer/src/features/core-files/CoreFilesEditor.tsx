// Identity files: USER.md (everyone), SOUL.md and AGENTS.md of the selected agent, and the workspace's
// AGENTS.md when the selected session has one. Save with the button or Ctrl/Cmd+S; unsaved edits are
// guarded; a change on disk while the file is open is noticed within a few seconds and offered.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Agent } from '../../../../shared/config';
import type { CoreFileView, Session } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { useConnection } from '../../lib/connection';
import { fullTime } from '../../lib/time';
import { useAgents } from '../agents/store';
import { Glyph } from '../facts/Glyph';
import { findSession, useSessions } from '../sessions/store';
import { useSettings } from '../settings/store';
import { toast } from '../toasts/store';
import { MarkdownEditor } from './MarkdownEditor';
import { SaveWarnings } from './SaveWarnings';
import { readCoreFile, sameTarget, targetKey, useCoreFiles, type CoreTarget } from './store';

/** How often the open file is checked for changes on disk (a stat on the engine side). */
const POLL_MS = 2500;

interface FileEntry {
  target: CoreTarget;
  group: string;
  name: string;
  detail: string;
}

function entriesFor(agent: Agent | null, session: Session | null): FileEntry[] {
  const out: FileEntry[] = [{ target: { kind: 'user' }, group: 'Everyone', name: 'USER.md', detail: 'Who you are · every agent reads it' }];
  if (agent) {
    out.push(
      { target: { kind: 'soul', agentId: agent.id }, group: agent.name, name: 'SOUL.md', detail: 'Character and voice' },
      { target: { kind: 'agents', agentId: agent.id }, group: agent.name, name: 'AGENTS.md', detail: 'Working instructions' },
    );
  }
  if (session?.workspace) {
    out.push({ target: { kind: 'workspace', sessionId: session.id }, group: 'Project', name: 'AGENTS.md', detail: session.workspace });
  }
  return out;
}

function describeTarget(t: CoreTarget, agents: Agent[], sessions: Session[]): string {
  const agentName = agents.find((a) => a.id === t.agentId)?.name ?? t.agentId;
  switch (t.kind) {
    case 'user':
      return 'USER.md';
    case 'soul':
      return `SOUL.md of ${agentName}`;
    case 'agents':
      return `AGENTS.md of ${agentName}`;
    case 'workspace': {
      const ws = sessions.find((s) => s.id === t.sessionId)?.workspace;
      return ws ? `AGENTS.md in ${ws}` : "the project's AGENTS.md";
    }
  }
}

/** The same kind of file for a newly selected agent / session (USER.md when there is none). */
function follow(t: CoreTarget, agentId: string | null, session: Session | null): CoreTarget {
  switch (t.kind) {
    case 'user':
      return t;
    case 'soul':
    case 'agents':
      return agentId ? { kind: t.kind, agentId } : { kind: 'user' };
    case 'workspace':
      return session?.workspace ? { kind: 'workspace', sessionId: session.id } : { kind: 'user' };
  }
}

/** A path inside the Monad home is shown relative to it (core/USER.md); others (a workspace) in full. */
function inHome(home: string | null, path: string): string {
  if (!home) return path;
  const sep = home.includes('\\') && !home.includes('/') ? '\\' : '/';
  const prefix = home.endsWith(sep) ? home : home + sep;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export function CoreFilesEditor() {
  const agents = useAgents((s) => s.agents);
  const agentId = useAgents((s) => s.selectedId);
  const agent = agents.find((a) => a.id === agentId) ?? null;
  const byAgent = useSessions((s) => s.byAgent);
  const session = useSessions((s) => findSession(s.byAgent, s.selectedId));
  const allSessions = useMemo(() => Object.values(byAgent).flat(), [byAgent]);
  const describe = (t: CoreTarget) => describeTarget(t, agents, allSessions);

  const home = useSettings((s) => s.status?.home ?? null);
  const { target, base, draft, dirty, loading, saving, disk, notice, warnings } = useCoreFiles();
  // "Keep editing" (or a line in the warnings) puts the cursor on that line.
  const [focusLine, setFocusLine] = useState<{ line: number; seq: number } | null>(null);
  const keepEditing = (line: number | null) => {
    useCoreFiles.getState().keepEditing();
    setFocusLine((prev) => ({ line: line ?? 1, seq: (prev?.seq ?? 0) + 1 }));
  };
  const entries = useMemo(() => entriesFor(agent, session), [agent, session]);
  const pinned = !entries.some((e) => sameTarget(e.target, target));

  // Whether each listed file exists yet (for the "new" hint); refreshed after a save.
  const [exists, setExists] = useState<Record<string, boolean>>({});
  const savedAt = notice?.kind === 'saved' ? notice.at : 0;
  useEffect(() => {
    let live = true;
    void Promise.all(entries.map(async (e) => [targetKey(e.target), (await readCoreFile(e.target))?.exists ?? false] as const)).then((pairs) => {
      if (live) setExists(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, [entries, savedAt]);

  // Open the first time; afterwards follow the sidebar's agent / session, asking before dropping edits.
  // Only what the open file depends on counts (the agent for SOUL/AGENTS, the session for a workspace
  // file): selecting an agent also moves the session selection, and that must not ask a second time.
  const seen = useRef<{ agentId: string | null; session: string | null } | null>(null);
  useEffect(() => {
    const store = useCoreFiles.getState();
    const now = { agentId, session: session ? `${session.id}|${session.workspace ?? ''}` : null };
    const before = seen.current;
    seen.current = now;
    if (!store.base && !store.loading) {
      void store.open(follow(store.target, agentId, session));
      return;
    }
    const kind = store.target.kind;
    const relevant =
      before === null ||
      ((kind === 'soul' || kind === 'agents') && before.agentId !== now.agentId) ||
      (kind === 'workspace' && before.session !== now.session);
    if (!relevant) return;
    const next = follow(store.target, agentId, session);
    if (!sameTarget(next, store.target)) void store.requestOpen(next, describe);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of agent or session should move the editor
  }, [agentId, session?.id, session?.workspace]);

  // Ctrl/Cmd+S anywhere in this view (the editor has its own binding too).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void useCoreFiles.getState().save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Notice changes on disk while open: poll (cheap: a stat, and a read only when it changed).
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible' && useConnection.getState().link === 'online') void useCoreFiles.getState().poll();
    };
    const timer = setInterval(check, POLL_MS);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, []);

  // Leaving the Memory tab keeps the draft; say so, since the agents see only the saved file.
  useEffect(
    () => () => {
      const s = useCoreFiles.getState();
      if (s.dirty && useShell.getState().tab !== 'memory') {
        toast.warning(`${describeTarget(s.target, useAgents.getState().agents, [])} has unsaved changes`, 'They are kept in Memory → Identity files. Agents read the saved file until you save.');
      }
    },
    [],
  );

  const readError = base?.error ?? null;
  const canSave = !!base && !readError && !saving && dirty;
  const state = loading || !base ? 'loading' : readError ? 'error' : dirty ? 'dirty' : base.exists ? 'saved' : 'new';
  const name = base ? fileName(base.path) : entries.find((e) => sameTarget(e.target, target))?.name ?? 'File';

  return (
    <div className="memory-body memory-identity" data-testid="identity-view">
      <nav className="scope-list core-file-list" aria-label="Identity files" data-testid="core-file-list">
        {pinned ? (
          <FileGroup title="Open">
            <FileItem
              entry={{ target, group: 'Open', name, detail: describe(target) }}
              selected
              dirty={dirty}
              exists={base?.exists ?? true}
              onOpen={() => undefined}
            />
          </FileGroup>
        ) : null}
        {groupBy(entries).map(([group, items]) => (
          <FileGroup key={group} title={group}>
            {items.map((e) => {
              const selected = sameTarget(e.target, target);
              return (
                <FileItem
                  key={targetKey(e.target)}
                  entry={e}
                  selected={selected}
                  dirty={selected && dirty}
                  exists={selected && base ? base.exists : (exists[targetKey(e.target)] ?? true)}
                  onOpen={() => void useCoreFiles.getState().requestOpen(e.target, describe)}
                />
              );
            })}
          </FileGroup>
        ))}
        <p className="core-file-hint">
          Sent word for word at the top of every turn’s system prompt. Facts are kept separately, under Facts.
        </p>
      </nav>

      <section className="editor-column" aria-labelledby="core-file-title">
        <header className="facts-head editor-head">
          <div className="facts-head-text">
            <h2 className="facts-title" id="core-file-title" data-testid="core-file-title">
              {name}
              {dirty ? <span className="unsaved-dot" role="img" title="Unsaved changes" aria-label="unsaved changes" /> : null}
            </h2>
            <div className="facts-meta">
              <span>{metaFor(target, entries, agents) ?? describe(target)}</span>
              {base ? (
                <span className="mono selectable facts-file" data-testid="core-file-path" data-path={base.path} title={base.path}>
                  {inHome(home, base.path)}
                </span>
              ) : null}
            </div>
          </div>
          <div className="editor-actions">
            <span
              className={`editor-state editor-state-${state}`}
              data-testid="core-state"
              data-state={state}
              title={state === 'saved' && base?.mtimeMs ? `Last changed ${fullTime(new Date(base.mtimeMs).toISOString())}` : undefined}
            >
              {stateLabel(state)}
            </span>
            <button
              type="button"
              className="button button-quiet"
              data-testid="core-revert"
              disabled={!dirty || saving}
              title="Discard your edits and load the file from disk"
              onClick={() => void useCoreFiles.getState().reload()}
            >
              Revert
            </button>
            <button
              type="button"
              className="button button-primary"
              data-testid="core-save"
              disabled={!canSave}
              title="Save (Ctrl+S)"
              onClick={() => void useCoreFiles.getState().save()}
            >
              <Glyph name="save" size={15} />
              {saving ? 'Saving…' : 'Save'}
              <kbd className="button-kbd">{isMac() ? '⌘S' : 'Ctrl+S'}</kbd>
            </button>
          </div>
        </header>

        {readError ? (
          <div className="banner banner-error editor-banner" role="alert" data-testid="core-read-error">
            <Icon name="alert" size={16} className="banner-icon" />
            <div className="banner-body">
              <div className="banner-title">This file can’t be edited here: it {readError}.</div>
              <div className="banner-hint">
                It is not sent to the model either. Fix or replace it with another editor; this view picks the change up within a few seconds.
              </div>
            </div>
          </div>
        ) : null}

        {disk ? <DiskNotice disk={disk} name={name} /> : null}
        {warnings ? (
          <SaveWarnings found={warnings} name={name} saving={saving} onKeepEditing={keepEditing} onSaveAnyway={() => void useCoreFiles.getState().saveAnyway()} />
        ) : null}
        {!disk && !warnings && notice ? <InfoNotice name={name} /> : null}

        <div className={`editor-frame${readError ? ' is-readonly' : ''}`}>
          {base ? (
            <MarkdownEditor
              key={targetKey(target)}
              value={draft}
              readOnly={!!readError}
              label={`${name} — ${describe(target)}`}
              placeholder={placeholderFor(target.kind)}
              onChange={(v) => useCoreFiles.getState().setDraft(v)}
              onSave={() => void useCoreFiles.getState().save()}
              focusLine={focusLine}
            />
          ) : (
            <div className="editor-loading">Loading…</div>
          )}
        </div>
      </section>
    </div>
  );
}

function groupBy(entries: FileEntry[]): [string, FileEntry[]][] {
  const groups = new Map<string, FileEntry[]>();
  for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  return [...groups];
}

function FileGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="scope-group">
      <div className="scope-group-title">{title}</div>
      {children}
    </div>
  );
}

function FileItem(props: { entry: FileEntry; selected: boolean; dirty: boolean; exists: boolean; onOpen(): void }) {
  const { entry, selected, dirty, exists } = props;
  return (
    <button
      type="button"
      className={`scope-item core-file-item${selected ? ' is-selected' : ''}`}
      aria-current={selected ? 'true' : undefined}
      data-testid="core-file"
      data-kind={entry.target.kind}
      data-agent-id={entry.target.agentId}
      title={entry.detail}
      onClick={props.onOpen}
    >
      <span className="scope-item-main">
        <Glyph name="file" size={14} className="core-file-icon" />
        <span className="scope-label">{entry.name}</span>
        {dirty ? <span className="unsaved-dot" title="Unsaved changes" /> : null}
        {!exists ? <span className="core-file-new">new</span> : null}
      </span>
      <span className="scope-detail">{entry.detail}</span>
    </button>
  );
}

function DiskNotice({ disk, name }: { disk: CoreFileView; name: string }) {
  const deleted = !disk.exists;
  return (
    <div className="banner banner-warning editor-banner" role="alert" data-testid="core-disk-notice">
      <Icon name="alert" size={16} className="banner-icon" />
      <div className="banner-body">
        <div className="banner-title">
          {deleted ? `${name} was deleted on disk` : `${name} changed on disk`} while you were editing it
          {disk.mtimeMs ? <span className="banner-when"> · {new Date(disk.mtimeMs).toLocaleTimeString()}</span> : null}
        </div>
        <div className="banner-hint">
          Reload to take the version on disk (your edits here are dropped), or keep yours — saving then replaces the version on disk.
        </div>
        <div className="banner-actions">
          <button type="button" className="button" data-testid="core-disk-reload" onClick={() => void useCoreFiles.getState().reload()}>
            <Glyph name="refresh" size={15} />
            Reload from disk
          </button>
          <button type="button" className="button button-quiet" data-testid="core-disk-keep" onClick={() => useCoreFiles.getState().keepMine()}>
            Keep mine
          </button>
        </div>
      </div>
    </div>
  );
}

function InfoNotice({ name }: { name: string }) {
  const notice = useCoreFiles((s) => s.notice);
  // A saved confirmation is brief; the others stay until dismissed or replaced.
  useEffect(() => {
    if (notice?.kind !== 'saved') return;
    const timer = setTimeout(() => useCoreFiles.getState().dismissNotice(), 4000);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  const at = new Date(notice.at).toLocaleTimeString();
  const text =
    notice.kind === 'reloaded'
      ? `${name} changed on disk and was reloaded (${at}). You had no unsaved edits, so nothing was lost.`
      : notice.kind === 'kept'
        ? `Keeping your version. Saving will replace the newer ${name} on disk.`
        : `Saved ${name} (${at}). Agents use it from their next turn.`;
  return (
    <div className={`editor-notice editor-notice-${notice.kind}`} role="status" data-testid="core-notice" data-kind={notice.kind}>
      <Icon name={notice.kind === 'saved' ? 'check' : 'info'} size={15} />
      <span>{text}</span>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => useCoreFiles.getState().dismissNotice()}>
        <Icon name="close" size={13} />
      </button>
    </div>
  );
}

/** The line under the file name: what the file is for (and whose it is). */
function metaFor(t: CoreTarget, entries: FileEntry[], agents: Agent[]): string | null {
  const entry = entries.find((e) => sameTarget(e.target, t));
  if (!entry) return null;
  if (t.kind === 'soul' || t.kind === 'agents') return `${entry.detail} · ${agents.find((a) => a.id === t.agentId)?.name ?? t.agentId}`;
  if (t.kind === 'workspace') return 'Project instructions';
  return entry.detail;
}

function stateLabel(state: string): string {
  switch (state) {
    case 'loading':
      return 'Loading…';
    case 'error':
      return 'Read-only';
    case 'dirty':
      return 'Unsaved changes';
    case 'new':
      return 'Not created yet';
    default:
      return 'Saved';
  }
}

function placeholderFor(kind: CoreTarget['kind']): string {
  switch (kind) {
    case 'user':
      return '# About me\n\nName, what you do, how you like answers…';
    case 'soul':
      return "# Soul\n\nThis agent's character: tone, values, what it never does…";
    case 'agents':
      return '# Instructions\n\nHow this agent works: tools to prefer, steps to follow…';
    case 'workspace':
      return "# Project\n\nThis project's conventions: how to build, test, where things live…";
  }
}

function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}

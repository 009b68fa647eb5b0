// Session options in a small popover: the workspace folder (its AGENTS.md is read, and its facts live
// in the project scope), incognito (nothing from the chat is written to memory) and the chat's own model
// settings (instructions, temperature, reply and context length; issue 29 §2) over the agent's defaults.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatSettingsPatch } from '../../../../shared/chat-settings';
import type { Session } from '../../../../shared/domain';
import { ApiError, invoke } from '../../lib/api';
import { useAgents } from '../agents/store';
import { useSessions } from '../sessions/store';
import { ChatSettingsFields } from './ChatSettingsFields';
import { ChatIcon } from './chat-icons';
import { quietToast } from './quiet-toast';
import { UseItNow } from './use-it-now';

export function SessionSettings({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape closes it wherever the focus is (a button that removed itself leaves it on the body).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault(); // closes the panel, does not stop a reply
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useEffect(() => setOpen(false), [session.id]);

  return (
    <div className="popover-anchor" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`button button-quiet chat-settings-button${open ? ' is-open' : ''}`}
        data-testid="session-settings"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
      >
        <ChatIcon name="sliders" size={15} />
        Session
      </button>
      {open ? (
        <SettingsPanel session={session} />
      ) : null}
    </div>
  );
}

function SettingsPanel({ session }: { session: Session }) {
  const [folder, setFolder] = useState(session.workspace ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Shown at once; put back if the engine refuses.
  const [incognito, setIncognito] = useState(session.incognito);
  useEffect(() => setIncognito(session.incognito), [session.incognito]);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  // The model settings make the panel tall: it ends above the window's bottom edge and scrolls inside.
  const panelRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const el = panelRef.current;
      if (el) el.style.maxHeight = `${Math.max(200, window.innerHeight - el.getBoundingClientRect().top - 12)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);

  async function update(patch: { workspace?: string | null; incognito?: boolean }): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await invoke('sessions.update', { id: session.id, ...patch });
      await useSessions.getState().load(session.agentId);
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      quietToast(err); // shown under the field instead
      setError(err.message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function saveFolder(e: FormEvent) {
    e.preventDefault();
    const value = folder.trim();
    if (value === (session.workspace ?? '')) return;
    const ok = await update({ workspace: value === '' ? null : value });
    if (ok && value === '') setFolder('');
  }

  const dirty = folder.trim() !== (session.workspace ?? '');
  return (
    <div
      ref={panelRef}
      className="popover session-settings"
      role="dialog"
      aria-label="Session settings"
      data-testid="session-settings-panel"
    >
      <form className="popover-section" onSubmit={saveFolder}>
        <label className="field" htmlFor={inputId}>
          <span className="field-label">Workspace folder</span>
        </label>
        <div className="popover-row">
          <input
            id={inputId}
            ref={inputRef}
            className="input mono"
            data-testid="session-workspace"
            placeholder="/absolute/path/to/project"
            value={folder}
            spellCheck={false}
            onChange={(e) => {
              setFolder(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button" data-testid="session-workspace-save" disabled={busy || !dirty}>
            Save
          </button>
        </div>
        {error ? (
          <div className="popover-error" role="alert" data-testid="session-settings-error">
            {error}
          </div>
        ) : (
          <p className="popover-help">
            {session.workspace
              ? `Project scope ${session.projectKey ?? ''}: facts learned here belong to this folder. Its AGENTS.md is read in every turn.`
              : 'Optional. Ties the chat to a project: its AGENTS.md is read, and facts about it are kept with the folder.'}
          </p>
        )}
        {session.workspace ? (
          <button
            type="button"
            className="button button-quiet button-danger-text popover-link"
            data-testid="session-workspace-clear"
            disabled={busy}
            onClick={() => void update({ workspace: null }).then((ok) => ok && setFolder(''))}
          >
            Remove the workspace
          </button>
        ) : null}
      </form>
      <div className="popover-divider" />
      {/* Quieter memory (issue 29 §4): "Use it now" without a banner. */}
      <div className="popover-section" aria-label="Memory in this chat" role="group">
        <span className="field-label">Memory in this chat</span>
        <UseItNow sessionId={session.id} testId="session-use-it-now" current="This chat uses memory as it is now." />
      </div>
      <div className="popover-divider" />
      <label className="popover-section popover-toggle">
        <input
          type="checkbox"
          data-testid="session-incognito"
          checked={incognito}
          disabled={busy}
          onChange={(e) => {
            const next = e.target.checked;
            setIncognito(next);
            void update({ incognito: next }).then((ok) => ok || setIncognito(!next));
          }}
        />
        <span>
          <span className="popover-toggle-title">
            <ChatIcon name="incognito" size={14} /> Incognito
          </span>
          <span className="popover-help">Nothing from this chat is written to memory. What the agent already knows is still used.</span>
        </span>
      </label>
      <div className="popover-divider" />
      <ChatModelSettings session={session} />
    </div>
  );
}

/** Per-chat settings (issue 29 §2): empty fields take the agent's defaults (Settings → Agents). */
function ChatModelSettings({ session }: { session: Session }) {
  const agentDefaults = useAgents((s) => s.agents.find((a) => a.id === session.agentId)?.chat);
  async function save(settings: ChatSettingsPatch): Promise<string | null> {
    try {
      await invoke('sessions.setSettings', { id: session.id, settings });
      await useSessions.getState().load(session.agentId);
      return null;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      quietToast(err); // shown under the field instead
      return err.message;
    }
  }
  return (
    <section className="popover-section" aria-labelledby={`chat-model-settings-${session.id}`}>
      <h3 className="session-settings-heading" id={`chat-model-settings-${session.id}`}>
        Model settings for this chat
      </h3>
      <ChatSettingsFields own={session.settings ?? {}} inherited={agentDefaults ?? {}} fallback="agent" save={save} testIdPrefix="chat-setting" />
    </section>
  );
}

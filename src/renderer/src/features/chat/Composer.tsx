// The message box. Enter sends, Shift+Enter starts a new line; text starting with "/" is a command
// (suggested as you type, run through chat.command, its output shown in the chat). While a reply is
// being written, sending waits (and says so); Stop or Escape ends the reply. A message whose text came
// mostly from pastes is sent as pasted: the engine stores that, and facts recorded from it are marked as
// coming from pasted text in later recall (someone else's words may be in it).
import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { ChatIcon } from './chat-icons';
import { AttachButton, AttachmentTray } from './AttachmentTray';
import { readyRefs, useAttachments, type PendingFile } from './attachments-store';
import { useChat, type CommandInfo } from './store';

/** Until the engine's own list has loaded, /help is always there. */
const FALLBACK_COMMANDS: CommandInfo[] = [{ name: 'help', usage: '/help — list the commands' }];
const NO_FILES: PendingFile[] = [];

/** Unsent text per session survives switching sessions and tabs (not a restart). */
const unsent = new Map<string, string>();
/** What was pasted into each session's unsent text, to tell a pasted message from a typed one. */
const pastes = new Map<string, string[]>();

/** At least this share of the message still being pasted text makes it a pasted message. */
export const PASTED_SHARE = 0.5;

/** How much of `text` is pasted snippets that are still in it as pasted (edited snippets no longer count). */
export function pastedShare(text: string, snippets: readonly string[]): number {
  const value = text.trim();
  if (!value) return 0;
  let covered = 0;
  for (const s of new Set(snippets.map((x) => x.trim()).filter((x) => x.length > 0))) if (value.includes(s)) covered += s.length;
  return Math.min(1, covered / value.length);
}

function takesArguments(c: CommandInfo): boolean {
  return c.usage.split(' — ')[0].trim().includes(' ');
}

export function Composer({ sessionId, running, agentName }: { sessionId: string; running: boolean; agentName: string }) {
  const [text, setText] = useState(() => unsent.get(sessionId) ?? '');
  const [active, setActive] = useState(0);
  const [slashClosed, setSlashClosed] = useState(false);
  const commands = useChat((s) => s.commands);
  const notSent = useChat((s) => (s.notSent?.sessionId === sessionId ? s.notSent.reason : null));
  const ref = useRef<HTMLTextAreaElement>(null);
  // Attachments (issue 29 §1): files wait here while the engine reads them; typing goes on meanwhile.
  const files = useAttachments((s) => s.pending[sessionId] ?? NO_FILES);
  const reading = files.find((f) => f.state === 'reading');

  useEffect(() => {
    // A chat that opens by itself (the sidebar picked it after a load) must not take the keyboard from
    // a field the person is typing in meanwhile (the search box, a dialog).
    if (ref.current && !typingElsewhere(ref.current)) ref.current.focus();
  }, []);
  useEffect(() => {
    if (text) unsent.set(sessionId, text);
    else {
      unsent.delete(sessionId);
      pastes.delete(sessionId);
    }
  }, [sessionId, text]);
  const [, setPasteCount] = useState(0);
  const pasted = pastedShare(text, pastes.get(sessionId) ?? []) >= PASTED_SHARE;

  const typingCommand = text.startsWith('/');
  useEffect(() => {
    if (typingCommand) void useChat.getState().loadCommands();
  }, [typingCommand]);

  const known = commands.length ? commands : FALLBACK_COMMANDS;
  const suggestions = !slashClosed && /^\/[a-z0-9-]*$/i.test(text) ? known.filter((c) => `/${c.name}`.startsWith(text.toLowerCase())) : [];
  const current = suggestions[Math.min(active, suggestions.length - 1)];
  const isCommand = text.trim().startsWith('/');
  const canSend = text.trim() !== '' && (isCommand || (!running && !reading));

  function change(value: string) {
    setText(value);
    useChat.getState().clearNotSent();
    setActive(0);
    if (!value.startsWith('/')) setSlashClosed(false);
  }

  function complete(c: CommandInfo) {
    setText(`/${c.name}${takesArguments(c) ? ' ' : ''}`);
    setActive(0);
    ref.current?.focus();
  }

  /** Text that arrives by paste or by dropping it on the box came from elsewhere. */
  function brought(t: string) {
    if (!t) return;
    pastes.set(sessionId, [...(pastes.get(sessionId) ?? []), t]);
    setPasteCount((n) => n + 1);
  }

  async function submit() {
    const value = text.trim();
    if (!value || !canSend) return;
    const wasPasted = pasted;
    setText('');
    setSlashClosed(false);
    pastes.delete(sessionId);
    if (value.startsWith('/')) {
      await useChat.getState().runCommand(value);
      return;
    }
    const attachments = readyRefs(files);
    const stored = await useChat.getState().send(value, { pasted: wasPasted, ...(attachments.length ? { attachments } : {}) });
    // Refused before anything was stored (no model, busy): give the text back; the files stay too.
    if (!stored) setText((now) => (now === '' ? value : now));
    else if (files.length) useAttachments.getState().clear(sessionId);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.nativeEvent.isComposing) return; // an IME is composing: Enter picks a candidate
    if (suggestions.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : suggestions.length - 1;
        setActive((i) => (i + step) % suggestions.length);
        return;
      }
      if (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey && current && text.toLowerCase() !== `/${current.name}`)) {
        e.preventDefault();
        complete(current);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault(); // closes the list; it does not stop a reply
        setSlashClosed(true);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <div className="composer-wrap">
      <AttachmentTray sessionId={sessionId} />
      <div
        className={`composer${running ? ' is-running' : ''}`}
        data-testid="composer"
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) e.preventDefault(); // files may be dropped anywhere on the box
        }}
        onDrop={(e) => {
          const dropped = Array.from(e.dataTransfer.files);
          if (!dropped.length) return;
          e.preventDefault();
          useAttachments.getState().add(sessionId, dropped);
        }}
      >
        {suggestions.length ? (
          <ul className="slash-menu" role="listbox" aria-label="Commands" data-testid="slash-suggestions">
            {suggestions.map((c, i) => (
              <li
                key={c.name}
                role="option"
                aria-selected={c === current}
                className={`slash-item${c === current ? ' is-active' : ''}`}
                data-testid="slash-suggestion"
                onMouseDown={(e) => {
                  e.preventDefault(); // keep the focus in the textarea
                  complete(c);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="mono slash-name">{c.usage.split(' — ')[0]}</span>
                <span className="slash-desc">{c.usage.split(' — ')[1] ?? ''}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <textarea
          ref={ref}
          className="composer-input"
          data-testid="composer-input"
          aria-label={`Message ${agentName}`}
          placeholder={`Message ${agentName}…`}
          rows={1}
          value={text}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={(e: ClipboardEvent<HTMLTextAreaElement>) => {
            const pastedFiles = Array.from(e.clipboardData.files);
            const pastedText = e.clipboardData.getData('text/plain');
            if (pastedFiles.length) {
              useAttachments.getState().add(sessionId, pastedFiles);
              if (!pastedText) e.preventDefault();
            }
            brought(pastedText);
          }}
          onDrop={(e: DragEvent<HTMLTextAreaElement>) => brought(e.dataTransfer.getData('text/plain'))}
        />
        <div className="composer-actions">
          <AttachButton sessionId={sessionId} />
          {running ? (
            <button
              type="button"
              className="composer-button composer-stop"
              data-testid="stop"
              aria-label="Stop the reply (Esc)"
              title="Stop the reply (Esc)"
              onClick={() => void useChat.getState().cancel()}
            >
              <ChatIcon name="stop" size={14} />
            </button>
          ) : null}
          {!running || isCommand ? (
            <button
              type="button"
              className="composer-button composer-send"
              data-testid="send"
              aria-label={isCommand ? 'Run command (Enter)' : 'Send (Enter)'}
              title={isCommand ? 'Run command (Enter)' : 'Send (Enter)'}
              disabled={!canSend}
              onClick={() => void submit()}
            >
              <ChatIcon name="send" size={16} />
            </button>
          ) : null}
        </div>
      </div>
      <div className="composer-hint" data-testid="composer-reason" data-running={running || undefined}>
        {running ? (
          <>
            <span className="composer-pulse" aria-hidden="true" />
            {agentName} is writing a reply — sending waits until it ends. Press <kbd>Esc</kbd> or Stop to end it now.
          </>
        ) : reading && !notSent ? (
          <span data-testid="composer-reading">Reading {reading.name}… you can keep typing; sending waits until it is read.</span>
        ) : notSent ? (
          <span className="composer-not-sent" role="alert" data-testid="composer-not-sent">
            {notSent}
          </span>
        ) : pasted && !isCommand ? (
          <span data-testid="composer-pasted">
            Mostly pasted text: facts remembered from it will be marked as coming from pasted text. <kbd>Enter</kbd> to send
          </span>
        ) : (
          <>
            <kbd>Enter</kbd> to send · <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line · <kbd>/</kbd> for commands
          </>
        )}
      </div>
    </div>
  );
}

/** The focus is in another text field, or inside a dialog: somewhere the person is working. */
function typingElsewhere(mine: HTMLElement): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === mine || active === document.body) return false;
  return active.isContentEditable || active.matches('input, textarea, select') || active.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

// One entry of the chat: a person's message, a reply (Markdown, tool calls, its error), the reply being
// streamed, the "thinking" dots, or a command's note.
import { MessageAttachments } from './MessageAttachments';
import { memo } from 'react';
import type { Message, WrittenBy } from '../../../../shared/domain';
import { initials } from '../../lib/initials';
import { ChatIcon } from './chat-icons';
import { CopyButton } from './CopyButton';
import { Markdown } from './Markdown';
import { BranchSwitcher, EditMessageButton, EditMessageForm, useIsEditing } from './MessageEdit';
import { isErrorMarker, type ToolView } from './rows';
import type { CommandNote, LiveDraft } from './store';
import { clock, fullTimeOf, num } from './format';
import { ToolCalls } from './ToolCalls';
import { ChangeLines } from '../receipts/ChangeLines';
import { MemoryButton } from '../receipts/MemoryButton';
// What the engine writes on a reply the person stopped (a quiet tag, not a failure) or that was cut off.
import { cutOffReason, STOPPED_MARK } from '../../../../shared/reply-marks';

function Author({ name, at, model }: { name: string; at?: string; model?: WrittenBy | null }) {
  return (
    <div className="msg-head">
      <span className="msg-avatar" aria-hidden="true">
        {initials(name)}
      </span>
      <span className="msg-author">{name}</span>
      {at ? (
        <time className="msg-time" dateTime={at} title={fullTimeOf(at)}>
          {clock(at)}
        </time>
      ) : null}
      {/* Which model wrote the reply (issue 29 §2), as stored with it: switching models later does not rewrite it. */}
      {model ? (
        <span className="msg-model" data-testid="message-model" title={`Written by ${model.model} from ${model.provider}`}>
          {model.provider} · {model.model}
        </span>
      ) : null}
    </div>
  );
}

export const MessageView = memo(function MessageView(props: {
  message: Message;
  tools: ToolView[];
  agentName: string;
  continued: boolean;
  /** The model named on the author line (rows.ts: the reply's first message a model wrote). */
  model?: WrittenBy;
  isLastReply: boolean;
  busy: boolean;
  highlighted: boolean;
  onRegenerate(): void;
  onContinue(): void;
}) {
  const { message: m, tools, agentName, continued, isLastReply, busy, highlighted } = props;
  const editing = useIsEditing(m.id); // edit & resend
  const common = {
    'data-testid': 'message',
    'data-role': m.role,
    'data-message-id': m.id,
    'data-highlighted': highlighted || undefined,
  };

  if (m.role === 'user') {
    return (
      <article className={`msg msg-user${highlighted ? ' is-highlighted' : ''}`} {...common}>
        {editing ? <EditMessageForm message={m} /> : <div className="msg-bubble message-content selectable">{m.content}</div>}
        {m.attachments?.length ? <MessageAttachments files={m.attachments} /> : null}
        {m.origin === 'pasted' || m.origin === 'forwarded' ? (
          <div
            className="msg-origin"
            data-testid="message-origin"
            data-origin={m.origin}
            title="Text that came from elsewhere may hold someone else's words: facts remembered from it are marked as such."
          >
            {m.origin === 'pasted' ? 'Pasted text' : 'Forwarded message'}
          </div>
        ) : null}
        <div className="msg-actions">
          <time className="msg-time" dateTime={m.createdAt} title={fullTimeOf(m.createdAt)}>
            {clock(m.createdAt)}
          </time>
          <CopyButton text={() => m.content} label="Copy message" />
          <EditMessageButton message={m} busy={busy} />
          <BranchSwitcher message={m} busy={busy} />
        </div>
      </article>
    );
  }

  if (m.role === 'system') {
    return (
      <article className={`msg msg-system${highlighted ? ' is-highlighted' : ''}`} {...common}>
        <div className="msg-system-body msg-content">
          <Markdown text={m.content} />
        </div>
      </article>
    );
  }

  const marker = isErrorMarker(m);
  const stopped = m.error === STOPPED_MARK;
  const cutOff = cutOffReason(m.error);
  return (
    <article className={`msg msg-assistant${continued ? ' is-continued' : ''}${highlighted ? ' is-highlighted' : ''}`} {...common}>
      {continued ? null : <Author name={agentName} at={m.createdAt} model={props.model ?? m.writtenBy} />}
      <div className="msg-body">
        {tools.length ? <ToolCalls tools={tools} /> : null}
        {m.content ? (
          <div className="msg-content">
            <Markdown text={m.content} />
          </div>
        ) : null}
        {/* receipts: "Memory updated" lines */}
        {m.memory?.changes.length ? <ChangeLines changes={m.memory.changes} undone={m.memory.undone} forgottenMemories={m.memory.forgottenMemories} messageId={m.id} /> : null}
        {m.error && stopped ? (
          <div className="msg-stopped" data-testid="message-stopped">
            <ChatIcon name="stop" size={11} /> Stopped
            {isLastReply ? (
              <button type="button" className="button button-quiet msg-stopped-retry" data-testid="retry" disabled={busy} onClick={props.onRegenerate}>
                <ChatIcon name="regenerate" size={13} />
                Retry
              </button>
            ) : null}
          </div>
        ) : null}
        {cutOff !== null ? (
          <div className="msg-error msg-cut-off" role="alert" data-testid="message-cut-off">
            <ChatIcon name="alert" size={16} className="msg-error-icon" />
            <div className="msg-error-text">
              <div className="msg-error-title">The reply was cut off</div>
              <div className="msg-error-detail selectable">{cutOff} What arrived is kept above.</div>
            </div>
            {isLastReply ? (
              <div className="msg-cut-off-actions">
                <button type="button" className="button msg-retry" data-testid="continue" disabled={busy} onClick={props.onContinue}>
                  <ChatIcon name="chevronRight" size={14} />
                  Continue
                </button>
                <button type="button" className="button msg-retry" data-testid="retry" disabled={busy} onClick={props.onRegenerate}>
                  <ChatIcon name="regenerate" size={14} />
                  Retry
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
        {m.error && !stopped && cutOff === null ? (
          <div className="msg-error" role="alert" data-testid="message-error">
            <ChatIcon name="alert" size={16} className="msg-error-icon" />
            <div className="msg-error-text">
              <div className="msg-error-title">{marker ? 'The reply failed' : 'The reply ended with an error'}</div>
              <div className="msg-error-detail selectable">{m.error}</div>
            </div>
            {isLastReply ? (
              <button type="button" className="button msg-retry" data-testid="retry" disabled={busy} onClick={props.onRegenerate}>
                <ChatIcon name="regenerate" size={14} />
                Retry
              </button>
            ) : null}
          </div>
        ) : null}
        {marker || (!m.content && !isLastReply) ? null : (
          <div className="msg-actions">
            {m.content ? <CopyButton text={() => m.content} label="Copy reply" /> : null}
            <MemoryButton message={m} /> {/* receipts */}
            {isLastReply && (!m.error || stopped) ? (
              <button
                type="button"
                className="msg-action"
                data-testid="regenerate"
                aria-label="Regenerate reply"
                title="Regenerate reply"
                disabled={busy}
                onClick={props.onRegenerate}
              >
                <ChatIcon name="regenerate" size={14} />
              </button>
            ) : null}
            {m.usage ? (
              <span className="msg-usage" title="Tokens in / out">
                {num(m.usage.input)} → {num(m.usage.output)} tokens
              </span>
            ) : null}
          </div>
        )}
      </div>
    </article>
  );
});

export const LiveView = memo(function LiveView({ draft, agentName, continued }: { draft: LiveDraft; agentName: string; continued: boolean }) {
  return (
    <article className={`msg msg-assistant is-live${continued ? ' is-continued' : ''}`} data-testid="message-live" data-message-id={draft.id}>
      {continued ? null : <Author name={agentName} />}
      <div className="msg-body">
        {draft.tools.length ? <ToolCalls tools={draft.tools} /> : null}
        {draft.content ? (
          <div className="msg-content">
            <Markdown text={draft.content} streaming />
          </div>
        ) : null}
      </div>
    </article>
  );
});

export function ThinkingView({ agentName }: { agentName: string }) {
  return (
    <div className="msg msg-assistant msg-thinking" data-testid="message-thinking" aria-live="polite">
      <Author name={agentName} />
      <div className="msg-body">
        <span className="thinking-dots" aria-label="Writing a reply">
          <span />
          <span />
          <span />
        </span>
      </div>
    </div>
  );
}

export const NoteView = memo(function NoteView({ note }: { note: CommandNote }) {
  return (
    <aside className={`chat-note${note.error ? ' chat-note-error' : ''}`} data-testid="command-note">
      <div className="chat-note-head">
        <ChatIcon name="terminal" size={14} />
        <span className="mono chat-note-command">{note.command}</span>
        <span className="chat-note-hint">only shown here · not saved</span>
      </div>
      <div className="chat-note-body msg-content">
        {note.error ? (
          <div className="chat-note-error-text" role="alert">
            {note.error}
          </div>
        ) : note.output === null ? (
          <span className="muted">Running…</span>
        ) : (
          <Markdown text={note.output} />
        )}
      </div>
    </aside>
  );
});

// Edit & resend (issue 17): the pencil on a sent message, the inline editor, and the "‹ 2/3 ›" arrows
// between versions of an edited message.
import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { resendEdited, showVersion, useMessageEdit } from './edit-store';

export function useIsEditing(messageId: string): boolean {
  return useMessageEdit((s) => s.editingId === messageId);
}

export function EditMessageButton({ message, busy }: { message: Message; busy: boolean }) {
  return (
    <button
      type="button"
      className="msg-action"
      data-testid="edit-message"
      aria-label="Edit and resend"
      title="Edit and resend (the current version stays reachable)"
      disabled={busy}
      onClick={() => useMessageEdit.getState().start(message.id)}
    >
      <Icon name="pencil" size={14} />
    </button>
  );
}

export function BranchSwitcher({ message, busy }: { message: Message; busy: boolean }) {
  const branch = message.branch;
  if (!branch || branch.ids.length < 2) return null;
  const { index, ids } = branch;
  return (
    <span className="msg-branch" data-testid="branch-switcher" role="group" aria-label="Versions of this message">
      <button
        type="button"
        className="msg-action"
        data-testid="branch-prev"
        aria-label="Previous version"
        disabled={busy || index <= 0}
        onClick={() => void showVersion(ids[index - 1])}
      >
        <Icon name="chevronRight" size={13} className="flip-x" />
      </button>
      <span className="msg-branch-count" data-testid="branch-count" aria-live="polite">
        {index + 1}/{ids.length}
      </span>
      <button
        type="button"
        className="msg-action"
        data-testid="branch-next"
        aria-label="Next version"
        disabled={busy || index >= ids.length - 1}
        onClick={() => void showVersion(ids[index + 1])}
      >
        <Icon name="chevronRight" size={13} />
      </button>
    </span>
  );
}

export function EditMessageForm({ message }: { message: Message }) {
  const [text, setText] = useState(message.content);
  const ref = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  // The whole editor stays in view, its Send button too (issue 29 §5): when it opens, and whenever the
  // list around it gets shorter (a banner or note appears below it, the window shrinks), the list
  // scrolls just enough; before, Send ended up hidden under the "Memory changed" banner.
  useEffect(() => {
    const form = formRef.current;
    const scroller = form?.closest<HTMLElement>('.chat-scroller');
    if (!form || !scroller) return;
    const keep = () => {
      const f = form.getBoundingClientRect();
      const v = scroller.getBoundingClientRect();
      if (f.bottom > v.bottom || f.top < v.top) form.scrollIntoView({ block: f.height > v.height ? 'start' : 'nearest' });
    };
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(scroller);
    observer.observe(form);
    return () => observer.disconnect();
  }, []);
  const changed = text.trim() !== '' && text.trim() !== message.content.trim();
  const submit = () => {
    if (changed) void resendEdited(message.id, text.trim());
  };
  return (
    <form
      ref={formRef}
      className="msg-edit"
      data-testid="edit-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={ref}
        className="input msg-edit-input"
        data-testid="edit-input"
        aria-label="Edit your message"
        value={text}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          } else if (e.key === 'Escape') {
            e.preventDefault(); // cancels the edit, does not stop a reply
            useMessageEdit.getState().stop();
          }
        }}
      />
      <div className="msg-edit-actions">
        <button type="button" className="button button-quiet" data-testid="edit-cancel" onClick={() => useMessageEdit.getState().stop()}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" data-testid="edit-send" disabled={!changed}>
          Send
        </button>
      </div>
    </form>
  );
}

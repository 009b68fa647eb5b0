// A copy button that says "Copied" for a moment, or that copying failed.
import { useEffect, useRef, useState } from 'react';
import { toast } from '../toasts/store';
import { ChatIcon } from './chat-icons';
import { copyText } from './clipboard';

/** Long enough to notice, short enough not to linger over the next action. */
const FEEDBACK_MS = 1600;

export function CopyButton(props: { text: () => string; label?: string; className?: string; testId?: string; showLabel?: boolean }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | null>(null);
  useEffect(() => () => void (timer.current !== null && clearTimeout(timer.current)), []);
  const label = props.label ?? 'Copy';

  async function copy() {
    const ok = await copyText(props.text());
    if (!ok) {
      toast.error('Could not copy', 'The clipboard refused the text. Select it and press Ctrl+C instead.');
      return;
    }
    setCopied(true);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), FEEDBACK_MS);
  }

  return (
    <button
      type="button"
      className={props.className ?? 'msg-action'}
      data-testid={props.testId ?? 'copy'}
      data-copied={copied || undefined}
      aria-label={copied ? 'Copied' : label}
      title={copied ? 'Copied' : label}
      onClick={() => void copy()}
    >
      <ChatIcon name={copied ? 'check' : 'copy'} size={14} />
      {props.showLabel ? <span>{copied ? 'Copied' : label}</span> : null}
    </button>
  );
}

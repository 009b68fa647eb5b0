// The "Memory" affordance on a reply: how much memory went into it, at a glance; opens its receipt.
import type { Message } from '../../../../shared/domain';
import { useReceipts } from './store';

export function MemoryButton({ message }: { message: Message }) {
  const memory = message.memory;
  if (!memory) return null;
  const used = memory.items + (memory.background ? 1 : 0) + memory.changes.length > 0;
  const label = memory.items ? `Memory · ${memory.items}` : 'Memory';
  return (
    <button
      type="button"
      className={`msg-action msg-memory${used ? '' : ' is-unused'}`}
      data-testid="reply-memory"
      data-used={used || undefined}
      aria-haspopup="dialog"
      title={used ? 'What memory went into this reply' : 'This reply used no memory'}
      aria-label={used ? `Memory behind this reply${memory.items ? `: ${memory.items} items looked up` : ''}` : 'Memory: this reply used none'}
      onClick={() => useReceipts.getState().open(message.id)}
    >
      <svg width="13" height="13" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M9 4a3 3 0 0 0-3 3 3 3 0 0 0-2 5 3 3 0 0 0 2 5 3 3 0 0 0 6 1V5a3 3 0 0 0-3-1zM15 4a3 3 0 0 1 3 3 3 3 0 0 1 2 5 3 3 0 0 1-2 5 3 3 0 0 1-6 1" />
      </svg>
      {label}
    </button>
  );
}

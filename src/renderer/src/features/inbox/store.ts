// The Inbox's state (issue 16 §3): what waits, the count for the shell's badge (kept live by the
// engine's inbox.changed event), and the person's decisions.
import { create } from 'zustand';
import type { InboxDecision, InboxItem } from '../../../../shared/inbox';
import { attempt, invoke } from '../../lib/api';
import { toast } from '../toasts/store';

interface InboxState {
  items: InboxItem[];
  count: number;
  loaded: boolean;
  load(): Promise<void>;
  setCount(count: number): void;
  approve(ids: string[], text?: string): Promise<InboxDecision[]>;
  reject(ids: string[]): Promise<InboxDecision[]>;
}

function report(decisions: InboxDecision[]): void {
  const failed = decisions.filter((d) => d.outcome === 'failed');
  const done = decisions.length - failed.length;
  if (failed.length) toast.error(failed.length === 1 ? 'One change was not made' : `${failed.length} changes were not made`, failed.map((d) => d.message).join(' '));
  if (done === 1 && decisions.length === 1) toast.success(decisions[0].outcome === 'approved' ? 'Approved' : 'Rejected', decisions[0].message);
  else if (done > 1) toast.success(`${done} changes decided`, decisions[0].outcome === 'approved' ? 'Approved.' : 'Rejected; they will not be proposed again.');
}

export const useInbox = create<InboxState>((set, get) => ({
  items: [],
  count: 0,
  loaded: false,
  async load() {
    const list = await attempt(() => invoke('inbox.list', {}));
    if (list) set({ items: list.items, count: list.count, loaded: true });
  },
  setCount(count) {
    set({ count });
  },
  async approve(ids, text) {
    const r = await attempt(() => invoke('inbox.approve', text === undefined ? { ids } : { ids, text }));
    if (!r) return [];
    report(r.decisions);
    await get().load();
    return r.decisions;
  },
  async reject(ids) {
    const r = await attempt(() => invoke('inbox.reject', { ids }));
    if (!r) return [];
    report(r.decisions);
    await get().load();
    return r.decisions;
  },
}));

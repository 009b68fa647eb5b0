// The Inbox tab's badge: how many changes wait for the person (live through inbox.changed).
import '../../styles/inbox.css';
import { useInbox } from './store';

export function InboxBadge() {
  const count = useInbox((s) => s.count);
  if (!count) return null;
  return (
    <span className="tab-badge" data-testid="inbox-badge" aria-label={`${count} waiting`}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

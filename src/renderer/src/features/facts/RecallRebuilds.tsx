// "What the model saw" after "Use it now" (issue 16 §4): when this session's frozen memory block was
// rebuilt mid-session, and which lines that added and removed.
import type { RecallRebuild } from '../../../../shared/domain';
import { fullTime } from '../../lib/time';
import '../../styles/inbox.css';

export function RecallRebuilds({ rebuilds }: { rebuilds: RecallRebuild[] }) {
  if (!rebuilds.length) return null;
  return (
    <section className="recall-rebuilds" data-testid="recall-rebuilds" aria-label="Rebuilt during this session">
      <strong>Rebuilt during this session with “Use it now”</strong>
      <ul>
        {rebuilds.map((r) => (
          <li key={r.at} data-testid="recall-rebuild">
            <time dateTime={r.at}>{fullTime(r.at)}</time>: {describe(r)}
            {r.added.length || r.removed.length ? (
              <ul>
                {r.added.map((l, i) => (
                  <li key={`a${i}`}>Added: {l}</li>
                ))}
                {r.removed.map((l, i) => (
                  <li key={`r${i}`}>Removed: {l}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function describe(r: RecallRebuild): string {
  const parts = [];
  if (r.added.length) parts.push(`${r.added.length} added`);
  if (r.removed.length) parts.push(`${r.removed.length} removed`);
  return `${parts.join(', ') || 'no change'}; the reply after it did not reuse the prompt cache`;
}

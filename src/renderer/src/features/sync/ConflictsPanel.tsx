// History's "edited on both devices" (issue 30 §3): facts and identity files (IdentityConflict.tsx) two devices
// changed apart, each version's text with
// the device and time it came from, and "Keep this one". Picking writes one new version that every device
// then agrees on, so the conflict leaves this list here and on the other devices once they sync.
import { useEffect } from 'react';
import type { FactConflictView } from '../../../../shared/contract-sync';
import { IdentityConflict } from './IdentityConflict';
import { ConflictVersion } from './ConflictVersion';
import { useSync } from './store';
import '../../styles/sync.css';

export function ConflictsPanel() {
  const conflicts = useSync((s) => s.conflicts);
  const syncing = useSync((s) => s.status !== null && s.status.state !== 'not-set-up');
  useEffect(() => {
    if (syncing) void useSync.getState().loadConflicts();
  }, [syncing]);
  if (!syncing || conflicts.length === 0) return null;
  return (
    <section className="sync-conflicts" aria-labelledby="sync-conflicts-title" data-testid="sync-conflicts">
      <h2 id="sync-conflicts-title" className="sync-conflicts-title">
        Edited on both devices · {conflicts.length} to look at
      </h2>
      <p className="sync-conflicts-hint">The later edit stands until you pick. The one you keep is kept on every device.</p>
      <ul className="sync-conflicts-list">
        {conflicts.map((c) =>
          c.kind === 'identity' ? <IdentityConflict key={`identity/${c.file}`} conflict={c} /> : <Conflict key={`${c.scope}/${c.factId}`} conflict={c} />,
        )}
      </ul>
    </section>
  );
}

function Conflict({ conflict }: { conflict: FactConflictView }) {
  return (
    <li className="sync-conflict" data-testid="sync-conflict" data-fact-id={conflict.factId}>
      <div className="sync-conflict-scope mono">{conflict.scope}</div>
      <ul className="sync-conflict-versions">
        {conflict.versions.map((v, i) => (
          <ConflictVersion
            key={v.versionId}
            conflict={conflict}
            version={v}
            standing={i === 0}
            label={`${v.text ?? 'forgotten'} (from ${v.device})`}
          >
            <div className="sync-conflict-text selectable">{v.text ?? <em>Forgotten</em>}</div>
          </ConflictVersion>
        ))}
      </ul>
    </li>
  );
}

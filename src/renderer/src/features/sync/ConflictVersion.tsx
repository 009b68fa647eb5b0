// One version in History's "edited on both devices" list: what the version holds (given by the caller: a fact's
// text, an identity file's diff), then where and when it was written, and "Keep this one". Facts and identity
// files share this card so a pick looks and behaves the same whatever was edited.
import type { ReactNode } from 'react';
import type { SyncConflictView, SyncConflictVersion } from '../../../../shared/contract-sync';
import { fullTime, shortAgo } from '../../lib/time';
import { useSync } from './store';

export function ConflictVersion(props: {
  conflict: SyncConflictView;
  version: SyncConflictVersion;
  /** The version that stands until the person picks (the later edit) comes first. */
  standing: boolean;
  /** Names the version for a screen reader: "Keep this one: <label>". */
  label: string;
  children: ReactNode;
}) {
  const { conflict, version: v } = props;
  const picking = useSync((s) => s.picking);
  return (
    <li className="sync-conflict-version" data-testid="sync-conflict-version">
      {props.children}
      <div className="sync-conflict-meta">
        on {v.device} · <time dateTime={v.at} title={fullTime(v.at)}>{shortAgo(v.at)}</time>
        {props.standing ? ' · stands now' : ''}
      </div>
      <button
        type="button"
        className="button"
        data-testid="sync-conflict-keep"
        disabled={picking !== null}
        aria-label={`Keep this one: ${props.label}`}
        onClick={() => void useSync.getState().pick(conflict, v.versionId)}
      >
        {picking === v.versionId ? 'Keeping…' : 'Keep this one'}
      </button>
    </li>
  );
}

// An identity file (USER.md, an agent's SOUL.md or AGENTS.md) saved on two devices apart (issue 30 §3): for each
// version, the lines only it has (a readable diff: what keeping it would bring), the whole text folded away
// when it is long, the device and time, and "Keep this one".
import type { IdentityConflictView, SyncConflictVersion } from '../../../../shared/contract-sync';
import { ConflictVersion } from './ConflictVersion';

/** Longer texts start folded: the lines that differ say what matters, the whole file is one click away. */
const FOLD_LINES = 8;

// A file's final newline ends its last line; it does not start another.
const linesOf = (text: string | null): string[] => (text ?? '').replace(/\n$/, '').split('\n').map((l) => l.trimEnd());

/** The non-empty lines of `v` that no other version has. */
function onlyHere(v: SyncConflictVersion, all: readonly SyncConflictVersion[]): string[] {
  const others = new Set(all.filter((o) => o !== v).flatMap((o) => linesOf(o.text)));
  return linesOf(v.text).filter((l) => l.trim() !== '' && !others.has(l));
}

export function IdentityConflict({ conflict }: { conflict: IdentityConflictView }) {
  return (
    <li className="sync-conflict" data-testid="sync-conflict" data-file={conflict.file}>
      <div className="sync-conflict-scope mono">{conflict.file}</div>
      <ul className="sync-conflict-versions">
        {conflict.versions.map((v, i) => {
          const lines = linesOf(v.text);
          const diff = onlyHere(v, conflict.versions);
          return (
            <ConflictVersion
              key={v.versionId}
              conflict={conflict}
              version={v}
              standing={i === 0}
              label={`${conflict.file} from ${v.device}`}
            >
              <div className="sync-conflict-text">
                {v.text === null ? (
                  <em>Removed on this device</em>
                ) : diff.length ? (
                  <>
                    <span className="sync-conflict-label">Only in this version:</span>
                    <pre className="sync-conflict-diff selectable" data-testid="sync-conflict-diff">
                      {diff.map((l, k) => (
                        <span key={k} className="sync-conflict-added">
                          {`+ ${l}\n`}
                        </span>
                      ))}
                    </pre>
                  </>
                ) : (
                  <span className="sync-conflict-label">No line of its own (the other version adds to it).</span>
                )}
                {v.text !== null && (
                  <details className="sync-conflict-whole" open={lines.length <= FOLD_LINES}>
                    <summary>Whole file · {lines.length} line{lines.length === 1 ? '' : 's'}</summary>
                    <pre className="sync-conflict-file selectable">{v.text}</pre>
                  </details>
                )}
              </div>
            </ConflictVersion>
          );
        })}
      </ul>
    </li>
  );
}

// A fact's origin class at a glance (issue 16 §5, 27 §3): you said it / the assistant inferred it / imported /
// consolidated / via an app, in the words of the one labelling function (shared/memory-label.ts).
// Nothing is shown when Monad never recorded where the fact came from.
import type { FactView } from '../../../../shared/domain';
import { originClassLabel } from '../../../../shared/origin-class';
import '../../styles/inbox.css';

export function OriginChip({ originClass, app }: { originClass: FactView['originClass']; app?: string | null }) {
  if (!originClass) return null;
  return (
    <span className="origin-chip" data-testid="origin-chip" data-origin={originClass}>
      {originClassLabel(originClass, app)}
    </span>
  );
}

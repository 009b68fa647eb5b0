// A fact's origin class at a glance (issue 16 §5): you said it / the assistant inferred it / imported /
// consolidated. Nothing is shown when Monad never recorded where the fact came from.
import type { FactView } from '../../../../shared/domain';
import { ORIGIN_CLASS_LABEL } from '../../../../shared/origin-class';
import '../../styles/inbox.css';

export function OriginChip({ originClass }: { originClass: FactView['originClass'] }) {
  if (!originClass) return null;
  return (
    <span className="origin-chip" data-testid="origin-chip" data-origin={originClass}>
      {ORIGIN_CLASS_LABEL[originClass]}
    </span>
  );
}

// The way back down when the person scrolled up to read while new messages arrived below.
import { Icon } from '../../app/icons';

export function JumpToLatest({ unseen, onJump }: { unseen: number; onJump(): void }) {
  if (unseen <= 0) return null;
  const label = `Jump to latest · ${unseen} new message${unseen === 1 ? '' : 's'}`;
  // A zero-height sticky anchor at the end of the scroller: the button floats at the bottom of the view.
  return (
    <div className="jump-anchor">
      <button type="button" className="jump-to-latest" data-testid="jump-to-latest" aria-label={label} onClick={onJump}>
        <Icon name="chevronDown" size={14} />
        Jump to latest
        <span className="jump-count">{unseen} new</span>
      </button>
    </div>
  );
}

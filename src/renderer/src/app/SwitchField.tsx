// A titled on/off setting: the title names the setting (and labels the switch for screen readers), the
// text beside the switch says what the current state does.
import { useId } from 'react';

interface Props {
  title: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What "on" and "off" mean, in words, shown beside the switch. */
  onText: string;
  offText: string;
  testId: string;
}

export function SwitchField({ title, checked, onChange, onText, offText, testId }: Props) {
  const titleId = useId();
  return (
    <div className="field">
      <span className="field-label" id={titleId}>
        {title}
      </span>
      <label className="switch-row">
        <input type="checkbox" className="switch" data-testid={testId} aria-labelledby={titleId} checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>{checked ? onText : offText}</span>
      </label>
    </div>
  );
}

// A row of mutually exclusive choices drawn as joined buttons (the `segmented` look), announced as a radio
// group. Choosing the option already chosen does nothing, so a setting is never re-saved by a stray click.
import type { ReactNode } from 'react';

export interface SegmentOption<T> {
  value: T;
  label: ReactNode;
  /** A longer explanation, shown on hover. */
  title?: string;
}

interface Props<T> {
  /** What the group chooses, for screen readers. */
  label: string;
  value: T;
  options: readonly SegmentOption<T>[];
  onChoose: (value: T) => void;
  /** The group's test id; each option's is `<testId>-<value>` unless `optionTestId` says otherwise. */
  testId?: string;
  optionTestId?: (value: T) => string;
  /** Extra classes beside `segmented`. */
  className?: string;
  disabled?: boolean;
}

export function RadioSegments<T extends string | number | null>({ label, value, options, onChoose, testId, optionTestId, className, disabled }: Props<T>) {
  return (
    <div className={className ? `segmented ${className}` : 'segmented'} role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((o) => {
        const chosen = o.value === value;
        return (
          <button
            key={String(o.value)}
            type="button"
            role="radio"
            aria-checked={chosen}
            className={`segment${chosen ? ' is-active' : ''}`}
            disabled={disabled}
            data-testid={optionTestId ? optionTestId(o.value) : testId ? `${testId}-${String(o.value)}` : undefined}
            title={o.title}
            onClick={() => !chosen && onChoose(o.value)}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}

// "Add an app" and "Approve…" (issue 26 §1): the person names the app (the label History will show) and
// chooses what it may do; Monad makes its key, which KeyReveal then shows once.
import { RadioSegments } from '../../app/RadioSegments';
import { useEffect, useRef, useState } from 'react';
import { MCP_CLIENT_NAME_MAX, type McpAccess, type McpNewApp } from '../../../../shared/mcp';
import { ACCESS_LABEL } from './AppCard';

export function AddApp({ initialLabel, title, submitLabel, onSubmit, onCancel }: { initialLabel: string; title: string; submitLabel: string; onSubmit: (app: McpNewApp) => void; onCancel: () => void }) {
  const [label, setLabel] = useState(initialLabel);
  const [access, setAccess] = useState<McpAccess>('read');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const name = label.trim();
  const submit = () => name && onSubmit({ label: name, access });
  return (
    <form
      className="card integrations-add"
      data-testid="integrations-add-form"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 className="integrations-key-title">{title}</h4>
      <label className="field">
        <span className="field-label">Name shown in Monad and in History</span>
        <input ref={input} className="input" value={label} maxLength={MCP_CLIENT_NAME_MAX} data-testid="integrations-add-label" onChange={(e) => setLabel(e.target.value)} />
      </label>
      <RadioSegments
        label="What it may do"
        value={access}
        options={(['read', 'inbox', 'write'] as const).map((a) => ({ value: a, label: ACCESS_LABEL[a].choice }))}
        optionTestId={(a) => `integrations-add-access-${a}`}
        onChoose={setAccess}
      />
      <div className="card-actions">
        <button type="submit" className="button button-primary" disabled={!name} data-testid="integrations-add-submit">
          {submitLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

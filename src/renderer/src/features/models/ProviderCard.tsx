// One configured provider: what it is, where it points, its masked key and models; test, edit, remove.
import type { ProviderView } from '../../../../shared/domain';
import { confirmAction } from '../../app/confirm';
import { Icon } from '../../app/icons';
import { toast } from '../toasts/store';
import { KIND_LABEL, DEFAULT_BASE_URL } from './presets';
import { useModels } from './store';

/** Beyond this many, the model chips fold into "+N more". */
const MODELS_SHOWN = 8;

export function ProviderCard({ provider, onEdit }: { provider: ProviderView; onEdit(): void }) {
  const test = useModels((s) => s.tests[provider.id]);

  async function remove() {
    const ok = await confirmAction({
      title: `Remove provider “${provider.name}”?`,
      message: 'Its stored API key is deleted too, and any role that used it becomes unset.',
      confirmLabel: 'Remove provider',
      danger: true,
    });
    if (!ok) return;
    if (await useModels.getState().remove(provider.id)) toast.success(`Provider “${provider.name}” removed`);
  }

  async function useListed(models: string[]) {
    const { hasKey: _h, maskedKey: _m, keyForOtherOrigin: _o, ...stored } = provider;
    if (await useModels.getState().save({ ...stored, models })) toast.success('Model list saved');
  }

  const extra = provider.models.length - MODELS_SHOWN;
  const listedDiffers = test?.state === 'done' && test.ok && test.models.join('\n') !== provider.models.join('\n') && test.models.length > 0;
  return (
    <div className="card provider-card" data-testid="provider-card" data-provider-id={provider.id}>
      <div className="provider-card-head">
        <div className="provider-card-title">
          <span className="provider-name">{provider.name}</span>
          <span className={`kind-badge kind-${provider.kind}`}>{KIND_LABEL[provider.kind]}</span>
          <span className="agent-id mono" title="Provider id (used in config.json)">
            {provider.id}
          </span>
        </div>
        <div className="provider-card-actions">
          <button type="button" className="button" data-testid="provider-test" disabled={test?.state === 'testing'} onClick={() => void useModels.getState().test(provider.id)}>
            {test?.state === 'testing' ? 'Testing…' : 'Test connection'}
          </button>
          <button type="button" className="icon-button" aria-label={`Edit ${provider.name}`} title="Edit" data-testid="provider-edit" onClick={onEdit}>
            <Icon name="pencil" size={15} />
          </button>
          <button
            type="button"
            className="icon-button icon-button-danger"
            aria-label={`Remove ${provider.name}`}
            title="Remove"
            data-testid="provider-remove"
            onClick={() => void remove()}
          >
            <Icon name="trash" size={15} />
          </button>
        </div>
      </div>
      <dl className="provider-facts">
        <dt>Base URL</dt>
        <dd className="mono selectable" data-testid="provider-card-url">
          {provider.baseURL ?? <span className="muted">{DEFAULT_BASE_URL[provider.kind]} (default)</span>}
        </dd>
        <dt>API key</dt>
        <dd className="mono" data-testid="provider-card-key">
          {provider.maskedKey ?? (
            <span className="muted">{provider.keyForOtherOrigin ? 'saved for another address, so not sent; Edit to enter it again' : 'none'}</span>
          )}
        </dd>
        <dt>Models</dt>
        <dd className="model-chips" data-testid="provider-card-models">
          {provider.models.length === 0 ? <span className="muted">none listed — fetch them with Test connection, or type them in Edit</span> : null}
          {provider.models.slice(0, MODELS_SHOWN).map((m) => (
            <span key={m} className="model-chip mono">
              {m}
            </span>
          ))}
          {extra > 0 ? <span className="model-chip model-chip-more">+{extra} more</span> : null}
        </dd>
      </dl>
      {test?.state === 'done' ? (
        <div className={`test-result ${test.ok ? 'test-ok' : 'test-error'}`} role="status" data-testid="provider-test-result" data-ok={test.ok}>
          <Icon name={test.ok ? 'check' : 'alert'} size={15} className="test-icon" />
          <div className="test-text">
            {test.ok ? (
              <>
                Connected — {test.models.length} model{test.models.length === 1 ? '' : 's'} available
                {test.models.length ? <span className="muted">: {test.models.slice(0, 12).join(', ')}{test.models.length > 12 ? ', …' : ''}</span> : null}
              </>
            ) : (
              <span className="selectable">{test.error}</span>
            )}
          </div>
          {listedDiffers ? (
            <button type="button" className="button button-small" data-testid="provider-use-models" onClick={() => void useListed(test.models)}>
              Use this model list
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

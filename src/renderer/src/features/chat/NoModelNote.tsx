// Shown in the chat when no chat model is configured: says so and takes the person to Settings → Models.
import { Icon } from '../../app/icons';
import { openModelSettings } from '../models/store';

export function NoModelNote({ message }: { message: string }) {
  return (
    <div className="no-model-note" role="status" data-testid="no-model-note">
      <Icon name="key" size={18} className="no-model-icon" />
      <div className="no-model-text">
        <div className="no-model-title">Connect a model to chat</div>
        <div className="no-model-detail">{message}</div>
      </div>
      <button type="button" className="button button-primary" data-testid="no-model-open-settings" onClick={() => openModelSettings()}>
        Open Settings → Models
      </button>
    </div>
  );
}

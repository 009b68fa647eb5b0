// config.json on disk does not parse or validate: say so, say what still works, until it is fixed.
import { Icon } from '../../app/icons';
import { useSettings } from './store';

export function ConfigErrorBanner({ compact = false }: { compact?: boolean }) {
  const error = useSettings((s) => s.configError);
  const path = useSettings((s) => s.status?.config.path);
  if (!error) return null;
  return (
    <div className={`banner banner-error${compact ? ' banner-compact' : ''}`} role="alert" data-testid={compact ? 'config-error-bar' : 'config-error'}>
      <Icon name="alert" size={18} className="banner-icon" />
      <div className="banner-body">
        <div className="banner-title">config.json has an error</div>
        <div className="banner-text selectable">{error}</div>
        {compact ? null : (
          <div className="banner-hint">
            Monad keeps running on the last good configuration. Changes made here are not saved until the file is fixed
            {path ? (
              <>
                : <span className="mono">{path}</span>
              </>
            ) : null}
            .
          </div>
        )}
      </div>
    </div>
  );
}

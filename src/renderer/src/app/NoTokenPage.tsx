// Shown instead of the app when the browser has no token for `monad serve`, or the server refused it.
import type { AuthState } from '../lib/connection';
import { Icon } from './icons';

export function NoTokenPage({ reason }: { reason: Exclude<AuthState, 'ok'> }) {
  return (
    <div className="fullpage" data-testid="no-token">
      <div className="fullpage-card">
        <span className="fullpage-icon" aria-hidden="true">
          <Icon name="key" size={26} />
        </span>
        <h1>
          {reason === 'refused' ? (
            'This link is no longer valid'
          ) : (
            <>
              Open the link printed by <code>monad serve</code>
            </>
          )}
        </h1>
        <p>
          {reason === 'refused'
            ? 'The server did not accept this page’s access token — it was probably restarted, which issues a new one.'
            : 'Monad’s web UI needs the access token that comes with its address.'}{' '}
          Open the full link that <code>monad serve</code> printed in your terminal; it looks like:
        </p>
        <pre className="fullpage-example">Monad listening on http://127.0.0.1:PORT/#token=…</pre>
        <p className="muted">The token stays in this tab only and is removed from the address bar.</p>
      </div>
    </div>
  );
}

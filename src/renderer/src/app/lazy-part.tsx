// A part of the app that is not on the first screen, fetched as its own chunk the first time it is shown:
// every window parses only what its first screen needs (the renderer was one 1.15 MB script, compiled
// before each first paint). While the chunk loads, a small "Loading…" status holds the place; if it
// cannot be fetched (the server went away, an update replaced the files), a message says so with Retry.
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Icon } from './icons';

/** The chunk holding a lazily loaded part could not be fetched or evaluated. */
export class ChunkLoadError extends Error {
  readonly code = 'CHUNK_LOAD_FAILED';
  constructor(readonly what: string, cause: unknown) {
    super(`Could not load ${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

export interface LazyPart<P extends object> {
  /** Renders the part, with the loading status and the Retry message around it. */
  Part: ComponentType<P>;
  /** Starts fetching the chunk ahead of time (a hover, an idle moment); a failure is left for `Part`. */
  preload: () => Promise<unknown>;
}

/**
 * The address of the module a failed dynamic import names (Chromium: "Failed to fetch dynamically imported
 * module: <url>", Firefox: "error loading dynamically imported module: <url>"), without its query; null when the
 * message names none.
 */
export function failedModuleUrl(err: unknown): string | null {
  const message = err instanceof Error ? err.message : String(err);
  const m = /\b((?:https?|app|file|monad):\/\/[^\s'"?#]+?\.m?js)(?:[?#][^\s'"]*)?/.exec(message);
  return m ? m[1] : null;
}

/**
 * `load` imports the chunk, `pick` takes the component from it. `what` names the part in the messages
 * ("the settings"). React's `lazy` keeps a failed load's rejection for good, so Retry builds a new one; and the
 * browser keeps a failed module's address as failed for the page's life (Chromium asks the server nothing on a
 * second import of it), so Retry imports the address the failure named with a query of its own: a new address,
 * fetched anew, whose own imports are the modules the page already holds.
 */
export function lazyPart<M, P extends object>(what: string, load: () => Promise<M>, pick: (m: M) => ComponentType<P>): LazyPart<P> {
  let failed: string | null = null;
  let retries = 0;
  const importOnce = (): Promise<M> => {
    const again = failed;
    const p = again ? (import(/* @vite-ignore */ `${again}?retry=${++retries}`) as Promise<M>) : load();
    return p.catch((err: unknown) => {
      failed = failedModuleUrl(err) ?? failed;
      throw err;
    });
  };
  const fresh = () => lazy(() => importOnce().then((m) => ({ default: pick(m) }), (err: unknown) => Promise.reject(new ChunkLoadError(what, err))));
  let Loaded = fresh();
  function Part(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = fresh();
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary key={attempt} what={what} onRetry={retry}>
        <Suspense fallback={<LoadingPart what={what} />}>
          <Loaded {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  Part.displayName = `Lazy(${what})`;
  return { Part, preload: () => importOnce() };
}

/** Holds the part's place while its chunk arrives: a status a screen reader announces, no layout. */
function LoadingPart({ what }: { what: string }) {
  return (
    <div className="empty-state muted lazy-loading" role="status" data-testid="lazy-loading">
      Loading {what}…
    </div>
  );
}

interface BoundaryProps {
  what: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches only a chunk that failed to load; any other error goes on up, as it would without the split. */
class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Thrown again from render, the error reaches the boundary above (or React's own report) unchanged.
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <div className="banner banner-error lazy-load-error" role="alert" data-testid="lazy-load-error">
        <Icon name="alert" size={16} className="banner-icon" />
        <div className="banner-body">
          <div className="banner-title">Could not load {this.props.what}.</div>
          <div className="banner-hint">Its part of the app could not be fetched; if Monad is still running, Retry fetches it again.</div>
        </div>
        <button type="button" className="button" data-testid="lazy-load-retry" onClick={this.props.onRetry}>
          Retry
        </button>
      </div>
    );
  }
}

// Small UI preferences that should survive a restart (which agent / session was open). Never data:
// everything that matters lives in the engine. Storage failures only cost the preference.

const PREFIX = 'monad.ui.';

export function recall(key: string): string | null {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

export function remember(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, value);
  } catch {
    // Private mode or a full quota: the app works, it just forgets the selection.
  }
}

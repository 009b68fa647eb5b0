// Light / dark: follow the OS (prefers-color-scheme) unless config.json's ui.theme says otherwise.
// The stylesheet keys every colour off <html data-theme="light|dark">.
import { useEffect } from 'react';
import { useSettings } from '../features/settings/store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function applyTheme(preference: 'system' | 'light' | 'dark'): void {
  const effective = preference === 'system' ? (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light') : preference;
  document.documentElement.dataset.theme = effective;
  document.documentElement.style.colorScheme = effective;
}

export function useThemeSync(): void {
  const preference = useSettings((s) => s.config?.ui.theme ?? 'system');
  useEffect(() => {
    applyTheme(preference);
    if (preference !== 'system') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [preference]);
}

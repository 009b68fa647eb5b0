// App status and config as the engine reports them, kept current by status.changed / config.changed.
import { create } from 'zustand';
import type { Config } from '../../../../shared/config';
import type { AppStatus } from '../../../../shared/domain';
import { attempt, invoke } from '../../lib/api';

export type Theme = Config['ui']['theme'];

interface SettingsState {
  status: AppStatus | null;
  config: Config | null;
  /** config.json's current problem, or null when it is healthy. */
  configError: string | null;
  load(): Promise<void>;
  loadStatus(): Promise<void>;
  applyStatus(status: AppStatus): void;
  applyConfig(config: Config, error: string | null): void;
  setTheme(theme: Theme): Promise<void>;
}

export const useSettings = create<SettingsState>((set, get) => ({
  status: null,
  config: null,
  configError: null,

  async load() {
    const [status, config] = await Promise.all([attempt(() => invoke('app.status')), attempt(() => invoke('config.get'))]);
    if (status) get().applyStatus(status);
    if (config) set({ config });
  },

  async loadStatus() {
    const status = await attempt(() => invoke('app.status'));
    if (status) get().applyStatus(status);
  },

  applyStatus(status) {
    set({ status, configError: status.config.ok ? null : (status.config.error ?? 'config.json has an error') });
  },

  applyConfig(config, error) {
    set({ config, configError: error });
  },

  async setTheme(theme) {
    const config = await attempt(() => invoke('config.update', { patch: { ui: { theme } } }));
    if (config) set({ config });
  },
}));

// Settings → Models: the configured providers (as masked views: keys never reach the renderer), their
// connection tests, local Ollama detection, and the chat / memory / embedding roles.
import { create } from 'zustand';
import type { ModelRef, Provider } from '../../../../shared/config';
import type { OllamaDetection, ProviderTestResult, ProviderView } from '../../../../shared/domain';
import { attempt, invoke } from '../../lib/api';
import { useSettingsNav } from '../settings/nav-store';
import { useShell } from '../../app/shell-store';
import { useSettings } from '../settings/store';

export type Role = 'chat' | 'memory' | 'embedding';

export type TestState = { state: 'testing' } | ({ state: 'done' } & ProviderTestResult);

interface ModelsState {
  providers: ProviderView[];
  loaded: boolean;
  tests: Record<string, TestState>;
  ollama: { state: 'idle' | 'detecting' } | ({ state: 'done' } & OllamaDetection);
  /**
   * Set by "Open Settings → Models" elsewhere; the section scrolls itself into view, puts focus where the
   * person is headed (a new provider's form, the chat model) and clears it.
   */
  focusRequested: ModelsFocus | null;
  load(): Promise<void>;
  /** `apiKey`: a string stores it, null removes it, undefined keeps the stored one. */
  save(provider: Provider, apiKey?: string | null): Promise<ProviderView | undefined>;
  remove(id: string): Promise<boolean>;
  test(id: string): Promise<void>;
  /** Tests a provider that is being edited (not saved yet); the stored key is used unless one is given. */
  /** `storedKey: false` tests without the saved key (the form is about to remove it). */
  testDraft(provider: Provider, apiKey?: string, storedKey?: boolean): Promise<ProviderTestResult | undefined>;
  detectOllama(): Promise<void>;
  setRole(role: Role, ref: ModelRef | null): Promise<boolean>;
  requestFocus(target?: ModelsFocus): void;
  clearFocus(): void;
}

/** Where Settings → Models opens: its top, the form for a new provider, or the chat role's model box. */
export type ModelsFocus = 'section' | 'new-provider' | 'chat-model';

export const useModels = create<ModelsState>((set, get) => ({
  providers: [],
  loaded: false,
  tests: {},
  ollama: { state: 'idle' },
  focusRequested: null,

  async load() {
    const providers = await attempt(() => invoke('providers.list'));
    if (providers) set({ providers, loaded: true });
  },

  async save(provider, apiKey) {
    const saved = await attempt(() => invoke('providers.save', { provider, apiKey }));
    if (!saved) return undefined;
    set((s) => {
      const i = s.providers.findIndex((p) => p.id === saved.id);
      const { [saved.id]: _stale, ...tests } = s.tests;
      return { providers: i < 0 ? [...s.providers, saved] : s.providers.map((p, j) => (j === i ? saved : p)), tests };
    });
    return saved;
  },

  async remove(id) {
    const done = await attempt(() => invoke('providers.delete', { id }));
    if (!done) return false;
    set((s) => ({ providers: s.providers.filter((p) => p.id !== id) }));
    return true;
  },

  async test(id) {
    set((s) => ({ tests: { ...s.tests, [id]: { state: 'testing' } } }));
    const result = await attempt(() => invoke('providers.test', { id }));
    set((s) => {
      if (result) return { tests: { ...s.tests, [id]: { state: 'done', ...result } } };
      const { [id]: _failed, ...tests } = s.tests;
      return { tests };
    });
  },

  async testDraft(provider, apiKey, storedKey = true) {
    return attempt(() => invoke('providers.test', { provider, ...(apiKey ? { apiKey } : {}), ...(storedKey ? {} : { storedKey: false }) }));
  },

  async detectOllama() {
    set({ ollama: { state: 'detecting' } });
    const found = await attempt(() => invoke('providers.detectOllama'));
    set({ ollama: found ? { state: 'done', ...found } : { state: 'idle' } });
  },

  async setRole(role, ref) {
    const config = await attempt(() => invoke('config.update', { patch: { models: { roles: { [role]: ref } } } }));
    if (!config) return false;
    useSettings.getState().applyConfig(config, useSettings.getState().configError);
    return true;
  },

  requestFocus(target = 'section') {
    set({ focusRequested: target });
  },

  clearFocus() {
    if (get().focusRequested) set({ focusRequested: null });
  },
}));

/** From anywhere (the chat's no-model note): Settings, scrolled to Models; `target` says what to open there. */
export function openModelSettings(target: ModelsFocus = 'section'): void {
  useModels.getState().requestFocus(target);
  useSettingsNav.getState().show('models');
  useShell.getState().setTab('settings');
}

/** A provider id from its name that no provider uses yet: "LM Studio" → "lm-studio", then "lm-studio-2". */
export function uniqueProviderId(name: string, taken: string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'provider';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

// Which Settings section is showing. Remembered across restarts; other features open a section by id
// ("Add a provider" on the welcome screen opens Models).
import { create } from 'zustand';
import { recall, remember } from '../../lib/prefs';

const KEY = 'settings.section';

interface SettingsNavState {
  section: string;
  /** Set by a pick from the navigation: the section's panel takes focus once it renders. */
  focusPending: boolean;
  show(section: string, focus?: boolean): void;
  focused(): void;
}

export const useSettingsNav = create<SettingsNavState>((set) => ({
  section: recall(KEY) ?? 'models',
  focusPending: false,
  show(section, focus = false) {
    set({ section, focusPending: focus });
    remember(KEY, section);
  },
  focused() {
    set({ focusPending: false });
  },
}));

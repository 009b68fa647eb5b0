// A role's choice not yet complete (issue 29 §5): a provider chosen, its model not yet picked or typed.
// Nothing is saved until the model is there, but the half-made choice is kept here, outside the role's
// row, so leaving Settings (another tab, another section) and coming back finds it where it was instead
// of silently showing the old role again. It goes when the choice is saved or put back.
import { create } from 'zustand';
import type { Role } from './store';

export interface RoleDraft {
  provider: string;
  model: string;
}

interface RoleDraftState {
  drafts: Partial<Record<Role, RoleDraft>>;
  keep(role: Role, draft: RoleDraft): void;
  drop(role: Role): void;
}

export const useRoleDrafts = create<RoleDraftState>((set) => ({
  drafts: {},
  keep(role, draft) {
    set((s) => ({ drafts: { ...s.drafts, [role]: draft } }));
  },
  drop(role) {
    set((s) => {
      if (!(role in s.drafts)) return s;
      const { [role]: _gone, ...drafts } = s.drafts;
      return { drafts };
    });
  },
}));

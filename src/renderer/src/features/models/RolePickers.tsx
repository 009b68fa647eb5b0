// Which model does what: a provider and a model for each role. Models come from the provider's list
// or are typed. A choice is saved when the person completes it (a model picked or typed, then Enter or
// leaving the box); choosing a provider alone saves nothing, and is kept as a draft that survives leaving
// the page (role-drafts.ts), with a note saying it is not saved yet.
import { useEffect, useId, useRef, useState } from 'react';
import type { ModelRef } from '../../../../shared/config';
import type { ProviderView } from '../../../../shared/domain';
import { chatModelsOf } from '../../../../shared/model-kinds';
import { useSettings } from '../settings/store';
import { ModelCheck } from './ModelCheck';
import { ROLE_INFO } from './presets';
import { useRoleDrafts } from './role-drafts';
import { useModels, type Role } from './store';

const ROLES: Role[] = ['chat', 'memory', 'embedding'];

export function RolePickers({ providers }: { providers: ProviderView[] }) {
  const roles = useSettings((s) => s.config?.models.roles);
  return (
    <div className="role-pickers" data-testid="role-pickers">
      {ROLES.map((role) => (
        <RoleRow key={role} role={role} current={roles?.[role] ?? null} providers={providers} />
      ))}
    </div>
  );
}

function RoleRow({ role, current, providers }: { role: Role; current: ModelRef | null; providers: ProviderView[] }) {
  const draft = useRoleDrafts((s) => s.drafts[role]);
  const provider = draft?.provider ?? current?.provider ?? '';
  const model = draft?.model ?? current?.model ?? '';
  // Every edit is a draft until it is saved; one equal to what is in force is no draft at all.
  const edit = (next: { provider?: string; model?: string }) => {
    const d = { provider: next.provider ?? provider, model: next.model ?? model };
    if (d.provider === (current?.provider ?? '') && d.model === (current?.model ?? '')) useRoleDrafts.getState().drop(role);
    else useRoleDrafts.getState().keep(role, d);
  };
  const setProvider = (p: string) => edit({ provider: p });
  const setModel = (m: string) => edit({ model: m });
  const [saved, setSaved] = useState(false);
  const listId = useId();
  const modelRef = useRef<HTMLInputElement>(null);
  const ids = { provider: useId(), model: useId() };

  // The config changed to what the draft says (saved here, or the same edit made elsewhere): no draft.
  useEffect(() => {
    const d = useRoleDrafts.getState().drafts[role];
    if (d && d.provider === (current?.provider ?? '') && d.model.trim() === (current?.model ?? '')) useRoleDrafts.getState().drop(role);
  }, [role, current?.provider, current?.model]);
  // A draft's provider that was removed since: the draft goes with it.
  useEffect(() => {
    if (draft?.provider && !providers.some((p) => p.id === draft.provider)) useRoleDrafts.getState().drop(role);
  }, [role, draft?.provider, providers]);

  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => setSaved(false), 1800);
    return () => clearTimeout(t);
  }, [saved]);

  const chosen = providers.find((p) => p.id === provider);
  // The chat and memory roles write text: their suggestions leave out embedding, speech and image models
  // (issue 29 §2). Any name can still be typed; the embedding role is offered the whole list.
  const suggested = role === 'embedding' ? (chosen?.models ?? []) : chatModelsOf(chosen?.models ?? []);
  const missing = current !== null && !providers.some((p) => p.id === current.provider);

  async function commit(nextProvider: string, nextModel: string) {
    const m = nextModel.trim();
    if (!nextProvider) {
      if (current && (await useModels.getState().setRole(role, null))) setSaved(true);
      if (!current) useRoleDrafts.getState().drop(role);
      return;
    }
    if (!m) return;
    if (current?.provider === nextProvider && current.model === m) {
      useRoleDrafts.getState().drop(role);
      return;
    }
    if (await useModels.getState().setRole(role, { provider: nextProvider, model: m })) {
      useRoleDrafts.getState().drop(role);
      setSaved(true);
    }
  }

  function chooseProvider(id: string) {
    // Back to the provider in force: its model comes back with it, and there is no draft.
    if (current && id === current.provider) {
      useRoleDrafts.getState().drop(role);
      return;
    }
    const p = providers.find((x) => x.id === id);
    // Only the person's choice is saved. A model the new provider also offers stays chosen; otherwise
    // the model box is emptied and waits for them (guessing one — the provider's first — saved a model
    // nobody picked, sometimes of another provider's kind, and raced the one they were typing).
    if (id && p?.models.includes(model.trim())) {
      setProvider(id);
      void commit(id, model);
      return;
    }
    edit({ provider: id, model: '' });
    if (!id) void commit('', '');
    else requestAnimationFrame(() => modelRef.current?.focus());
  }

  const info = ROLE_INFO[role];
  return (
    <div className="role-row" data-testid={`role-${role}`}>
      <div className="role-info">
        <div className="role-label">
          {info.label}
          {saved ? (
            <span className="role-saved" data-testid={`role-${role}-saved`}>
              Saved
            </span>
          ) : null}
        </div>
        <div className="role-description">{info.description}</div>
        {missing ? <div className="field-error">Points at provider “{current?.provider}”, which is not configured.</div> : null}
        {draft && draft.provider && !draft.model.trim() ? (
          <div className="role-draft" role="status" data-testid={`role-${role}-draft`}>
            Not saved yet: pick or type a model to use {providers.find((p) => p.id === draft.provider)?.name ?? draft.provider} here.{' '}
            {current ? `Until then, ${current.provider} · ${current.model} stays in use.` : 'Until then, this role is not set.'}
          </div>
        ) : null}
      </div>
      <label className="field" htmlFor={ids.provider}>
        <span className="field-label">Provider</span>
        <select id={ids.provider} className="input select" data-testid={`role-${role}-provider`} value={provider} onChange={(e) => chooseProvider(e.target.value)}>
          <option value="">{role === 'memory' ? 'Same as chat' : 'Not set'}</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={ids.model}>
        <span className="field-label">Model</span>
        <input
          id={ids.model}
          ref={modelRef}
          className="input mono"
          data-testid={`role-${role}-model`}
          list={listId}
          value={model}
          disabled={!provider}
          spellCheck={false}
          placeholder={provider ? (suggested.length ? 'Pick or type a model' : 'Type the model name') : '—'}
          onChange={(e) => setModel(e.target.value)}
          onBlur={() => void commit(provider, model)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit(provider, model);
            }
          }}
        />
        <datalist id={listId}>
          {suggested.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      {role === 'memory' ? <ModelCheck /> /* issue 18 §3: the model self-test beside the memory role */ : null}
    </div>
  );
}

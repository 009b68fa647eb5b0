// Scopes: global, agent:<id>, project:<key>, session:<id> (org:<id> reserved for a future tier).
// Every scope maps to exactly one file name; the key is validated so no scope can name a path.
import type { Scope } from '../../shared/domain';
import { MonadError } from '../../shared/errors';

export type ScopeKind = 'global' | 'agent' | 'project' | 'session' | 'org';

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export interface ParsedScope {
  kind: ScopeKind;
  key: string | null;
}

export function parseScope(scope: string): ParsedScope {
  if (scope === 'global') return { kind: 'global', key: null };
  const m = /^(agent|project|session|org):(.+)$/.exec(scope);
  if (!m || !KEY.test(m[2])) throw new MonadError('BAD_INPUT', `Not a valid scope: ${scope.slice(0, 120)}`);
  if (m[1] === 'org') throw new MonadError('BAD_INPUT', 'The org scope is reserved for a future tier');
  // Keys are case-insensitive (shared/scope-key.ts): one scope is one file on every file system.
  return { kind: m[1] as ScopeKind, key: m[2].toLowerCase() };
}

export function isDurable(scope: string): boolean {
  return !scope.startsWith('session:');
}

/** "agent:default" → "agent-default.md". */
export function scopeFileName(scope: string): string {
  const { kind, key } = parseScope(scope);
  return key === null ? `${kind}.md` : `${kind}-${key}.md`;
}

export function scopeFromFileName(name: string): Scope | null {
  if (name === 'global.md') return 'global';
  const m = /^(agent|project|session)-([A-Za-z0-9][A-Za-z0-9_-]{0,99})\.md$/.exec(name);
  return m ? (`${m[1]}:${m[2]}` as Scope) : null;
}

export function agentScope(agentId: string): Scope {
  return `agent:${agentId}`;
}

export function projectScope(key: string): Scope {
  return `project:${key}`;
}

export function sessionScope(id: string): Scope {
  return `session:${id}`;
}

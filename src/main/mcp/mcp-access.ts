// What the app on the other end of one MCP connection may see and do, decided afresh on every call from
// the process's flags (`monad mcp --agent --read-only`) and the person's choices in Settings → Integrations.
import { MonadError } from '../../shared/errors';
import { rememberModeOf } from '../../shared/remember-mode';
import type { McpClientView } from '../../shared/mcp';
import type { Engine } from '../engine';
import { agentScope } from '../memory/scope';
import type { McpClients } from './mcp-clients';

export interface McpHostOptions {
  /** The agent whose memory apps see unless the person chose another for an app. */
  agentId: string;
  /** Refuses every write, whatever the person allowed an app. */
  readOnly: boolean;
}

export interface McpAccess {
  client: McpClientView | null;
  clientName: string;
  agentId: string;
  /** Memory scopes the app sees, in order (the first durable shared one is where facts go by default). */
  scopes: string[];
  /** The agent's chats are the agent's own: searchable only when the app sees the agent's own scope. */
  messages: boolean;
  /** Null when writes are allowed; else why not, in words the app's model can repeat to the person. */
  writeRefusal: string | null;
  /**
   * Null when an allowed write is made at once; else why it waits in the person's Inbox instead: the
   * person set this app to "Writes go to the Inbox", or the agent it sees is set to "Ask me first".
   */
  viaInbox: string | null;
}

const SETTINGS = 'Monad → Settings → Integrations';

export function resolveAccess(engine: Engine, clients: McpClients, opts: McpHostOptions, clientName: string | null): McpAccess {
  const name = clientName ?? 'unnamed app';
  const client = clientName ? clients.get(clientName) : null;
  if (client?.revoked) {
    throw new MonadError('FORBIDDEN', `The person revoked ${name}'s access to Monad's memory. They can allow it again in ${SETTINGS}.`);
  }
  const agentId = client?.agentId ?? opts.agentId;
  let agent;
  try {
    agent = engine.agents.get(agentId);
  } catch {
    throw new MonadError('NOT_FOUND', `Monad has no agent "${agentId}". Pick an existing agent for ${name} in ${SETTINGS}, or start monad mcp with --agent.`);
  }
  const all = engine.search.scopesFor(agentId);
  const scopes = client?.scopes ? all.filter((s) => client.scopes!.includes(s)) : all;
  let writeRefusal: string | null = null;
  if (opts.readOnly) writeRefusal = `Monad was started read-only for this app (monad mcp --read-only): nothing was saved.`;
  else if (client?.access !== 'write' && client?.access !== 'inbox') writeRefusal = `${name} may only read Monad's memory: nothing was saved. The person can let it write in ${SETTINGS}.`;
  let viaInbox: string | null = null;
  if (client?.access === 'inbox') viaInbox = `the person reviews what ${name} writes before Monad keeps it`;
  else if (rememberModeOf(agent) === 'ask') viaInbox = `the person reviews every memory write of ${agent.name} first ("Ask me first")`;
  return { client, clientName: name, agentId, scopes, messages: scopes.includes(agentScope(agentId)), writeRefusal, viaInbox };
}

/** A scope an app asked for: one it sees, else a clear refusal naming the ones it does. */
export function visibleScope(access: McpAccess, scope: string): string {
  if (access.scopes.includes(scope)) return scope;
  throw new MonadError('FORBIDDEN', `This app cannot see the scope "${scope}". It sees: ${access.scopes.join(', ') || 'nothing'}.`);
}

// What the app on the other end of one MCP connection may see and do, decided afresh on every call from
// the process's flags (`monad mcp --agent --read-only`), the connection's credential (issue 26 §1) and the
// person's choices for that credential in Settings → Integrations. The name the app gives itself in
// `initialize` decides nothing here: it only ever appears as what the app "calls itself".
import { MonadError } from '../../shared/errors';
import { rememberModeOf } from '../../shared/remember-mode';
import type { McpAppView } from '../../shared/mcp';
import type { McpAccessPorts } from './mcp-ports';
import { agentScope } from '../memory/scope';
import type { McpCaller, McpClients } from './mcp-clients';

export interface McpHostOptions {
  /** The agent whose memory apps see unless the person chose another for an app. */
  agentId: string;
  /** Refuses every write, whatever the person allowed an app. */
  readOnly: boolean;
}

export interface McpAccess {
  /** The app's credential as the person set it up; null for an app that connected without a key. */
  client: McpAppView | null;
  /** Who did it, for provenance and messages: the credential's label, never a self-declared name. */
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

/**
 * The credential behind a connection, checked again now: its app, or a refusal saying what happened and
 * what to do (UNAUTHORIZED: the key is unknown or was replaced or removed; FORBIDDEN: revoked, or no key
 * while the person lets only apps with a key in).
 */
export function credentialApp(clients: McpClients, caller: McpCaller): McpAppView | null {
  if (caller.kind === 'keyless') {
    if (clients.keylessPolicy() === 'read') return null;
    throw new MonadError('FORBIDDEN', `Monad only lets apps with their own key use its memory. The person can approve this app in ${SETTINGS}, which gives it a key to put in its MCP settings.`);
  }
  const app = clients.byKey(caller.key);
  if (!app) {
    throw new MonadError('UNAUTHORIZED', `Monad does not know this app's key (it was replaced or the app was removed). Add the app again in ${SETTINGS} and use the new snippet.`);
  }
  if (app.revoked) throw new MonadError('FORBIDDEN', `The person revoked ${app.label}'s access to Monad's memory. They can allow it again in ${SETTINGS}.`);
  return app;
}

/** `client`: the connection's credential as credentialApp just checked it (null: no key). */
export function resolveAccess(engine: McpAccessPorts, opts: McpHostOptions, client: McpAppView | null, claimedName: string | null): McpAccess {
  const name = client ? client.label : `an app without a key (calls itself "${claimedName ?? 'unnamed app'}")`;
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
  else if (!client) {
    writeRefusal = `This app connected without its own key, so it may only read Monad's memory: nothing was saved. The person can approve it in ${SETTINGS}, which gives it a key to put in its MCP settings.`;
  } else if (client.access !== 'write' && client.access !== 'inbox') writeRefusal = `${name} may only read Monad's memory: nothing was saved. The person can let it write in ${SETTINGS}.`;
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

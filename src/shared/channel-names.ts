// The contract's channel and event names as plain data, plus the IPC channel names built from them.
// The sandboxed preload imports this file: a sandboxed preload cannot require node_modules, so it must
// not pull in zod through contract.ts. Every import here is a type; the `satisfies` checks below fail
// to compile when these lists and the contract drift apart (a missing or an extra name): when you add
// a channel or an event to contract.ts, tsc points here, and the name goes in below as well.
import type { ChannelName, EventName } from './contract';

const channelNameSet = {
  'app.status': true,
  'config.get': true,
  'config.update': true,
  'agents.list': true,
  'agents.create': true,
  'agents.update': true,
  'agents.delete': true,
  'sessions.list': true,
  'sessions.create': true,
  'sessions.rename': true,
  'sessions.update': true,
  'sessions.delete': true,
  'messages.list': true,
  'chat.send': true,
  'chat.cancel': true,
  'chat.live': true,
  'chat.regenerate': true,
  'chat.command': true,
  'providers.list': true,
  'providers.save': true,
  'providers.delete': true,
  'providers.test': true,
  'providers.detectOllama': true,
  'facts.scopes': true,
  'facts.list': true,
  'facts.changes': true,
  'facts.proposals': true,
  'facts.applyProposal': true,
  'facts.dismissProposal': true,
  'facts.add': true,
  'facts.edit': true,
  'facts.forget': true,
  'facts.recall': true,
  'core.read': true,
  'core.write': true,
  'graph.scopes': true,
  'graph.snapshot': true,
  'graph.node': true,
  'graph.edge': true,
  'graph.entity.rename': true,
  'graph.entity.merge': true,
  'graph.entity.delete': true,
  'graph.relation.retract': true,
  'graph.relation.edit': true,
  'graph.relation.add': true,
  'graph.proposals': true,
  'graph.proposals.decide': true,
  'laws.list': true,
  'laws.derive': true,
  'laws.check': true,
  'laws.rejected': true,
  'laws.reject': true,
  'laws.unreject': true,
  'laws.edit': true,
  'laws.pin': true,
  'laws.unsuppress': true,
  'laws.proposals': true,
  'laws.decide': true,
  'history.list': true,
  'history.undo': true,
  'forget.preview': true,
  'forget.apply': true,
  'memory.status': true,
  'consolidate.run': true,
  'consolidate.cancel': true,
  'consolidate.history': true,
  'mem0.status': true,
  'mem0.entries': true,
  'mem0.delete': true,
  'mem0.projection': true,
  'transfer.export': true,
  'transfer.import': true,
  'identity.pending': true,
  'identity.accept': true,
  'identity.dismiss': true,
  'search.query': true,
  'search.status': true,
  'backups.list': true,
  'backups.restore': true,
  // MCP tools in the chat (issue 19 §2)
  'mcp.servers.list': true,
  'mcp.servers.save': true,
  'mcp.servers.delete': true,
  'mcp.servers.test': true,
  'mcp.tools.approve': true,
  'mcp.calls': true,
  'mcp.decide': true,
  // Model self-test (issue 18 §3).
  'models.check': true,
  'models.checks': true,
  // receipts (issue 16)
  'chat.receipt': true,
  // Inbox (issue 16 §3–§4)
  'inbox.list': true,
  'inbox.approve': true,
  'inbox.reject': true,
  'inbox.forMessage': true,
  'recall.freshness': true,
  'recall.noticeSeen': true,
  'recall.useNow': true,
  // MCP server (issue 19)
  'mcp.clients.list': true,
  'mcp.clients.add': true,
  'mcp.clients.approve': true,
  'mcp.clients.dismiss': true,
  'mcp.clients.regenerate': true,
  'mcp.clients.update': true,
  'mcp.clients.remove': true,
  'mcp.clients.keyless': true,
  'mcp.setup': true,
  'mcp.http.status': true,
  'mcp.http.token': true,
  'mcp.http.regenerate': true,
  // Settings → Devices (issue 30 §4)
  'sync.devices': true,
  'sync.invite': true,
  'sync.join': true,
  'sync.revoke': true,
  'sync.consolidateHere': true,
  // shell (issue 17)
  'chat.switchBranch': true,
  'attachments.add': true,
  'attachments.preview': true,
  'sessions.setModel': true,
  'sessions.setSettings': true,
  'providers.detectLocal': true,
  // sync between devices (issue 30 §5)
  'sync.status': true,
  'sync.now': true,
  'sync.conflicts': true,
  'sync.pick': true,
} satisfies Record<ChannelName, true>;

const eventNameSet = {
  'config.changed': true,
  'status.changed': true,
  'sessions.changed': true,
  'chat.turn': true,
  'chat.delta': true,
  'chat.tool': true,
  'chat.message': true,
  'messages.changed': true,
  'consolidate.progress': true,
  'consolidate.done': true,
  'mem0.status': true,
  // MCP tools in the chat (issue 19 §2)
  'mcp.servers': true,
  'mcp.call': true,
  'mcp.unavailable': true,
  // guards (issue 18 §2)
  'chat.memory': true,
  // Inbox (issue 16 §3–§4)
  'inbox.changed': true,
  'memory.changed': true,
  'sync.changed': true,
  'sync.joinLink': true,
} satisfies Record<EventName, true>;

export const CHANNEL_NAMES = Object.freeze(Object.keys(channelNameSet) as ChannelName[]);
export const EVENT_NAME_LIST = Object.freeze(Object.keys(eventNameSet) as EventName[]);

export function isKnownChannel(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channelNameSet, name);
}

export function isKnownEvent(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(eventNameSet, name);
}

/** One `ipcMain.handle` per channel, so main never routes on a renderer-supplied string. */
export const INVOKE_PREFIX = 'monad:invoke:';
/** One IPC channel per push event. */
export const EVENT_PREFIX = 'monad:event:';

export const invokeChannel = (name: ChannelName): string => `${INVOKE_PREFIX}${name}`;
export const eventChannel = (name: EventName): string => `${EVENT_PREFIX}${name}`;

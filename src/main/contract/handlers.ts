// One handler per contract channel. The type forces exactly one entry per channel, with the channel's
// parsed input and output types; hosts never see anything but `dispatch`.
import type { ChannelName, ChannelOutput, ParsedInput } from '../../shared/contract';
import { MonadError } from '../../shared/errors';
import { deepMerge } from '../config/merge';
import type { HandlerPorts } from './handler-ports';
import { receiptView, withUndoState } from '../chat/receipt-view';
import { toGraphView } from '../memory/graph/graph-view';
import type { By } from '../memory/laws/law-writer';
import { mcpSetupInfo } from '../mcp/mcp-setup';
import { syncHandlers } from './sync-handlers';
import { syncDeviceHandlers } from './sync-device-handlers';

/** A correction made through the contract is the person's, in the app (the desktop window or `monad serve`). */
const PERSON_IN_APP: By = { actor: 'person', source: { via: 'app' } };

export type Handlers = {
  [K in ChannelName]: (input: ParsedInput<K>) => Promise<ChannelOutput<K>> | ChannelOutput<K>;
};

export function createHandlers(engine: HandlerPorts): Handlers {
  const agentExists = (id: string) => {
    engine.agents.get(id);
  };
  return {
    'app.status': () => engine.status(),

    'config.get': () => engine.config.get(),
    'config.update': ({ patch }) =>
      engine.config.update((current) => {
        const next = deepMerge(current, patch);
        // Providers change only through providers.save, which drops a key whose provider now points
        // at another origin; a generic patch could move a provider without that rule.
        if (JSON.stringify(next.models?.providers) !== JSON.stringify(current.models.providers)) {
          throw new MonadError('BAD_INPUT', 'Providers are changed with providers.save (Settings → Models), which keeps each API key bound to the address it was saved for');
        }
        // The same for MCP tool servers (issue 19 §2): a patch could point a server's secrets at another program.
        if (JSON.stringify(next.mcp?.servers ?? []) !== JSON.stringify(current.mcp.servers)) {
          throw new MonadError('BAD_INPUT', 'Tool servers are changed with mcp.servers.save (Settings → Tools), which keeps their secrets bound to the program or address they were saved for');
        }
        return next;
      }),

    'agents.list': () => engine.agents.list(),
    'agents.create': (input) => engine.agents.create(input),
    'agents.update': ({ id, patch }) => engine.agents.update(id, patch),
    'agents.delete': async ({ id }) => {
      engine.agents.delete(id);
      const sessions = engine.sessions.list(id);
      for (const s of sessions) await engine.deleteSession(s.id);
      engine.events.emit('sessions.changed', { agentId: id });
      return { deletedSessions: sessions.length };
    },

    'sessions.list': ({ agentId }) => engine.sessions.list(agentId),
    'sessions.create': (input) => {
      agentExists(input.agentId);
      const session = engine.sessions.create(input);
      engine.events.emit('sessions.changed', { agentId: session.agentId });
      return session;
    },
    'sessions.rename': ({ id, title }) => {
      const session = engine.sessions.rename(id, title);
      engine.events.emit('sessions.changed', { agentId: session.agentId });
      return session;
    },
    'sessions.update': ({ id, workspace, incognito }) => {
      const session = engine.sessions.update(id, { workspace, incognito });
      engine.events.emit('sessions.changed', { agentId: session.agentId });
      return session;
    },
    'sessions.delete': async ({ id, forget }) => {
      engine.sessions.get(id);
      // What rests only on the chat is forgotten first: its messages are what the preview is checked against.
      const outcome = forget?.length ? await engine.forget.apply({ kind: 'session', sessionId: id }, forget, PERSON_IN_APP) : null;
      await engine.deleteSession(id);
      return { id, forget: outcome };
    },

    'messages.list': ({ sessionId, before, limit }) => {
      engine.sessions.get(sessionId);
      return withUndoState(engine.messages.list(sessionId, { before, limit }), engine.journal); // receipts: undone lines
    },

    'chat.send': ({ sessionId, text, pasted, replacing, attachments }) => engine.chat.send(sessionId, text, { pasted, replacing, attachments }),
    'attachments.add': ({ name, data }) => engine.attachments.add(name, data),
    'attachments.preview': ({ id, name }) => engine.attachments.preview(id, name),
    'chat.cancel': ({ sessionId }) => ({ cancelled: engine.chat.cancel(sessionId) }),
    'chat.live': ({ sessionId }) => {
      engine.sessions.get(sessionId);
      return engine.liveTurns.get(sessionId);
    },
    'chat.regenerate': ({ sessionId }) => engine.chat.regenerate(sessionId),
    'chat.command': ({ text, sessionId, agentId }) => {
      const agent = agentId ?? (sessionId ? engine.sessions.get(sessionId).agentId : undefined);
      return engine.commands.run(text, { sessionId, agentId: agent });
    },

    'providers.list': () => engine.providers.list(),
    'providers.save': ({ provider, apiKey }) => engine.providers.save(provider, apiKey),
    'providers.delete': ({ id }) => {
      engine.providers.delete(id);
      return { id };
    },
    'providers.test': (input) => engine.providers.test(input),
    'providers.detectOllama': () => engine.providers.detectOllama(),

    'facts.scopes': () => engine.facts.memory.scopes(),
    'facts.list': ({ scope, at }) => {
      if (at) return { scope, facts: engine.facts.at(scope, at), warnings: [], updated: null, at: new Date(at).toISOString() };
      return { ...engine.facts.list(scope), at: null };
    },
    'facts.changes': ({ scope }) => {
      engine.facts.memory.read(scope); // an edit by hand not seen yet is a change too
      return { scope, changes: engine.facts.ledger.versions.changes(scope) };
    },
    'facts.proposals': ({ scope }) => engine.facts.proposals.list(scope),
    'facts.applyProposal': ({ id }) => ({ applied: engine.facts.proposals.apply(id, PERSON_IN_APP) }),
    'facts.dismissProposal': ({ id }) => ({ dismissed: engine.facts.proposals.dismiss(id) }),
    // The person's own writes: the memory model's fact check applies to them too (an instruction pasted
    // into the Memory tab is refused with its reason), and their origin is "person". Each is journaled.
    'facts.add': ({ scope, text }) => engine.facts.record(scope, text, PERSON_IN_APP),
    'facts.edit': ({ scope, id, text }) => engine.facts.edit(scope, id, text, PERSON_IN_APP),
    'facts.forget': ({ scope, id }) => ({ forgotten: engine.facts.forget(scope, id, PERSON_IN_APP) }),
    'facts.recall': ({ sessionId }) => {
      engine.sessions.get(sessionId);
      return { ...engine.facts.recall.snapshot(sessionId), rebuilds: engine.freshness.rebuilds(sessionId) };
    },

    'core.read': ({ file, agentId, sessionId }) => {
      const workspace = sessionId ? engine.sessions.get(sessionId).workspace : null;
      if (agentId) engine.agents.get(agentId);
      return engine.facts.identity.view(file, agentId, workspace);
    },
    'core.write': ({ file, agentId, sessionId, content, expectedMtimeMs, confirm }) => {
      const workspace = sessionId ? engine.sessions.get(sessionId).workspace : null;
      if (agentId) engine.agents.get(agentId);
      return engine.facts.identity.write(file, content, { agentId, workspace, expectedMtimeMs, confirm, knownSecrets: engine.secrets.values(), by: PERSON_IN_APP });
    },

    'graph.scopes': () => engine.graph.store.scopes(),
    'graph.snapshot': ({ scope }) => toGraphView(engine.graph.store.snapshot(scope)),
    'graph.node': ({ id }) => engine.graph.nodeDetail(id),
    'graph.edge': ({ id }) => engine.graph.edgeDetail(id),
    'graph.entity.rename': ({ id, name }) => engine.graph.corrections.renameEntity(id, name, PERSON_IN_APP),
    'graph.entity.merge': ({ keepId, dropId }) => engine.graph.corrections.mergeEntities(keepId, dropId, PERSON_IN_APP),
    'graph.entity.delete': ({ id }) => engine.graph.corrections.deleteEntity(id, PERSON_IN_APP),
    'graph.relation.retract': ({ id, reason }) => engine.graph.corrections.retractRelation(id, { reason }, PERSON_IN_APP),
    'graph.relation.edit': ({ id, ...patch }) => engine.graph.corrections.editRelation(id, patch, PERSON_IN_APP),
    'graph.relation.add': (input) => engine.graph.corrections.addRelation(input, PERSON_IN_APP),
    'graph.proposals': ({ scope }) => engine.graph.proposals.list({ scope }),
    'graph.proposals.decide': ({ id, accept }) => {
      const result = accept ? engine.graph.proposals.accept(id, PERSON_IN_APP) : null;
      if (!accept) engine.graph.proposals.dismiss(id);
      return { proposal: engine.graph.proposals.get(id), result };
    },

    'laws.list': ({ scopes }) => engine.laws.views(scopes),
    'laws.derive': async ({ scope }) => {
      // The person asked for it; the laws are still the model's inference.
      const r = await engine.laws.infer(scope, { force: true, by: { actor: 'inference', source: { via: 'app' } } });
      return { scope, derived: r.derived, dropped: r.dropped, rejected: r.rejected, excluded: r.excluded, kept: r.kept, proposed: r.proposed };
    },
    'laws.check': ({ scopes }) => engine.laws.check(scopes),
    'laws.rejected': ({ scopes }) => engine.laws.rejectedViews(scopes),
    'laws.reject': ({ id, reason }) => engine.laws.view(engine.laws.corrections.reject(id, { reason }, PERSON_IN_APP).id),
    'laws.unreject': ({ id }) => engine.laws.view(engine.laws.corrections.unreject(id, PERSON_IN_APP).id),
    'laws.edit': ({ id, statement }) => engine.laws.view(engine.laws.corrections.edit(id, statement, PERSON_IN_APP).id),
    'laws.pin': ({ id, pinned }) => engine.laws.view(engine.laws.corrections.pin(id, pinned, PERSON_IN_APP).id),
    'laws.unsuppress': ({ id }) => engine.laws.view(engine.laws.corrections.unsuppress(id, PERSON_IN_APP).id),
    'laws.proposals': ({ scopes }) => engine.laws.openProposals(scopes),
    'laws.decide': ({ id, accept }) => {
      if (!accept) {
        engine.laws.corrections.dismiss(id, PERSON_IN_APP);
        return { law: null };
      }
      return { law: engine.laws.view(engine.laws.corrections.accept(id, PERSON_IN_APP).id) };
    },

    'history.list': (q) => engine.history.list(q),
    'history.undo': ({ id, confirm }) => engine.history.undo(id, { confirm }),
    'forget.preview': ({ target }) => engine.forget.preview(target),
    'forget.apply': ({ target, keys }) => engine.forget.apply(target, keys, PERSON_IN_APP),

    // Memory-task failures reach memory status (issue 18 §4).
    'memory.status': () => ({ ...engine.consolidation.status(), taskFailures: engine.taskHealth.recent(10), failingTasks: engine.taskHealth.failing(), memoryTasks: engine.taskHealth.tasks() }),
    'consolidate.run': async ({ agentId, level }) => {
      if (agentId) return [await engine.consolidation.run(agentId, { level, trigger: 'manual' })];
      const out = [];
      for (const a of engine.agents.list()) out.push(await engine.consolidation.run(a.id, { level, trigger: 'manual' }));
      return out;
    },
    'consolidate.cancel': ({ agentId }) => ({ cancelled: engine.consolidation.pipeline.cancel(agentId) }),
    'consolidate.history': ({ agentId, limit }) => engine.consolidation.runs.history(agentId, limit),

    'mem0.status': () => engine.mem0.status(),
    'mem0.entries': (input) => engine.mem0.entries(input),
    // Journaled like every other forget: Memory → History lists it and can put it back.
    'mem0.delete': ({ id }) => engine.mem0.forget(id, PERSON_IN_APP),
    'mem0.projection': (input) => engine.mem0.projection(input),

    'transfer.export': () => ({ filename: `monad-export-${engine.now().toISOString().slice(0, 10)}.json`, text: engine.transfer.exportText() }),
    'transfer.import': ({ text, name }) => engine.transfer.importText(text, name ?? null),
    'identity.pending': () => engine.transfer.pendingIdentity(),
    'identity.accept': ({ id, expectedMtimeMs }) => engine.transfer.identity.accept(id, expectedMtimeMs),
    'identity.dismiss': ({ id }) => engine.transfer.identity.dismiss(id),

    'search.query': ({ query, agentId, sessionId, scopes, k }) => {
      if (agentId) agentExists(agentId);
      if (sessionId) engine.sessions.get(sessionId);
      return engine.search.query({ query, agentId, sessionId, scopes, k });
    },
    'search.status': () => engine.embeddings.status(),

    'backups.list': () => engine.backups.list(),
    'backups.restore': ({ name }) => engine.backups.stageRestore(name),

    // MCP tools in the chat (issue 19 §2)
    'mcp.servers.list': () => engine.mcp.list(),
    'mcp.servers.save': ({ server, secrets }) => engine.mcp.save(server, secrets),
    'mcp.servers.delete': ({ id }) => {
      engine.mcp.delete(id);
      return { id };
    },
    'mcp.servers.test': (input) => engine.mcp.test(input),
    'mcp.tools.approve': (input) => engine.mcp.approveTool(input),
    'mcp.calls': ({ sessionId }) => {
      engine.sessions.get(sessionId);
      // A call still waiting carries what it would be given, as its "awaiting" event did.
      return engine.mcp.calls.list(sessionId).map((c) => {
        const args = c.state === 'awaiting' ? engine.mcp.approvals.argsOf(sessionId, c.callId) : undefined;
        return args === undefined ? c : { ...c, args };
      });
    },
    'mcp.decide': ({ sessionId, callId, decision }) => {
      engine.mcp.approvals.decide(sessionId, callId, decision);
      return { decided: true };
    },
    // Model self-test, "Check memory tasks" (issue 18 §3).
    'models.check': ({ providerId, model, tools }) => engine.modelChecks.run({ providerId, model, tools }),
    'models.checks': () => engine.modelChecks.list(),
    // receipts (issue 16)
    'chat.receipt': ({ messageId }) => receiptView(engine.messages, engine.journal, messageId, engine.receiptBlocks),
    // Inbox (issue 16 §3–§4)
    'inbox.list': () => engine.inbox.list(),
    'inbox.approve': async ({ ids, text }) => {
      const decisions = text !== undefined ? [await engine.inbox.approve(ids[0], { via: 'app' }, text)] : await engine.inbox.decideMany(ids, 'approve', { via: 'app' });
      return { decisions, count: engine.inbox.count() };
    },
    'inbox.reject': async ({ ids }) => ({ decisions: await engine.inbox.decideMany(ids, 'reject', { via: 'app' }), count: engine.inbox.count() }),
    'inbox.forMessage': ({ messageId }) => engine.facts.chatProposals.byMessage(messageId),
    'recall.freshness': ({ sessionId }) => engine.freshness.check(sessionId),
    'recall.noticeSeen': ({ sessionId }) => engine.freshness.seen(sessionId),
    'recall.useNow': ({ sessionId }) => engine.freshness.useNow(sessionId),
    // MCP server (issue 19)
    'mcp.clients.list': () => engine.mcpClients.list(),
    'mcp.clients.add': (input) => {
      if (input.agentId) agentExists(input.agentId);
      return engine.mcpClients.add(input);
    },
    'mcp.clients.approve': ({ pendingId, app }) => {
      if (app.agentId) agentExists(app.agentId);
      return engine.mcpClients.approve(pendingId, app);
    },
    'mcp.clients.dismiss': ({ pendingId }) => ({ removed: engine.mcpClients.dismiss(pendingId) }),
    'mcp.clients.regenerate': ({ id }) => engine.mcpClients.regenerate(id),
    'mcp.clients.update': ({ id, patch }) => {
      if (patch.agentId) agentExists(patch.agentId);
      return engine.mcpClients.update(id, patch);
    },
    'mcp.clients.remove': ({ id }) => ({ removed: engine.mcpClients.remove(id) }),
    'mcp.clients.keyless': ({ keyless }) => ({ keyless: engine.mcpClients.setKeylessPolicy(keyless) }),
    'mcp.setup': () => mcpSetupInfo(engine.paths.root, engine.mcpHttp.url),
    'mcp.http.status': () => engine.mcpHttp.status(),
    'mcp.http.token': () => ({ token: engine.mcpHttpToken.get() }),
    'mcp.http.regenerate': () => ({ token: engine.mcpHttpToken.regenerate() }),
    ...syncHandlers(engine),
    // Shell (issue 17): branches, a chat's own model, local servers on first run.
    'chat.switchBranch': ({ sessionId, messageId }) => {
      engine.chat.switchBranch(sessionId, messageId);
      return { sessionId };
    },
    'sessions.setModel': ({ id, model }) => {
      if (model && !engine.config.get().models.providers.some((p) => p.id === model.provider)) {
        throw new MonadError('BAD_INPUT', `No provider with id ${model.provider}`);
      }
      const session = engine.sessions.setChatModel(id, model);
      engine.events.emit('sessions.changed', { agentId: session.agentId });
      return session;
    },
    'sessions.setSettings': ({ id, settings }) => {
      const session = engine.sessions.setSettings(id, settings);
      engine.events.emit('sessions.changed', { agentId: session.agentId });
      return session;
    },
    'providers.detectLocal': () => engine.providers.detectLocal(),
    ...syncDeviceHandlers(engine),
  };
}

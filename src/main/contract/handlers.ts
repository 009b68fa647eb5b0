// One handler per contract channel. The type forces exactly one entry per channel, with the channel's
// parsed input and output types; hosts never see anything but `dispatch`.
import type { ChannelName, ChannelOutput, ParsedInput } from '../../shared/contract';
import { MonadError } from '../../shared/errors';
import { deepMerge } from '../config/merge';
import type { Engine } from '../engine';
import { toGraphView } from '../memory/graph/graph-view';

export type Handlers = {
  [K in ChannelName]: (input: ParsedInput<K>) => Promise<ChannelOutput<K>> | ChannelOutput<K>;
};

export function createHandlers(engine: Engine): Handlers {
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
    'sessions.delete': async ({ id }) => {
      await engine.deleteSession(id);
      return { id };
    },

    'messages.list': ({ sessionId, before, limit }) => {
      engine.sessions.get(sessionId);
      return engine.messages.list(sessionId, { before, limit });
    },

    'chat.send': ({ sessionId, text, pasted }) => engine.chat.send(sessionId, text, { pasted }),
    'chat.cancel': ({ sessionId }) => ({ cancelled: engine.chat.cancel(sessionId) }),
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
    'facts.list': ({ scope }) => {
      const r = engine.facts.memory.read(scope);
      return { scope, facts: r.facts, warnings: r.warnings, updated: r.updated };
    },
    // The person's own writes: the memory model's fact check applies to them too (an instruction pasted
    // into the Memory tab is refused with its reason), and their origin is "person".
    'facts.add': async ({ scope, text }) => (await engine.facts.writer.record(scope, text, { origin: 'person' })).result,
    'facts.edit': async ({ scope, id, text }) => (await engine.facts.writer.update(scope, id, text, { origin: 'person' })).result,
    'facts.forget': ({ scope, id }) => ({ forgotten: engine.facts.memory.forget(scope, id) }),
    'facts.recall': ({ sessionId }) => {
      engine.sessions.get(sessionId);
      return engine.facts.recall.snapshot(sessionId);
    },

    'core.read': ({ file, agentId, sessionId }) => {
      const workspace = sessionId ? engine.sessions.get(sessionId).workspace : null;
      if (agentId) engine.agents.get(agentId);
      return engine.facts.identity.view(file, agentId, workspace);
    },
    'core.write': ({ file, agentId, sessionId, content, expectedMtimeMs, confirm }) => {
      const workspace = sessionId ? engine.sessions.get(sessionId).workspace : null;
      if (agentId) engine.agents.get(agentId);
      return engine.facts.identity.write(file, content, { agentId, workspace, expectedMtimeMs, confirm, knownSecrets: engine.secrets.values() });
    },

    'graph.scopes': () => engine.graph.store.scopes(),
    'graph.snapshot': ({ scope }) => toGraphView(engine.graph.store.snapshot(scope)),
    'graph.node': ({ id }) => engine.graph.nodeDetail(id),
    'graph.edge': ({ id }) => engine.graph.edgeDetail(id),

    'laws.list': ({ scopes }) => engine.laws.views(scopes),
    'laws.derive': async ({ scope }) => {
      const r = await engine.laws.infer(scope, { force: true });
      return { scope, derived: r.derived, dropped: r.dropped, rejected: r.rejected };
    },
    'laws.check': ({ scopes }) => engine.laws.check(scopes),

    'memory.status': () => engine.consolidation.status(),
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
    'mem0.delete': ({ id }) => engine.mem0.delete(id),
    'mem0.projection': (input) => engine.mem0.projection(input),

    'transfer.export': () => ({ filename: `monad-export-${engine.now().toISOString().slice(0, 10)}.json`, text: engine.transfer.exportText() }),
    'transfer.import': ({ text, name }) => engine.transfer.importText(text, name ?? null),
    'identity.pending': () => engine.transfer.pendingIdentity(),
    'identity.accept': ({ id, expectedMtimeMs }) => engine.transfer.identity.accept(id, expectedMtimeMs),
    'identity.dismiss': ({ id }) => engine.transfer.identity.dismiss(id),

    'search.query': ({ query, agentId, sessionId, scopes, k }) => {
      if (agentId) agentExists(agentId);
      if (sessionId) engine.sessions.get(sessionId);
      return engine.search.search({ query, agentId, sessionId, scopes, k });
    },

    'backups.list': () => engine.backups.list(),
    'backups.restore': ({ name }) => engine.backups.stageRestore(name),
  };
}

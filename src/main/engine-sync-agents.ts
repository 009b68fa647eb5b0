// The agents kind's port onto this home (issue 30 §2), built in the composition root's room so that the
// sync room depends only on AgentsSyncPort. Another device's agent is written through AgentService, the
// path the Settings screen's agents.create / agents.update take (the agent schema validates the result,
// config is written once), after the import's cleaning of what reaches the system prompt: the name and
// description through the fact sanitizer, the chat instructions cleaned like a message (they travel
// between the person's own devices: agents-ports.ts). What stays on each device is never touched here.
import { agentSchema, type Agent, type AgentPatch } from '../shared/config';
import { chatSettingsSchema } from '../shared/chat-settings';
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import { ImportCleaner, printable } from './transfer/import-clean';
import { emptyReport } from './transfer/import';
import type { AgentsSyncPort, SyncedAgent } from './sync/agents-ports';

/** An agent in the shape that travels: only the fields agents-ports.ts lists as travelling. */
export function syncedAgentOf(a: Agent): SyncedAgent {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    chat: a.chat && Object.keys(a.chat).length ? { ...a.chat } : null,
    memory: {
      level: a.memory.level ?? null,
      intervalMinutes: a.memory.intervalMinutes,
      recallBudgetChars: a.memory.recallBudgetChars ?? null,
      remember: a.memory.remember ?? null,
      holdInferred: a.memory.holdInferred ?? null,
    },
  };
}

export function agentsSyncPort(engine: Engine): AgentsSyncPort {
  return {
    list: () => engine.agents.list().map(syncedAgentOf),

    write(incoming, device) {
      const report = emptyReport();
      const cleaner = new ImportCleaner(report, engine.egress.known());
      const where = `agent ${printable(String(incoming?.id), 64)} from device ${printable(device, 40)}`;
      // The travelling fields, checked with the agent schema before anything is written.
      const parsed = agentSchema.safeParse({
        id: incoming?.id,
        name: typeof incoming?.name === 'string' ? (cleaner.memoryText(incoming.name, 'agent name', where)?.slice(0, 100) ?? incoming.id) : undefined,
        description: typeof incoming?.description === 'string' && incoming.description ? (cleaner.memoryText(incoming.description, 'agent description', where) ?? '') : '',
        memory: {
          autoConsolidate: false,
          intervalMinutes: incoming?.memory?.intervalMinutes,
          ...(incoming?.memory?.level !== null ? { level: incoming?.memory?.level } : {}),
          ...(incoming?.memory?.recallBudgetChars !== null ? { recallBudgetChars: incoming?.memory?.recallBudgetChars } : {}),
          ...(incoming?.memory?.remember !== null ? { remember: incoming?.memory?.remember } : {}),
          ...(incoming?.memory?.holdInferred !== null ? { holdInferred: incoming?.memory?.holdInferred } : {}),
        },
        ...(incoming?.chat ? { chat: cleaner.messageValue(incoming.chat) } : {}),
      });
      if (!parsed.success) return { written: false, refused: [`${where}: not an agent this Monad can take (${parsed.error.issues[0]?.message ?? 'invalid'}); left as it is`] };
      const a = parsed.data;
      const refusals = report.refused.map((r) => `${r.what}: ${r.reason}`);
      try {
        if (!engine.agents.list().some((x) => x.id === a.id)) {
          engine.agents.create({ id: a.id, name: a.name, description: a.description, memory: a.memory, ...(a.chat ? { chat: a.chat } : {}) } as Parameters<Engine['agents']['create']>[0]);
        } else {
          // Only the travelling fields: models and automatic consolidation stay this device's own.
          const chat = chatSettingsSchema.parse(a.chat ?? {});
          const patch: AgentPatch = {
            name: a.name,
            description: a.description,
            memory: {
              level: a.memory.level ?? null,
              intervalMinutes: a.memory.intervalMinutes,
              recallBudgetChars: a.memory.recallBudgetChars ?? null,
              remember: a.memory.remember ?? null,
              holdInferred: a.memory.holdInferred ?? null,
            },
            chat: { systemPrompt: chat.systemPrompt ?? null, temperature: chat.temperature ?? null, maxOutputTokens: chat.maxOutputTokens ?? null, contextLength: chat.contextLength ?? null },
          };
          engine.agents.update(a.id, patch);
        }
      } catch (err) {
        if (err instanceof MonadError) return { written: false, refused: [`${where}: not saved here: ${err.message}`] };
        throw err;
      }
      return { written: true, refused: refusals.map((r) => `${where}: ${r}`) };
    },

    remove(id, device) {
      try {
        engine.agents.delete(id);
        return null;
      } catch (err) {
        if (err instanceof MonadError) return `agent ${printable(id, 64)} removed on device ${printable(device, 40)} stays here: ${err.message}`;
        throw err;
      }
    },
  };
}

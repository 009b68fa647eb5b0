// The one contract between the renderer and the engine. Every channel: its name, its zod input schema,
// and its output type. Both hosts (Electron IPC, the headless HTTP server) bind exactly these channels;
// the renderer calls them through one typed `invoke`. Adding a channel = one entry here + one handler.
import { z } from 'zod';
import type { AgentInput, Agent, Config } from './config';
import { agentPatchSchema, agentSchema, idSchema } from './config';
import type { AppStatus, Message, Page, Session } from './domain';

/** Declares a channel: `channel<Output>()(inputSchema)`. The schema is real; the output is a type marker. */
function channel<O>() {
  return <I extends z.ZodType>(input: I) => ({ input, output: undefined as unknown as O });
}

const empty = z.object({}).strict();
const sessionId = z.string().min(1).max(64);
const title = z.string().trim().min(1).max(200);

/** A deep-partial patch of the config; the merged result is validated against the full schema. */
export const configPatchSchema = z.record(z.string(), z.unknown());

const agentCreate = agentSchema.partial({ id: true, description: true, models: true, memory: true }).strict();

export const contract = {
  'app.status': channel<AppStatus>()(empty),

  'config.get': channel<Config>()(empty),
  'config.update': channel<Config>()(z.object({ patch: configPatchSchema }).strict()),

  'agents.list': channel<Agent[]>()(empty),
  'agents.create': channel<Agent>()(agentCreate),
  'agents.update': channel<Agent>()(z.object({ id: idSchema, patch: agentPatchSchema }).strict()),
  'agents.delete': channel<{ deletedSessions: number }>()(z.object({ id: idSchema }).strict()),

  'sessions.list': channel<Session[]>()(z.object({ agentId: idSchema.optional() }).strict()),
  'sessions.create': channel<Session>()(
    z
      .object({
        agentId: idSchema,
        title: title.optional(),
        workspace: z.string().min(1).max(4096).optional(),
        incognito: z.boolean().optional(),
      })
      .strict(),
  ),
  'sessions.rename': channel<Session>()(z.object({ id: sessionId, title }).strict()),
  'sessions.delete': channel<{ id: string }>()(z.object({ id: sessionId }).strict()),

  'messages.list': channel<Page<Message>>()(
    z
      .object({
        sessionId,
        /** Opaque cursor from a previous page. */
        before: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
  ),
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type ChannelInput<K extends ChannelName> = z.input<Contract[K]['input']>;
export type ParsedInput<K extends ChannelName> = z.output<Contract[K]['input']>;
export type ChannelOutput<K extends ChannelName> = Contract[K]['output'];

export const CHANNELS = Object.keys(contract) as ChannelName[];

export function isChannelName(name: string): name is ChannelName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/** Push events from the engine to the renderer (chat tokens, progress, status changes). */
export interface EventMap {
  'config.changed': { config: Config; error: string | null };
  'status.changed': AppStatus;
  'sessions.changed': { agentId: string };
}
export type EventName = keyof EventMap;
// `satisfies` makes this list fail to compile when it and EventMap drift apart.
const eventNameSet = { 'config.changed': true, 'status.changed': true, 'sessions.changed': true } satisfies Record<
  EventName,
  true
>;
export const EVENT_NAMES = Object.keys(eventNameSet) as EventName[];

export type { AgentInput };

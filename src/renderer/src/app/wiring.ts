// Connects the engine's events and errors to the feature stores, once, at start-up.
import type { ChannelName } from '../../../shared/contract';
import { useAgents } from '../features/agents/store';
import { ensureMcpEvents } from '../features/mcp-tools/store';
import { useInbox } from '../features/inbox/store';
import { useSessions } from '../features/sessions/store';
import { useSettings } from '../features/settings/store';
import { useSync, wireSync } from '../features/sync/store';
import { wireJoinLinks } from '../features/devices/join-link-events';
import { toast } from '../features/toasts/store';
import { ApiError, on, onApiError, onEventsOpened, onReconnected, whenNoCallsInFlight } from '../lib/api';
import { startCommandOnlyCleanup } from '../features/chat/command-only-sessions';
import { isUnreachable } from '../lib/connection';

/** What the person was trying to do, for the toast title; the engine's message says what went wrong. */
const ACTION: Partial<Record<ChannelName, string>> = {
  'app.status': 'Could not read the app status',
  'config.get': 'Could not read the configuration',
  'config.update': 'Could not save the configuration',
  'agents.list': 'Could not load agents',
  'agents.create': 'Could not create the agent',
  'agents.update': 'Could not save the agent',
  'agents.delete': 'Could not delete the agent',
  'sessions.list': 'Could not load sessions',
  'sessions.create': 'Could not create a session',
  'sessions.rename': 'Could not rename the session',
  'sessions.delete': 'Could not delete the session',
  'messages.list': 'Could not load messages',
  'graph.entity.rename': 'Could not rename the entity',
  'graph.entity.merge': 'Could not merge the entities',
  'graph.entity.delete': 'Could not delete the entity',
  'graph.relation.retract': 'Could not mark the relation as wrong',
  'graph.relation.edit': 'Could not correct the relation',
  'graph.relation.add': 'Could not add the relation',
  'graph.proposals.decide': 'Could not apply your decision',
  'laws.derive': 'Could not work out laws from memory',
  'laws.check': 'Could not check the laws',
};

/** A toast title in words for any call: never a channel name (issue 29 §3); the message says what went wrong. */
function actionTitle(channel: string): string {
  return ACTION[channel as ChannelName] ?? 'That did not work';
}

/** Calls that only read (lists, reloads): nothing the person did is lost when one fails. */
function isBackgroundRead(channel: string): boolean {
  return /(^|\.)(list|get|status|search|history)$/.test(channel);
}

export function startWiring(): () => void {
  const stops: (() => void)[] = [];
  stops.push(startCommandOnlyCleanup()); // shell: no empty chats left by slash commands
  stops.push(wireJoinLinks()); // an invite link the desktop app was opened with (issue 30 §4)

  stops.push(
    onApiError((err) => {
      // A question, not a failure: the caller shows what needs confirming (e.g. the identity-file warnings).
      if (err.code === 'CONFIRM_REQUIRED') return;
      err.reported = true;
      // A read the app made by itself while the server is unreachable: the connection banner already
      // says so, and the reconnect reloads it. What the person asked for is still reported.
      if (isUnreachable(err) && isBackgroundRead(err.channel)) return;
      toast.error(actionTitle(err.channel), err.message, err.code);
    }),
  );

  // The safety net: anything that escapes a handler still reaches the screen.
  const onRejection = (e: PromiseRejectionEvent) => {
    if (e.reason instanceof ApiError && e.reason.reported) {
      e.preventDefault();
      return;
    }
    toast.error('Something went wrong', describe(e.reason));
  };
  const onError = (e: ErrorEvent) => toast.error('Something went wrong', describe(e.error ?? e.message));
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  stops.push(() => window.removeEventListener('unhandledrejection', onRejection));
  stops.push(() => window.removeEventListener('error', onError));

  // The config error this window last told the person about. Kept here, not read from the settings store:
  // a status event can clear the store's error before the config event arrives (their order is the
  // engine's), and "valid again" was then never said.
  let announced: string | null = useSettings.getState().configError;
  stops.push(
    on('config.changed', ({ config, error }) => {
      const before = announced;
      announced = error;
      useSettings.getState().applyConfig(config, error);
      useAgents.getState().replace(config.agent.agents);
      if (error && error !== before) toast.error('config.json has an error', `${error} — the last good configuration stays in force.`, 'CONFIG_INVALID');
      if (!error && before) toast.success('config.json is valid again', 'The new configuration is in force.');
    }),
  );
  stops.push(
    on('status.changed', (status) => {
      useSettings.getState().applyStatus(status);
      // A window opened on a broken config learns of it from the status: its fix is then announced too.
      if (!status.config.ok && announced === null) announced = status.config.error ?? 'config.json has an error';
    }),
  );
  stops.push(
    on('sessions.changed', ({ agentId }) => {
      if (useSessions.getState().isTracked(agentId)) void useSessions.getState().load(agentId);
    }),
  );
  // Inbox (issue 16 §3): the badge's count, live.
  stops.push(
    on('inbox.changed', ({ count }) => {
      useInbox.getState().setCount(count);
      if (useInbox.getState().loaded) void useInbox.getState().load();
    }),
  );
  // Sync between devices (issue 30 §5): the sidebar's sync line.
  stops.push(wireSync());
  stops.push(onReconnected(() => void loadAll()));
  // Changes made before the event stream first opened were announced to nobody: load once more then,
  // after the first screen's own calls and in idle time, so the catch-up never delays the first paint.
  stops.push(onEventsOpened(() => void whenNoCallsInFlight().then(() => whenIdle()).then(loadAll)));
  // MCP tool calls (issue 19 §2): an approval request may arrive before its chat has drawn the call.
  ensureMcpEvents();

  void loadAll();
  return () => stops.forEach((stop) => stop());
}

async function loadAll(): Promise<void> {
  await Promise.all([useSettings.getState().load(), useAgents.getState().load(), useInbox.getState().load(), useSync.getState().load()]);
  const sessions = useSessions.getState();
  await Promise.all(Object.keys(sessions.byAgent).map((agentId) => sessions.load(agentId)));
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else window.setTimeout(resolve, 500);
  });
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return typeof reason === 'string' ? reason : 'An unexpected error occurred.';
}

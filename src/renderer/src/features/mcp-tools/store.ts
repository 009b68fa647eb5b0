// MCP tool servers (Settings → Tools) and the MCP tool calls of the open chat: their approval prompts
// and flags. Servers come as masked views: secret values never reach the renderer.
import { create } from 'zustand';
import type { McpServerInput } from '../../../../shared/config';
import type { McpCallView, McpDecision, McpSecretsInput, McpServerView, McpTestResult } from '../../../../shared/mcp';
import { attempt, invoke, on, onReconnected } from '../../lib/api';
import { toast } from '../toasts/store';

export type McpTestState = { state: 'testing' } | ({ state: 'done' } & McpTestResult);

const callKey = (sessionId: string, callId: string) => `${sessionId}/${callId}`;

interface McpToolsState {
  servers: McpServerView[];
  loaded: boolean;
  tests: Record<string, McpTestState>;
  /** Calls by session/call id; sessions whose calls were fetched. */
  calls: Record<string, McpCallView>;
  sessionsLoaded: Record<string, true>;
  /** Decisions sent and not yet confirmed by the engine (the buttons are disabled meanwhile). */
  deciding: Record<string, true>;
  load(): Promise<void>;
  save(server: McpServerInput, secrets?: McpSecretsInput): Promise<McpServerView | undefined>;
  remove(id: string): Promise<boolean>;
  test(id: string): Promise<void>;
  testDraft(server: McpServerInput, secrets?: McpSecretsInput): Promise<McpTestResult | undefined>;
  /** Offers (or holds back again) a flagged tool, for the exact text the person read (its digest). */
  approveTool(serverId: string, tool: string, hash: string, approved: boolean): Promise<void>;
  loadCalls(sessionId: string): Promise<void>;
  call(sessionId: string, callId: string): McpCallView | undefined;
  decide(sessionId: string, callId: string, decision: McpDecision): Promise<void>;
}

export const useMcpTools = create<McpToolsState>((set, get) => ({
  servers: [],
  loaded: false,
  tests: {},
  calls: {},
  sessionsLoaded: {},
  deciding: {},

  async load() {
    const servers = await attempt(() => invoke('mcp.servers.list'));
    if (servers) set({ servers, loaded: true });
  },

  async save(server, secrets) {
    const saved = await attempt(() => invoke('mcp.servers.save', { server, secrets }));
    if (!saved) return undefined;
    await get().load();
    return saved;
  },

  async remove(id) {
    const done = await attempt(() => invoke('mcp.servers.delete', { id }));
    if (!done) return false;
    set((s) => ({ servers: s.servers.filter((x) => x.id !== id) }));
    return true;
  },

  async test(id) {
    set((s) => ({ tests: { ...s.tests, [id]: { state: 'testing' } } }));
    const result = await attempt(() => invoke('mcp.servers.test', { id }));
    set((s) => {
      const tests = { ...s.tests };
      if (result) tests[id] = { state: 'done', ...result };
      else delete tests[id];
      return { tests };
    });
    void get().load();
  },

  async testDraft(server, secrets) {
    return attempt(() => invoke('mcp.servers.test', { server, secrets }));
  },

  async approveTool(serverId, tool, hash, approved) {
    const result = await attempt(() => invoke('mcp.tools.approve', { serverId, tool, hash, approved }));
    if (result) set((s) => ({ tests: { ...s.tests, [serverId]: { state: 'done', ...result } } }));
    void get().load();
  },

  async loadCalls(sessionId) {
    const calls = await attempt(() => invoke('mcp.calls', { sessionId }));
    if (!calls) return;
    set((s) => {
      const next = { ...s.calls };
      for (const c of calls) {
        const k = callKey(c.sessionId, c.callId);
        // A waiting call's arguments come with its event and with the list while it waits; a fetch that raced the decision must not drop them.
        const before = next[k];
        next[k] = before?.args !== undefined && before.state === c.state ? { ...c, args: before.args } : c;
      }
      return { calls: next, sessionsLoaded: { ...s.sessionsLoaded, [sessionId]: true } };
    });
  },

  call(sessionId, callId) {
    return get().calls[callKey(sessionId, callId)];
  },

  async decide(sessionId, callId, decision) {
    const k = callKey(sessionId, callId);
    set((s) => ({ deciding: { ...s.deciding, [k]: true } }));
    await attempt(() => invoke('mcp.decide', { sessionId, callId, decision }));
    set((s) => {
      const deciding = { ...s.deciding };
      delete deciding[k];
      return { deciding };
    });
  },
}));

let wired = false;
/** Subscribes once for the life of the page: call updates arrive while any tab is showing. */
export function ensureMcpEvents(): void {
  if (wired) return;
  wired = true;
  on('mcp.call', (c) => useMcpTools.setState((s) => ({ calls: { ...s.calls, [callKey(c.sessionId, c.callId)]: c } })));
  on('mcp.servers', () => void useMcpTools.getState().load());
  on('mcp.unavailable', ({ servers }) => {
    const names = servers.map((s) => `“${s.name}”`).join(', ');
    toast.warning(`The reply goes on without the tools of ${names}`, servers.map((s) => s.error).join(' '));
  });
  on('config.changed', () => void useMcpTools.getState().load());
  onReconnected(() => {
    const sessions = Object.keys(useMcpTools.getState().sessionsLoaded);
    for (const id of sessions) void useMcpTools.getState().loadCalls(id);
  });
}

// Next to an MCP tool call in the chat: the approval prompt while the call waits for the person ("Allow
// once" / "Always in this chat" / "Deny"), how it was allowed, and a flag when its result reads like
// instructions to the assistant or was cut to size.
import { useEffect } from 'react';
import { useChat } from '../chat/store';
import { ensureMcpEvents, useMcpTools } from './store';

const APPROVAL_LABEL = { once: 'Allowed once', chat: 'Allowed for this chat', trusted: 'Trusted server', denied: 'Denied' } as const;

function useCall(callId: string) {
  const sessionId = useChat((s) => s.sessionId);
  const call = useMcpTools((s) => (sessionId ? s.calls[`${sessionId}/${callId}`] : undefined));
  const loaded = useMcpTools((s) => (sessionId ? s.sessionsLoaded[sessionId] === true : false));
  useEffect(() => {
    ensureMcpEvents();
    if (sessionId && !loaded) void useMcpTools.getState().loadCalls(sessionId);
  }, [sessionId, loaded]);
  return { sessionId, call };
}

/** "read_file · Files" in place of the namespaced name the model sees. */
export function McpToolLabel({ callId, name }: { callId: string; name: string }) {
  const { call } = useCall(callId);
  const fallback = name.split('__').slice(2).join('__') || name;
  return (
    <span className="tool-name" title={name}>
      <span className="mono">{call?.tool ?? fallback}</span>
      {call ? <span className="mcp-server-name"> · {call.serverName}</span> : null}
    </span>
  );
}

export function McpCallNote({ callId }: { callId: string }) {
  const { sessionId, call } = useCall(callId);
  const deciding = useMcpTools((s) => (sessionId ? s.deciding[`${sessionId}/${callId}`] === true : false));
  if (!call || !sessionId) return null;
  const decide = (d: 'once' | 'chat' | 'deny') => void useMcpTools.getState().decide(sessionId, callId, d);
  return (
    <div className="mcp-call-note" data-testid="mcp-call-note" data-state={call.state}>
      {call.state === 'awaiting' ? (
        <div className="mcp-approval" role="group" aria-label={`Run ${call.tool} of ${call.serverName}?`} data-testid="mcp-approval">
          <div className="mcp-approval-text">
            <strong>Run “{call.tool}” of {call.serverName}?</strong> The reply waits for your answer.
          </div>
          {call.args !== undefined && Object.keys(call.args ?? {}).length ? (
            <pre className="tool-pre selectable mcp-approval-args" tabIndex={0} aria-label="What it would be given" data-testid="mcp-approval-args">
              {JSON.stringify(call.args, null, 2)}
            </pre>
          ) : null}
          <div className="mcp-approval-buttons">
            <button type="button" className="button button-primary button-small" disabled={deciding} data-testid="mcp-allow-once" onClick={() => decide('once')}>
              Allow once
            </button>
            <button type="button" className="button button-small" disabled={deciding} data-testid="mcp-allow-chat" onClick={() => decide('chat')}>
              Always in this chat
            </button>
            <button type="button" className="button button-small" disabled={deciding} data-testid="mcp-deny" onClick={() => decide('deny')}>
              Deny
            </button>
          </div>
        </div>
      ) : call.approval ? (
        <div className="mcp-approval-done muted" data-testid="mcp-approval-done">
          {APPROVAL_LABEL[call.approval]}
          {call.state === 'cancelled' ? ' · stopped' : ''}
        </div>
      ) : call.state === 'cancelled' ? (
        <div className="mcp-approval-done muted">Stopped before it ran</div>
      ) : null}
      {call.flagged ? (
        <div className="mcp-flag" role="note" data-testid="mcp-flag">
          <strong>This result reads like instructions to the assistant</strong> ({call.flagged.replace(/\.$/, '')}). It was given to the model as quoted data
          only, and nothing from it is saved to memory without the usual check.
        </div>
      ) : null}
      {call.truncated ? (
        <div className="mcp-truncated muted" data-testid="mcp-truncated">
          The result was long, so only its first {call.truncated.kept.toLocaleString()} of {call.truncated.received.toLocaleString()} characters were kept.
        </div>
      ) : null}
    </div>
  );
}

// Tool calls in a reply, compact: the tool's name and how it went; open one to see its arguments and
// result.
import type { ToolView, ToolViewState } from './rows';
import { ChatIcon } from './chat-icons';
import { Fragment } from 'react';
import { isMcpToolName } from '../../../../shared/mcp-tool-names';
import { McpCallNote, McpToolLabel } from '../mcp-tools/McpCallNote';
import { toolAccess, toolChip } from '../receipts/tool-access';

const STATE_LABEL: Record<ToolViewState, string> = { running: 'running', done: 'done', error: 'failed', stopped: 'no result' };

export function ToolCalls({ tools }: { tools: ToolView[] }) {
  return (
    <div className="tool-calls">
      {tools.map((t) => (
        <Fragment key={t.callId}>
          <ToolCall tool={t} />
          {/* MCP tools (issue 19 §2): the approval prompt and result flags */}
          {isMcpToolName(t.name) ? <McpCallNote callId={t.callId} /> : null}
        </Fragment>
      ))}
    </div>
  );
}

function ToolCall({ tool }: { tool: ToolView }) {
  const hasDetail = tool.args !== undefined || tool.result !== undefined || Boolean(tool.error);
  // receipts: memory tools say whether they read or wrote, and what became of a write ("memory · read",
  // "memory · saved", "memory · pending approval"), in the one labelling function's words.
  const access = toolAccess(tool);
  const chip = toolChip(tool);
  const head = (
    <>
      <ChatIcon name="tool" size={13} className="tool-icon" />
      {isMcpToolName(tool.name) ? <McpToolLabel callId={tool.callId} name={tool.name} /> : <span className="tool-name mono">{tool.name}</span>}
      <span className={`tool-state tool-state-${tool.state}${access ? ` tool-access-${access}` : ''}`} data-testid="tool-state" data-access={access ?? undefined} data-tone={chip?.tone}>
        {tool.state === 'running' ? <span className="tool-spinner" aria-hidden="true" /> : null}
        {chip ? chip.text : STATE_LABEL[tool.state]}
      </span>
    </>
  );
  if (!hasDetail) {
    return (
      <div className="tool-call" data-testid="tool-call" data-state={tool.state}>
        <div className="tool-call-head">{head}</div>
      </div>
    );
  }
  return (
    <details className="tool-call" data-testid="tool-call" data-state={tool.state}>
      <summary className="tool-call-head">
        <ChatIcon name="chevronRight" size={12} className="tool-chevron" />
        {head}
      </summary>
      <div className="tool-call-body">
        {tool.args !== undefined ? (
          <>
            <div className="tool-label">Arguments</div>
            <pre className="tool-pre selectable">{pretty(tool.args)}</pre>
          </>
        ) : null}
        {tool.error ? (
          <>
            <div className="tool-label">Error</div>
            <pre className="tool-pre tool-pre-error selectable">{tool.error}</pre>
          </>
        ) : tool.result !== undefined ? (
          <>
            <div className="tool-label">Result</div>
            <pre className="tool-pre selectable" data-testid="tool-result">
              {prettyText(tool.result)}
            </pre>
          </>
        ) : null}
      </div>
    </details>
  );
}

function pretty(value: unknown): string {
  if (typeof value === 'string') return prettyText(value);
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/** JSON text is re-indented; anything else is shown as it is. */
function prettyText(text: string): string {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return text;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return text;
  }
}

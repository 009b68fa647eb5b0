// What "Test" found: the server's name and version and its tools, or why it could not be reached. Names and
// descriptions are shown cleaned, as the model gets them. A tool whose text reads like instructions to the
// assistant is held back from the model: its exact text is shown (invisible characters written out, the
// sentences that carry orders marked) and, for a saved server, the person can offer it after reading.
import type { McpTestResult, McpToolInfo } from '../../../../shared/mcp';
import { HeldToolText } from './HeldToolText';
import { useMcpTools } from './store';

export function TestResultView({ result, serverId }: { result: McpTestResult; serverId?: string }) {
  if (!result.ok) {
    return (
      <div className="mcp-test mcp-test-error" role="alert" data-testid="mcp-test-result" data-ok="false">
        {result.error ?? 'The server could not be reached.'}
      </div>
    );
  }
  const flagged = result.tools.filter((t) => t.warning !== null);
  return (
    <div className="mcp-test" role="status" data-testid="mcp-test-result" data-ok="true">
      <div className="mcp-test-head">
        Connected{result.server ? ` to ${result.server.name} ${result.server.version}` : ''}: {result.tools.length} tool{result.tools.length === 1 ? '' : 's'}
      </div>
      {/* Focusable: a long list scrolls, and keyboard users must be able to scroll it too. */}
      <ul className="mcp-tool-list" data-testid="mcp-tool-list" tabIndex={0} aria-label="Its tools">
        {result.tools.map((t) => (
          <li key={t.key} className="mcp-tool">
            <span className="mono mcp-tool-name">{t.name}</span>
            {t.title && t.title !== t.name ? <span className="mcp-tool-title"> {t.title}</span> : null}
            {t.held ? <span className="mcp-tool-held-badge"> (held back)</span> : null}
            {t.description ? <div className="mcp-tool-description muted">{t.description.length > 240 ? `${t.description.slice(0, 240)}…` : t.description}</div> : null}
          </li>
        ))}
      </ul>
      {flagged.length ? (
        <div className="mcp-held" data-testid="mcp-held">
          <div className="mcp-held-head">
            {flagged.length === 1 ? 'One tool reads' : `${flagged.length} tools read`} like instructions to the assistant. A held tool is not offered to the model until you
            have read its text and offer it; if the server changes the text, it is held back again.
          </div>
          {flagged.map((t) => (
            <FlaggedTool key={t.key} tool={t} serverId={serverId} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function FlaggedTool({ tool, serverId }: { tool: McpToolInfo; serverId?: string }) {
  const reason = (tool.warning ?? '').replace(/\.$/, '');
  return (
    <section className="mcp-held-tool" data-testid="mcp-held-tool" data-tool={tool.name} data-held={tool.held ? 'true' : 'false'} aria-label={`Tool ${tool.name}`}>
      <div className="mcp-held-title">
        <span className="mono mcp-tool-name">{tool.name}</span>
        <span data-testid="mcp-held-state">{tool.held ? ' is held back' : ' is offered: you approved this text'}</span>
      </div>
      <div className="field-warning">Why: {reason}.</div>
      <HeldToolText tool={tool} />
      {serverId ? (
        <div className="mcp-held-actions">
          {tool.held ? (
            <button type="button" className="button button-small" data-testid="mcp-tool-approve" onClick={() => void useMcpTools.getState().approveTool(serverId, tool.key, tool.hash, true)}>
              I have read it: offer “{tool.name}” to the model
            </button>
          ) : (
            <button type="button" className="button button-quiet button-small" data-testid="mcp-tool-unapprove" onClick={() => void useMcpTools.getState().approveTool(serverId, tool.key, tool.hash, false)}>
              Hold it back again
            </button>
          )}
        </div>
      ) : (
        <div className="muted mcp-held-hint">Save the server, then Test it from its card to offer this tool.</div>
      )}
    </section>
  );
}

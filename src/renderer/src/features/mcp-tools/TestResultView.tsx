// What "Test" found: the server's name and version and its tools, or why it could not be reached. A tool
// whose description reads like instructions to the assistant is marked: such text goes to the model.
import type { McpTestResult } from '../../../../shared/mcp';

export function TestResultView({ result }: { result: McpTestResult }) {
  if (!result.ok) {
    return (
      <div className="mcp-test mcp-test-error" role="alert" data-testid="mcp-test-result" data-ok="false">
        {result.error ?? 'The server could not be reached.'}
      </div>
    );
  }
  return (
    <div className="mcp-test" role="status" data-testid="mcp-test-result" data-ok="true">
      <div className="mcp-test-head">
        Connected{result.server ? ` to ${result.server.name} ${result.server.version}` : ''}: {result.tools.length} tool{result.tools.length === 1 ? '' : 's'}
      </div>
      {/* Focusable: a long list scrolls, and keyboard users must be able to scroll it too. */}
      <ul className="mcp-tool-list" data-testid="mcp-tool-list" tabIndex={0} aria-label="Its tools">
        {result.tools.map((t) => (
          <li key={t.name} className="mcp-tool">
            <span className="mono mcp-tool-name">{t.name}</span>
            {t.title && t.title !== t.name ? <span className="mcp-tool-title"> {t.title}</span> : null}
            {t.description ? <div className="mcp-tool-description muted">{t.description.length > 240 ? `${t.description.slice(0, 240)}…` : t.description}</div> : null}
            {t.warning ? <div className="field-warning mcp-tool-warning">Its description reads like instructions to the assistant ({t.warning.replace(/\.$/, '')}).</div> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

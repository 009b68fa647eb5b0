// A flagged tool's text exactly as the server sent it: invisible characters are written out by the engine
// (⟦U+202E⟧) and marked here, and the sentences the detector flags are highlighted, so the person reads
// what the model would have read, not a cleaned-up version of it.
import type { ReactNode } from 'react';
import type { McpToolInfo } from '../../../../shared/mcp';

const INVISIBLE = /(⟦U\+[0-9A-F]{4,6}⟧)/;

function withInvisible(text: string): ReactNode[] {
  return text.split(INVISIBLE).map((part, i) =>
    INVISIBLE.test(part) ? (
      <mark key={i} className="mcp-invisible" title="An invisible character: the model reads it, you would not see it">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

/** Splits `text` around the flagged sentences, marking each occurrence. */
function marked(text: string, parts: readonly string[]): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest) {
    let at = -1;
    let hit = '';
    for (const p of parts) {
      const i = rest.indexOf(p);
      if (i >= 0 && (at < 0 || i < at)) {
        at = i;
        hit = p;
      }
    }
    if (at < 0) {
      out.push(<span key={key++}>{withInvisible(rest)}</span>);
      break;
    }
    if (at > 0) out.push(<span key={key++}>{withInvisible(rest.slice(0, at))}</span>);
    out.push(
      <mark key={key++} className="mcp-flagged-part" data-testid="mcp-flagged-part">
        {withInvisible(hit)}
      </mark>,
    );
    rest = rest.slice(at + hit.length);
  }
  return out;
}

export function HeldToolText({ tool }: { tool: McpToolInfo }) {
  const parts = tool.flaggedParts.filter((p) => p.length > 0);
  const elsewhere = parts.filter((p) => !tool.rawDescription.includes(p));
  return (
    <div className="mcp-held-text-wrap">
      <div className="field-label">Its description, exactly as the server sent it</div>
      <pre className="mcp-held-text selectable" data-testid="mcp-held-text" tabIndex={0}>
        {tool.rawDescription ? marked(tool.rawDescription, parts) : <span className="muted">(none)</span>}
      </pre>
      {elsewhere.length ? (
        <>
          <div className="field-label">In the description of its inputs</div>
          <pre className="mcp-held-text selectable" data-testid="mcp-held-schema-text" tabIndex={0}>
            {elsewhere.map((p, i) => (
              <mark key={i} className="mcp-flagged-part">
                {withInvisible(p)}
                {'\n'}
              </mark>
            ))}
          </pre>
        </>
      ) : null}
    </div>
  );
}

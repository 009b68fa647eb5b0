// The one time an app's key is shown (issue 26 §1): after "Add an app", "Approve" or "New key", the key
// and ready snippets for the app (it starts `monad mcp` with the key in MONAD_MCP_KEY, or it reaches the
// desktop listener with the key as its bearer). Monad keeps only a hash: once this panel is closed the key
// cannot be shown again, only replaced.
import { useEffect, useRef, useState } from 'react';
import type { McpIssuedKey, McpSetupInfo } from '../../../../shared/mcp';
import { mcpHttpSnippets, mcpSnippets, type Snippet } from './snippets';

export function KeyReveal({ issued, setup, httpUrl, onDone }: { issued: McpIssuedKey; setup: McpSetupInfo; httpUrl: string | null; onDone: () => void }) {
  const [viaHttp, setViaHttp] = useState(false);
  const [active, setActive] = useState<Snippet['id']>('claude-desktop');
  const [copied, setCopied] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel appears in place of a button: focus moves to it so a keyboard or screen-reader user lands on the key.
  useEffect(() => heading.current?.focus(), [issued.key]);
  const http = viaHttp && httpUrl !== null;
  const snippets = http ? mcpHttpSnippets(setup, { url: httpUrl, key: issued.key }) : mcpSnippets(setup, issued.key);
  const s = snippets.find((x) => x.id === active)!;
  const copy = (what: string, text: string) => void navigator.clipboard.writeText(text).then(() => setCopied(what), () => setCopied(null));
  return (
    <section className="card integrations-key" data-testid="integrations-key" aria-labelledby="integrations-key-title">
      <h4 id="integrations-key-title" className="integrations-key-title" tabIndex={-1} ref={heading}>
        {issued.app.label}&apos;s key: copy it now
      </h4>
      <p className="muted integrations-note">
        Monad shows this key once and keeps only a fingerprint of it. Put it in {issued.app.label}&apos;s MCP settings with a snippet below; if it is lost, make a new key.
      </p>
      <div className="integrations-http-row">
        <code className="mono selectable integrations-token-value" data-testid="integrations-key-value">
          {issued.key}
        </code>
        <button type="button" className="button" data-testid="integrations-key-copy" onClick={() => copy('key', issued.key)}>
          {copied === 'key' ? 'Copied' : 'Copy key'}
        </button>
      </div>
      <div className="integrations-snippets" data-testid="integrations-snippets">
        {httpUrl ? (
          <div className="segmented integrations-how" role="radiogroup" aria-label="How the app connects">
            {[false, true].map((h) => (
              <button
                key={String(h)}
                type="button"
                role="radio"
                aria-checked={viaHttp === h}
                className={`segment${viaHttp === h ? ' is-active' : ''}`}
                data-testid={`integrations-how-${h ? 'http' : 'stdio'}`}
                onClick={() => {
                  setViaHttp(h);
                  setCopied(null);
                }}
              >
                {h ? 'Over HTTP, while Monad is open' : 'The app starts monad mcp'}
              </button>
            ))}
          </div>
        ) : null}
        <div className="segmented" role="tablist" aria-label="App to connect">
          {snippets.map((x) => (
            <button
              key={x.id}
              type="button"
              role="tab"
              id={`integrations-tab-${x.id}`}
              aria-selected={x.id === active}
              aria-controls="integrations-snippet"
              className={`segment${x.id === active ? ' is-active' : ''}`}
              data-testid={`integrations-tab-${x.id}`}
              onClick={() => {
                setActive(x.id);
                setCopied(null);
              }}
            >
              {x.app}
            </button>
          ))}
        </div>
        <div id="integrations-snippet" role="tabpanel" aria-labelledby={`integrations-tab-${s.id}`}>
          <p className="muted">{s.where}</p>
          <pre className="integrations-code mono selectable" data-testid="integrations-snippet">
            {s.text}
          </pre>
          <button type="button" className="button" data-testid="integrations-copy" onClick={() => copy(s.id, s.text)}>
            {copied === s.id ? 'Copied' : 'Copy snippet'}
          </button>
          <p className="muted integrations-note">
            Uses the home folder <span className="mono selectable">{setup.home}</span>. Add <span className="mono">--read-only</span> to the arguments to refuse every write
            from that app whatever is chosen; <span className="mono">--agent ID</span> picks whose memory it sees.
          </p>
        </div>
      </div>
      <div className="card-actions">
        <button type="button" className="button button-primary" data-testid="integrations-key-done" onClick={onDone}>
          Done, I copied it
        </button>
      </div>
    </section>
  );
}

// Monad's own per-app MCP keys (issue 26 §1) are secrets like any provider's: one pasted into a chat or
// a tool result never reaches memory as written, and its kind says what it was.
import { describe, expect, it } from 'vitest';
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';
import { newAppKey } from '../../src/main/mcp/mcp-app-keys';

describe('a Monad app key in text bound for memory', () => {
  it('is redacted as a monad-app-key, wherever it sits, every time (fresh keys)', () => {
    for (let i = 0; i < 50; i++) {
      const key = newAppKey();
      for (const text of [`The Cursor key is ${key}`, `MONAD_MCP_KEY=${key}`, `"env": {"MONAD_MCP_KEY": "${key}"}`]) {
        const r = sanitizeFact(text);
        expect(r.text).not.toContain(key.slice(10, 30));
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.redactions.map((x) => x.kind)).toContain('monad-app-key');
      }
    }
  });

  it('leaves the words "monad_app_" alone when no key follows', () => {
    const r = sanitizeFact('Keys made by Monad start with monad_app_ and are shown once');
    expect(r.ok).toBe(true);
    expect(r.text).toBe('Keys made by Monad start with monad_app_ and are shown once');
  });
});

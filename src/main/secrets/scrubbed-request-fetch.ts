// A fetch for model providers whose JSON request bodies pass the egress filter (issue 32 §3). A key the
// person pasted into a chat, or that a provider's error body quoted, sits in the transcript; without this
// it went inside a prompt to whichever provider the chat or the memory model uses, and inside embedding
// inputs to the embedding endpoint: provider A's key reached origin B. Every prompt and every embedding
// input is filtered here, at the one door all provider calls share, whoever they go to.
//
// The body is filtered as data (parsed, each string filtered, written again), never as raw text: a
// spelled-out match found across JSON punctuation could otherwise cut through the document's structure.
import type { EgressFilter } from './egress-filter';

export function scrubbedRequestFetch(egress: EgressFilter, inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const body = init?.body;
    if (typeof body !== 'string' || egress.known().size === 0) return inner(input, init);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      // Not JSON (no provider call sends such a body): filtered as text, which is then safe to do.
      return inner(input, { ...init, body: egress.text(body) });
    }
    const clean = egress.value(parsed);
    return inner(input, clean === parsed ? init : { ...init, body: JSON.stringify(clean) });
  };
}

// A relation's wording as it may leave for the relay (issue 26 §2, issue 30 §2). The graph stores a wording
// normalised (normalizeRelation: NFKC, lower case, every run of other characters one `_`, cut at 60), so a
// stored secret quoted in it is no longer the value the engine's egress filter looks for: `sk-AbC…` is kept as
// `sk_abc…`, perhaps cut short. Here each stored value goes through the same normalisation, and its form is
// looked for in the wording — with the separator-free spellings the filter already knows — as is a cut-short
// tail. Built beside the normalisation it mirrors; the sync room's graph view applies it (graph-sent-view.ts).
import type { Engine } from './engine';
import { normalizeRelation } from './memory/graph/graph-normalize';
import { KnownSecretsCache, MIN_KNOWN_SECRET_LENGTH, redactStoredSecrets, STORED_SECRET_KIND } from './memory/facts/sanitize-known-secrets';

const REDACTED = `[REDACTED:${STORED_SECRET_KIND}]`;

/** The wording with every stored value found in it, in the graph's normalised form, redacted. */
export function redactNormalisedWording(wording: string, values: readonly string[], cache = new KnownSecretsCache()): string {
  const folded = [...new Set(values.map((v) => (typeof v === 'string' ? normalizeRelation(v.trim()) : '')))].filter((v) => v.length >= MIN_KNOWN_SECRET_LENGTH);
  if (!folded.length) return wording;
  let out = redactStoredSecrets(wording, cache.get(folded)).text;
  // The normalisation cuts a wording at 60 characters: a value quoted near its end survives only as its
  // first characters. A tail that long is still unmistakably that value.
  for (const f of folded) {
    for (let k = Math.min(f.length, out.length); k >= MIN_KNOWN_SECRET_LENGTH; k--) {
      if (out.endsWith(f.slice(0, k))) {
        out = out.slice(0, out.length - k) + REDACTED;
        break;
      }
    }
  }
  return out;
}

/** For the graph port: this home's stored values, read at every call (a key saved a moment ago counts). */
export function sentWording(engine: Engine): (wording: string) => string {
  const cache = new KnownSecretsCache();
  return (wording) => {
    const values = engine.secrets.values();
    return values.length ? redactNormalisedWording(wording, values, cache) : wording;
  };
}

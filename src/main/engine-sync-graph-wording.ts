// A relation's wording as it may leave for the relay (issue 26 §2, issue 30 §2). The graph stores a wording
// normalised (normalizeRelation: NFKC, lower case, every run of other characters one `_`, cut at 60), so a
// stored secret quoted in it is no longer the value the engine's egress filter looks for: `sk-AbC…` is kept as
// `sk_abc…`, perhaps cut short. Here each stored value goes through the same normalisation, and its form is
// looked for in the wording — with the separator-free spellings the filter already knows — as is a cut-short
// tail. Built beside the normalisation it mirrors; the sync room's graph view applies it (graph-sent-view.ts).
import type { Engine } from './engine';
import { normalizeRelation } from './memory/graph/graph-normalize';
import { KnownSecrets, MIN_KNOWN_SECRET_LENGTH, redactStoredSecrets, STORED_SECRET_KIND, ValuesMemo } from './memory/facts/sanitize-known-secrets';

const REDACTED = `[REDACTED:${STORED_SECRET_KIND}]`;
/** normalizeRelation's cut: only a wording this long can have lost the end of a value quoted in it. */
const WORDING_MAX = 60;

/** Stored values in the graph's normalised form, compiled for the search. */
export interface NormalisedSecrets {
  folded: string[];
  known: KnownSecrets;
}

export function normaliseSecrets(values: readonly string[]): NormalisedSecrets {
  const folded = [...new Set(values.map((v) => (typeof v === 'string' ? normalizeRelation(v.trim()) : '')))].filter((v) => v.length >= MIN_KNOWN_SECRET_LENGTH);
  return { folded, known: KnownSecrets.from(folded) };
}

/** The wording with every stored value found in it, in the graph's normalised form, redacted. */
export function redactNormalisedWording(wording: string, secrets: NormalisedSecrets): string {
  if (!secrets.folded.length) return wording;
  let out = redactStoredSecrets(wording, secrets.known).text;
  // A wording cut at its limit may end with only the first characters of a value quoted near its end; a
  // tail that long is still unmistakably that value.
  if (wording.length < WORDING_MAX) return out;
  for (const f of secrets.folded) {
    for (let k = Math.min(f.length, out.length); k >= MIN_KNOWN_SECRET_LENGTH; k--) {
      if (out.endsWith(f.slice(0, k))) {
        out = out.slice(0, out.length - k) + REDACTED;
        break;
      }
    }
  }
  return out;
}

/**
 * For the graph port: this home's stored values, asked for at every call (a key saved a moment ago counts).
 * The store decodes them once per change; their normalised forms are built again only when they change.
 */
export function sentWording(engine: Pick<Engine, 'secrets'>): (wording: string) => string {
  const normalised = new ValuesMemo(normaliseSecrets);
  return (wording) => {
    const values = engine.secrets.values();
    if (!values.length) return wording;
    return redactNormalisedWording(wording, normalised.get(values));
  };
}

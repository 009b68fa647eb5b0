// A stored secret quoted in a relation's wording leaves redacted whatever the graph's normalisation did to it
// (issue 26 §2, issue 30 §2): the wording is stored lower case, with `_` for every run of other characters, and
// cut at 60 characters, so the value the egress filter knows is no longer in it as written.
import { describe, expect, it } from 'vitest';
import { normaliseSecrets, redactNormalisedWording as redactWith } from '../../src/main/engine-sync-graph-wording';
import { normalizeRelation } from '../../src/main/memory/graph/graph-normalize';
import { sentGraph } from '../../src/main/sync/graph-sent-view';
import type { GraphSyncPort, SyncedRelation } from '../../src/main/sync/graph-ports';

const REDACTED = '[REDACTED:stored-secret]';
const redactNormalisedWording = (wording: string, values: string[]) => redactWith(wording, normaliseSecrets(values));
/** What the graph stores for a wording a person or a model wrote. */
const stored = (wording: string) => normalizeRelation(wording);

describe('a stored secret in a normalised relation wording', () => {
  const cases: [what: string, secret: string][] = [
    ['mixed case with hyphens', 'Garden-Lamp-7731-Orchid'],
    ['a key-like token', 'sk-AbCdEf0123456789XyZ'],
    ['characters the spelling view keeps (~ = *)', 'orchid~lamp=7731*quiet'],
    ['spaces and dots', 'Quiet Lamp.7731 Orchid'],
    ['full-width letters folded by NFKC', 'ＧａｒｄｅｎＬａｍｐ７７３１'],
  ];
  for (const [what, secret] of cases) {
    it(`is redacted: ${what}`, () => {
      const wording = stored(`deploys with ${secret} daily`);
      expect(wording.startsWith('deploys_with_')).toBe(true);
      const out = redactNormalisedWording(wording, [secret]);
      expect(out).toBe(`deploys_with_${REDACTED}_daily`);
    });
  }

  it('is redacted when the 60-character cut left only its first characters', () => {
    const secret = 'Orchid-Lamp-7731-Quiet-Garden-Basil';
    const wording = stored(`works on the deployment pipeline using ${secret}`);
    expect(wording).toHaveLength(60);
    expect(wording.endsWith(stored(secret))).toBe(false); // cut: only a prefix of the value is left
    expect(redactNormalisedWording(wording, [secret])).toBe(`works_on_the_deployment_pipeline_using_${REDACTED}`);
  });

  it('leaves a wording without a stored value, and short values, alone', () => {
    expect(redactNormalisedWording(stored('lives in Lisbon'), ['Garden-Lamp-7731-Orchid', 'in'])).toBe('lives_in_lisbon');
    expect(redactNormalisedWording('lives_in', [])).toBe('lives_in');
  });
});

describe('graph-sent-view: the port’s wording filter reaches every record that carries a wording', () => {
  const secret = 'Garden-Lamp-7731-Orchid';
  const wording = stored(`deploys with ${secret}`);
  const rel: SyncedRelation = { key: 'k-old', src: 'Sam', dst: 'Initech', relation: wording, provClass: 'user', validFrom: '2026-03-01T10:00:00.000Z', support: ['m1'], assertedBy: 'model', at: '2026-03-01T10:00:00.000Z' };
  const port = {
    keysOf: { entity: (_s: string, n: string) => `e:${n}`, relation: (_s: string, src: string, r: string, dst: string) => `r:${src}:${r}:${dst}` },
    sendWording: (w: string) => redactNormalisedWording(w, [secret]),
    relations: () => [rel],
    relationEdits: () => [{ from: 'k-old', to: 'k-old', relation: wording, validFrom: rel.validFrom, validTo: null, changed: ['relation' as const], at: rel.at }],
  } as unknown as GraphSyncPort;
  // The engine's egress filter as it is: it does not know the normalised form (identity here).
  const view = sentGraph(port, (v) => v);

  it('a relation: its wording redacted, under the key of the redacted wording', () => {
    const [r] = view.relations('global');
    expect(r.relation).toBe(`deploys_with_${REDACTED}`);
    expect(r.key).toBe(`r:Sam:deploys_with_${REDACTED}:Initech`);
  });

  it('a relation edit: its wording redacted, its keys the sent keys', () => {
    view.relations('global');
    const [e] = view.relationEdits('global');
    expect(e.relation).toBe(`deploys_with_${REDACTED}`);
    expect(e.to).toBe(`r:Sam:deploys_with_${REDACTED}:Initech`);
    expect(JSON.stringify(e)).not.toContain('garden');
  });
});

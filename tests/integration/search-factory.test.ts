// The LoCoMo bench (and the search-quality test, which runs it) measure the product's search: the bench
// builds it with the engine's own factory (src/main/search/create-search.ts), so L1 facts, L2 entities
// and the entity links of query expansion are all there — a bench that built a words-only look-alike
// reported figures of a search nobody runs (issue 28 §4).
import { describe, expect, it } from 'vitest';
import { productSearch } from '../../bench/locomo';
import type { SearchResults } from '../../src/shared/search';
import { GLOBEX_SCOPE as SCOPE, seedGlobex } from '../helpers/seed-globex';

function setup() {
  const seeded = seedGlobex();
  // A fact says Sam's company is Globex too.
  seeded.engine.facts.memory.record(SCOPE, "Sam's company is Globex, a paper supplier");
  return seeded;
}

const QUERY = "What is happening with Sam's company?";
const without = ({ tookMs: _t, ...rest }: SearchResults) => rest;

describe('the bench builds search with the engine’s factory', () => {
  it('returns what the engine’s own search returns: messages, facts and entities', () => {
    const { engine } = setup();
    const query = 'Where is Globex moving?';
    const bench = productSearch(engine, { roleNames: () => ({}) }).search({ query, agentId: 'default' });
    const product = engine.search.search({ query, agentId: 'default' });
    expect(without(bench)).toEqual(without(product));
    // Not an empty agreement: the memory layers answer too.
    expect(bench.facts.map((f) => f.text)).toEqual(["Sam's company is Globex, a paper supplier"]);
    expect(bench.entities.map((e) => e.name)).toContain('Globex');
    expect(bench.messages.length).toBeGreaterThan(0);
  });

  it('a tuning run that turns entity links on gets them from the graph', () => {
    const { engine, target, other } = setup();
    const linked = productSearch(engine, { roleNames: () => ({}), rank: { entityTerms: 6 } }).search({ query: QUERY, agentId: 'default' });
    expect(linked.messages.map((m) => m.messageId)).toEqual(expect.arrayContaining([other, target]));
    const plain = productSearch(engine, { roleNames: () => ({}), rank: { entityTerms: 0 } }).search({ query: QUERY, agentId: 'default' });
    expect(plain.messages.map((m) => m.messageId)).not.toContain(target);
  });
});

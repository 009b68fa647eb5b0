// Builds the cross-layer links from the layers (the composition root calls this once): L1 through the
// facts layer's store and ledger, L2 through its corrections, L3 through its store and corrections.
import type { Database } from 'better-sqlite3';
import type { FactsLayer } from '../facts-layer';
import type { GraphLayer } from '../graph-layer';
import type { MemoryJournal } from '../journal/journal';
import type { LawsLayer } from '../laws-layer';
import { CorrectionLinks, type LinkFacts } from './correction-links';
import { LinkStore } from './link-store';
import { RelationReader } from './relation-match';

export function linkFactsOf(facts: FactsLayer): LinkFacts {
  return {
    scopes: () => facts.memory.scopes().map((s) => s.scope),
    facts: (scope) => facts.memory.read(scope).facts,
    sources: (scope) => facts.ledger.versions.sources(scope),
    forget: (scope, id, by) => facts.forget(scope, id, by),
    update: (scope, id, text, by) => {
      // The person accepted these words in the Inbox: written as theirs, without the memory model's
      // check (a synchronous write, so it joins the correction's undo group); MemoryDir still sanitises it.
      const r = facts.ledger.as(by, () => facts.memory.update(scope, id, text));
      if (r.fact && r.status === 'updated') facts.origins.record({ scope, factId: r.fact.id, origin: 'person', event: 'updated', previousId: id, detail: by.source.detail });
      return r;
    },
  };
}

export function createCorrectionLinks(d: {
  memoryDb: Database;
  journal: MemoryJournal;
  facts: FactsLayer;
  graph: GraphLayer;
  laws: LawsLayer;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
}): CorrectionLinks {
  const links = new CorrectionLinks({
    reader: new RelationReader(d.memoryDb),
    links: new LinkStore(d.memoryDb, d.facts.rejections, d.now),
    journal: d.journal,
    facts: linkFactsOf(d.facts),
    graph: d.graph.corrections,
    laws: { store: d.laws.store, corrections: d.laws.corrections },
    log: d.log,
  });
  d.journal.onAppend((e) => links.handle(e));
  return links;
}

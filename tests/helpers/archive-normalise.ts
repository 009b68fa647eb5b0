// What must differ between an archive and the archive of its import (docs/import-export.md), so two
// exports of the same memory compare equal once it is taken out:
//   - when each export ran;
//   - the import's own History entries (actor "import") and entries about identity files (an import
//     leaves those to the person's review), and so the numbering of History ids: entries are compared in
//     the order of their times (the import writes the facts' History before the graph's and the laws'),
//     and ids, undo links and fact versions' History links are replaced by rank;
//   - a chat's frozen recall block (rebuilt, never imported) and receipts from a file (marked imported,
//     their History links dropped: they would name this home's rows); cross-layer proposals' links to
//     the History entry of their correction are renumbered with the History;
//   - the settings of the agent every home starts with (an import never changes an agent that exists).
// `config: 'drop'` also takes out config and identity files, for tests that compare memory only.

type Entry = Record<string, unknown>;
type Archive = Record<string, unknown> & {
  sessions?: { recallBlock?: unknown; recallBuiltAt?: unknown; messages: { receipt?: { imported?: boolean; changes: { journalId?: unknown }[] } }[] }[];
  journal: Entry[];
  facts: Record<string, { versions: { journalId: number | null }[] }>;
  config?: { agent?: { agents?: { id: string; memory?: unknown }[] } };
};

export function normaliseArchive(text: string, opts: { config?: 'keep' | 'drop' } = {}): Archive {
  const doc = JSON.parse(text) as Archive;
  delete doc.exportedAt;
  if (opts.config === 'drop') {
    delete doc.config;
    delete doc.identity;
  } else {
    for (const a of doc.config?.agent?.agents ?? []) if (a.id === 'default') delete a.memory;
  }
  for (const s of doc.sessions ?? []) {
    delete s.recallBlock;
    delete s.recallBuiltAt;
    for (const m of s.messages) {
      if (!m.receipt) continue;
      delete m.receipt.imported;
      for (const c of m.receipt.changes) if ('journalId' in c) c.journalId = null;
    }
  }
  const key = (e: Entry) => `${e.at}|${e.layer}|${e.item}|${e.action}|${e.summary}`;
  const kept = doc.journal.filter((e) => e.actor !== 'import' && e.layer !== 'identity').sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const rank = new Map(kept.map((e, i) => [e.id as number, i + 1]));
  const ranked = (id: unknown) => (id === null ? null : (rank.get(id as number) ?? null));
  doc.journal = kept.map((e) => ({ ...e, id: rank.get(e.id as number), undoes: ranked(e.undoes), undoneBy: ranked(e.undoneBy) }));
  for (const scope of Object.values(doc.facts)) for (const v of scope.versions) v.journalId = ranked(v.journalId);
  // A cross-layer proposal names the History entry of its correction: renumbered the same way.
  for (const l of (doc.inbox as { links?: { causeEntry: number | null }[] } | undefined)?.links ?? []) l.causeEntry = ranked(l.causeEntry);
  return doc;
}

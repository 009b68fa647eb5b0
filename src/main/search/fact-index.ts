// The facts panel's ranking inputs, kept between searches (issue 31 §3). Every search ranks every fact of
// its scopes (a few hundred with consolidated memory), and most of them hold no query word at all: a
// word → facts index of each scope's facts finds the few that do, and the scope's total length (BM25's
// mean) is summed once. The index is rebuilt whenever the scope's facts are not exactly those it was
// built from (another array, another fact object, or a fact whose text changed in place), so a
// forgotten or corrected fact stops counting at the very next search.
import type { Fact } from '../../shared/domain';
import { scanAll, type TermScan } from './text';

/** One scope's facts, scanned once: every stem's facts, and the facts' total length in tokens. */
export interface FactGroupIndex {
  facts: readonly Fact[];
  scans: readonly TermScan[];
  /** Stem → indexes (into `facts`) of the facts holding it, ascending. */
  byStem: ReadonlyMap<string, number[]>;
  totalLength: number;
}

interface Kept extends FactGroupIndex {
  /** What each fact's text was when scanned: a fact edited in place must be scanned again. */
  texts: string[];
  /** The facts as they were (the array itself may be changed in place). */
  snapshot: Fact[];
}

/**
 * Each fact's full scan, kept while its object lives: a scope rewritten after one change hands out a new
 * array whose other facts are the same objects, so rebuilding its index rescans only what changed.
 */
const fullScans = new WeakMap<Fact, { text: string; scan: TermScan }>();

export function scanOf(f: Fact): TermScan {
  const had = fullScans.get(f);
  if (had && had.text === f.text) return had.scan;
  const scan = scanAll(f.text);
  fullScans.set(f, { text: f.text, scan });
  return scan;
}

/** Keyed by the scope's facts array: MemoryDir hands out the same parsed array until the file changes. */
const kept = new WeakMap<readonly Fact[], Kept>();

function stillValid(k: Kept, facts: readonly Fact[]): boolean {
  if (k.snapshot.length !== facts.length) return false;
  for (let i = 0; i < facts.length; i++) if (facts[i] !== k.snapshot[i] || facts[i].text !== k.texts[i]) return false;
  return true;
}

export function factGroupIndex(facts: readonly Fact[]): FactGroupIndex {
  const had = kept.get(facts);
  if (had && stillValid(had, facts)) return had;
  const scans = facts.map(scanOf);
  const byStem = new Map<string, number[]>();
  let totalLength = 0;
  scans.forEach((scan, i) => {
    totalLength += scan.length;
    for (const stem of scan.positions.keys()) {
      const list = byStem.get(stem);
      if (list) list.push(i);
      else byStem.set(stem, [i]);
    }
  });
  const built: Kept = { facts, scans, byStem, totalLength, texts: facts.map((f) => f.text), snapshot: [...facts] };
  kept.set(facts, built);
  return built;
}

// The facts and learned rules of a frozen recall block, as receipt items (issue 16 §1: every item links to
// its source, "law → Laws", and can be corrected). The block is stored as the text the model saw, not as
// ids, so a reply's receipt stays small (the block goes into every turn; its items would be copied into
// every reply). When the receipt is opened, the block's lines are matched back to memory as it is now:
// a line whose fact or rule has since been forgotten, rejected or reworded is shown as text only.
import type { Fact } from '../../shared/domain';
import type { ReceiptItem } from '../../shared/receipt';
import { clip } from '../turn/receipt-sink';
import { RECALL_SOURCE } from '../memory/facts/recall';
import { findBlocks, oneLine, unescapeData } from '../llm/spotlight';

export interface BlockLookup {
  facts(scope: string): readonly Fact[];
  /** The laws of the session's scopes in any state (a rule rejected since still opens in Laws). */
  laws(): readonly { id: number; scope: string; statement: string }[];
}

export interface BlockItems {
  items: ReceiptItem[];
  /** Lines of the block whose fact or rule is no longer in memory in that form. */
  gone: string[];
}

type Section = { kind: 'facts'; scope: string } | { kind: 'rules' } | { kind: 'other' };

/** The section a heading of the recall block opens (memory/facts/recall.ts renderRecallBlock). */
function sectionOf(heading: string): Section {
  if (heading.startsWith('About the user') && heading.endsWith('(global)')) return { kind: 'facts', scope: 'global' };
  const project = /^This project \((project:[^)]+)\)$/.exec(heading);
  if (project) return { kind: 'facts', scope: project[1] };
  if (heading === 'Learned rules') return { kind: 'rules' };
  return { kind: 'other' };
}

/** A rule's line ends with its confidence when the block was made; the statement is what identifies it. */
const CONFIDENCE_TAIL = /\s\(confidence \d+(?:\.\d+)?\)$/;

/** The recall block's bullets matched to the facts and rules they came from. */
export function recallBlockItems(block: string, lookup: BlockLookup): BlockItems {
  const found = findBlocks(block).blocks.find((b) => b.source === RECALL_SOURCE);
  if (!found) return { items: [], gone: [] };
  const items: ReceiptItem[] = [];
  const gone: string[] = [];
  const factMaps = new Map<string, Map<string, Fact>>();
  const factsIn = (scope: string): Map<string, Fact> => {
    let m = factMaps.get(scope);
    if (!m) {
      m = new Map();
      for (const f of lookup.facts(scope)) if (!m.has(oneLine(f.text))) m.set(oneLine(f.text), f);
      factMaps.set(scope, m);
    }
    return m;
  };
  const lines = unescapeData(found.body).split('\n');
  let laws: Map<string, { id: number; scope: string; statement: string }> | null = null;
  const lawsIn = () => {
    if (!laws) {
      laws = new Map();
      for (const l of lookup.laws()) if (!laws.has(oneLine(l.statement))) laws.set(oneLine(l.statement), l);
    }
    return laws;
  };

  let section: Section = { kind: 'other' };
  for (const line of lines) {
    if (line.startsWith('## ')) {
      section = sectionOf(line.slice(3));
      continue;
    }
    if (!line.startsWith('- ') || section.kind === 'other') continue;
    const said = line.slice(2);
    if (section.kind === 'facts') {
      const byText = factsIn(section.scope);
      // A second-hand fact's line starts with its mark, "(from pasted text) …"; a fact may itself start with "(".
      const unmarked = said.startsWith('(') && said.includes(') ') ? said.slice(said.indexOf(') ') + 2) : null;
      const fact = byText.get(said) ?? (unmarked !== null ? byText.get(unmarked) : undefined);
      // "(none yet)" and the pointer to facts left out by the budget are not bullets, so never reach here.
      if (fact) items.push({ kind: 'fact', scope: section.scope, factId: fact.id, text: clip(fact.text) });
      else gone.push(clip(said));
      continue;
    }
    const statement = said.replace(CONFIDENCE_TAIL, '');
    const law = lawsIn().get(statement);
    if (law) items.push({ kind: 'law', scope: law.scope, lawId: law.id, text: clip(law.statement) });
    else gone.push(clip(statement));
  }
  return { items, gone };
}

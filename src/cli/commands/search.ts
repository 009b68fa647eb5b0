// monad search <query> [--agent ID] [--k N] [--json] — the same search as the UI and the agent's
// memory_search tool: past messages, L1 facts and L2 entities, best first.
import type { SearchResults } from '../../shared/search';
import { openCliEngine } from '../output';
import { markHighlights } from '../../main/search/snippet';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';
import { entityTypeWords } from '../../shared/relation-words';

export async function searchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { agent: { type: 'string' }, k: { type: 'string' } });
  const flags = globalFlags(values);
  const query = positionals.join(' ').trim();
  if (!query) throw new UsageError('give something to search for, e.g. monad search "trip to Lisbon"');
  let k: number | undefined;
  if (typeof values.k === 'string') {
    k = Number(values.k);
    if (!Number.isInteger(k) || k < 1 || k > 100) throw new UsageError('--k must be a whole number from 1 to 100');
  }
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const agentId = typeof values.agent === 'string' ? values.agent : undefined;
    if (agentId) engine.agents.get(agentId);
    const results = await engine.search.query({ query, agentId, k });
    if (flags.json) printJson(results);
    else process.stdout.write(render(results, process.stdout.isTTY === true));
    return 0;
  } finally {
    engine.close();
  }
}

function render(r: SearchResults, tty: boolean): string {
  // A terminal shows matches in bold; piped output stays plain text (--json carries the ranges).
  const mark = (text: string, highlights: Array<[number, number]>) => (tty ? markHighlights({ text, highlights }, '\x1b[1m', '\x1b[22m') : text);
  const out: string[] = r.notice ? [r.notice] : [];
  if (!r.messages.length && !r.facts.length && !r.entities.length) return `${[...out, `Nothing matches "${r.query}".`].join('\n')}\n`;
  if (r.messages.length) {
    out.push(`Messages (${r.messages.length}):`);
    for (const m of r.messages) {
      out.push(`  ${m.createdAt.slice(0, 16).replace('T', ' ')}  ${m.agentId} · "${m.sessionTitle}" · ${m.role}  [${m.messageId}]`);
      out.push(`    ${mark(m.snippet, m.highlights)}`);
      if (m.via) out.push(`    matched through ${m.via.kind === 'fact' ? 'a fact' : 'a relation'}: ${m.via.text}`);
    }
  }
  if (r.facts.length) {
    out.push(`Facts (${r.facts.length}):`);
    for (const f of r.facts) out.push(`  ${f.factId}  ${f.scope}  ${mark(f.text, f.highlights)}`);
  }
  if (r.entities.length) {
    out.push(`Entities (${r.entities.length}):`);
    for (const e of r.entities) out.push(`  ${e.name} [${entityTypeWords(e.type)}] ${e.scope}${e.summary ? ` — ${e.summary}` : ''}`);
  }
  return `${out.join('\n')}\n`;
}

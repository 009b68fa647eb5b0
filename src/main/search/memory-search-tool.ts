// memory_search: the agent's way into its own past conversations (plus its facts and graph entities).
// Scoped to the calling agent; incognito chats are never searched. Every text found is kept to one line
// (no text can forge a result line of its own); the result as a whole reaches the model as quoted data
// (chat/tool-results.ts).
import { z } from 'zod';
import type { SearchResults } from '../../shared/search';
import type { AgentTool } from '../turn/tools';
import { clip } from '../turn/receipt-sink';
import type { ReceiptItem } from '../../shared/receipt';
import { oneLine } from '../llm/spotlight';
import type { SearchService } from './search-service';
import { markHighlights } from './snippet';

export const memorySearchInput = z.object({
  query: z.string().trim().min(1).max(500).describe('What to look for: names, topics, words that were used'),
  k: z.number().int().min(1).max(20).optional().describe('How many messages to return (default 8)'),
});

export const MEMORY_SEARCH_DEFAULT_K = 8;

export function createMemorySearchTool(search: SearchService): AgentTool<typeof memorySearchInput> {
  return {
    name: 'memory_search',
    description:
      'Search your past conversations with this user (and your saved facts and knowledge-graph entities). Returns matching messages with their message id, date and chat title. Use it when the user refers to something discussed before.',
    inputSchema: memorySearchInput,
    execute: async ({ query, k }, { session, receipt }) => {
      const found = await search.query({
        query,
        agentId: session.agentId,
        k: k ?? MEMORY_SEARCH_DEFAULT_K,
        excludeIncognito: true,
        // (The speaker cue — the person's and the agent's names — comes from the search service.)
      });
      receipt?.read('memory-search', query, searchItems(found)); // receipts
      return renderForModel(found);
    },
  };
}

/** Receipts: what a search showed the model, as typed items (messages, facts, entities), best first. */
export function searchItems(r: SearchResults): ReceiptItem[] {
  return [
    ...r.messages.map((m): ReceiptItem => ({ kind: 'message', sessionId: m.sessionId, messageId: m.messageId, role: m.role, at: m.createdAt, title: clip(m.sessionTitle), text: clip(m.snippet) })),
    ...r.facts.map((f): ReceiptItem => ({ kind: 'fact', scope: f.scope, factId: f.factId, text: clip(f.text), score: f.score })),
    ...r.entities.map((e): ReceiptItem => ({ kind: 'entity', scope: e.scope, nodeId: e.nodeId, name: clip(e.name), type: clip(e.type), summary: clip(e.summary) })),
  ];
}

export function renderForModel(r: SearchResults): string {
  const lines: string[] = [];
  const query = oneLine(r.query);
  if (!r.messages.length && !r.facts.length && !r.entities.length) return `Nothing in your memory matches "${query}".`;
  if (r.messages.length) {
    lines.push(`Past messages matching "${query}" (best first):`);
    r.messages.forEach((m, i) => {
      const text = markHighlights({ text: m.snippet, highlights: m.highlights }, '**', '**');
      lines.push(`${i + 1}. [message ${m.messageId}] ${m.createdAt.slice(0, 10)} · chat "${oneLine(m.sessionTitle)}" · ${m.role}: ${oneLine(text)}`);
    });
  } else {
    lines.push(`No past messages match "${query}".`);
  }
  if (r.facts.length) {
    lines.push('', 'Saved facts:');
    for (const f of r.facts) lines.push(`- [fact ${f.factId}, ${f.scope}] ${oneLine(f.text)}`);
  }
  if (r.entities.length) {
    lines.push('', 'Knowledge-graph entities:');
    for (const e of r.entities) lines.push(`- ${oneLine(e.name)} [${oneLine(e.type)}]${e.summary ? `: ${oneLine(e.summary)}` : ''}`);
  }
  return lines.join('\n');
}

// Search results as they cross the contract (`search.query`), the CLI and the `memory_search` tool.
import type { Role } from './conversation';

/** [start, end) offsets of a matched word in the text it belongs to. */
export type Highlight = [number, number];

/**
 * Something memory learned from a message (issue 31): an L1 fact recorded from it, or an L2 relation it
 * supports as a sentence ("Caroline collects classic children's books").
 */
export interface DerivedVia {
  kind: 'fact' | 'relation';
  text: string;
}

export interface MessageHit {
  messageId: string;
  sessionId: string;
  sessionTitle: string;
  agentId: string;
  role: Role;
  createdAt: string;
  /** The part of the message around its matches (whitespace collapsed, `…` where cut). */
  snippet: string;
  highlights: Highlight[];
  score: number;
  /**
   * Set when the message was found through what memory learned from it: query words its text lacks are
   * in a fact recorded from it or a relation it supports (the one matching most of the query).
   */
  via?: DerivedVia;
}

export interface FactHit {
  factId: string;
  scope: string;
  text: string;
  highlights: Highlight[];
  score: number;
}

export interface EntityHit {
  nodeId: number;
  scope: string;
  name: string;
  type: string;
  summary: string;
  score: number;
}

export interface SearchResults {
  query: string;
  /** Past messages, best first. */
  messages: MessageHit[];
  /** L1 facts in the scopes searched, best first. */
  facts: FactHit[];
  /** L2 graph entities in the scopes searched, best first. */
  entities: EntityHit[];
  tookMs: number;
  /**
   * How messages were ranked: by their words alone, or words and meaning together (an embedding model
   * is configured; message scores are then fused ranks ×100). Absent: words.
   */
  mode?: 'words' | 'hybrid';
  /** Why a configured embedding model was not used for this search (it failed); words were used instead. */
  notice?: string;
}

/**
 * Hybrid search's background work (`search.status`): off (no embedding model: words only, nothing sent
 * anywhere), ready or working (messages still to embed), or failing (why, since when; words answer).
 */
export type EmbeddingStatus =
  | { state: 'off' }
  | { state: 'ready' | 'working'; model: string; pending: number }
  | { state: 'failing'; model: string; pending: number; reason: string; since: string };

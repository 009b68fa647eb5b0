// Words and numbers for Settings → Data: file sizes, what an export holds, what an import did, and where
// in a file the engine found a problem.
import type { ImportReport } from '../../../../shared/domain';

/**
 * The largest file the Import button sends: `transfer.import` takes a text of at most 512 MiB
 * (src/shared/contract.ts), and `monad serve` accepts a request body of that size for this channel.
 * A larger file is refused here, before it is read, rather than after a long upload.
 */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1).replace(/\.0$/, '')} ${units[i]}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export interface ExportContents {
  agents: number;
  sessions: number;
  messages: number;
  facts: number;
  identity: number;
  nodes: number;
  edges: number;
  laws: number;
}

/**
 * Counts what an export archive holds, from its text. Read defensively: the archive is the engine's,
 * but a shape this code does not expect must cost the summary, never the saved file.
 */
export function exportContents(text: string): ExportContents | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(doc)) return null;
  const sessions = arr(doc.sessions);
  // v1: scope → texts; v2: scope → { facts, versions } (docs/import-export.md).
  const facts = isRecord(doc.facts) ? Object.values(doc.facts).reduce<number>((n, list) => n + (isRecord(list) ? arr(list.facts) : arr(list)).length, 0) : 0;
  const config = isRecord(doc.config) ? doc.config : {};
  const graph = isRecord(doc.graph) ? doc.graph : {};
  return {
    agents: arr(isRecord(config.agent) ? config.agent.agents : undefined).length,
    sessions: sessions.length,
    messages: sessions.reduce<number>((n, s) => n + arr(isRecord(s) ? s.messages : undefined).length, 0),
    facts,
    identity: isRecord(doc.identity) ? Object.keys(doc.identity).length : 0,
    nodes: arr(graph.nodes).length,
    edges: arr(graph.edges).length,
    laws: arr(doc.laws).length,
  };
}

/** "4 chats · 31 messages · …", leaving out what the archive has none of (chats and messages always shown). */
export function contentsLine(c: ExportContents): string[] {
  const parts: [number, string, string?][] = [
    [c.sessions, 'chat'],
    [c.messages, 'message'],
    [c.facts, 'fact'],
    [c.identity, 'identity file'],
    [c.nodes, 'entity', 'entities'],
    [c.edges, 'relation'],
    [c.laws, 'law'],
    [c.agents, 'agent'],
  ];
  return parts.filter(([n], i) => i < 2 || n > 0).map(([n, one, many]) => plural(n, one, many));
}

export interface ReportRow {
  kind: string;
  added: number;
  /** null where the engine does not count skips for the kind. */
  skipped: number | null;
}

/** One row per kind the import touched; chats and messages always, the rest when they are not zero. */
export function reportRows(r: ImportReport): ReportRow[] {
  // An MCP memory graph holds no chats: its rows are entities, relations and facts only.
  const chats = r.format !== 'mcp-memory';
  const rows: (ReportRow & { always?: boolean })[] = [
    { kind: 'Chats', added: r.sessions.added, skipped: r.sessions.skipped, always: chats },
    { kind: 'Messages', added: r.messages.added, skipped: r.messages.skipped, always: chats },
    { kind: 'Agents', added: r.agents.added, skipped: null },
    { kind: 'Facts', added: r.facts.added, skipped: r.facts.skipped },
    { kind: 'Identity files to review', added: r.identity.pending, skipped: r.identity.unchanged },
    { kind: 'Graph entities', added: r.graph.nodes, skipped: null },
    { kind: 'Graph relations', added: r.graph.edges, skipped: null },
    { kind: 'Laws', added: r.laws.added, skipped: r.laws.skipped },
    // Archive format v2: the History and the Inbox's rejections came along.
    { kind: 'History entries', added: r.history?.added ?? 0, skipped: r.history?.skipped ?? 0 },
    { kind: 'Inbox rejections', added: r.inbox?.rejections ?? 0, skipped: null },
    // Cross-layer proposals still waiting in the other home: pending in the Inbox here.
    { kind: 'Inbox proposals to decide', added: r.inbox?.links ?? 0, skipped: null },
  ];
  return rows.filter((row) => row.always || row.added > 0 || (row.skipped ?? 0) > 0).map(({ kind, added, skipped }) => ({ kind, added, skipped }));
}

export function addedTotal(r: ImportReport): number {
  return r.agents.added + r.sessions.added + r.messages.added + r.facts.added + r.identity.pending + r.graph.nodes + r.graph.edges + r.laws.added;
}

export function reportHeadline(r: ImportReport): string {
  if (addedTotal(r) === 0) return 'Nothing new: everything in this file is already in Monad';
  if (r.format === 'mcp-memory') return `Added ${plural(r.graph.nodes, 'entity', 'entities')}, ${plural(r.graph.edges, 'relation')}, ${plural(r.facts.added, 'fact')}`;
  const parts = [plural(r.sessions.added, 'chat'), plural(r.messages.added, 'message')];
  if (r.agents.added) parts.push(plural(r.agents.added, 'agent'));
  if (r.facts.added) parts.push(plural(r.facts.added, 'fact'));
  const added = `Added ${parts.join(', ')}`;
  return r.identity.pending ? `${added}; ${plural(r.identity.pending, 'identity file')} to review` : added;
}

export const FORMAT_LABEL: Record<ImportReport['format'], string> = {
  transcript: 'Monad transcript',
  export: 'Monad export',
  chatgpt: 'ChatGPT conversations',
  'mcp-memory': 'MCP memory graph',
};

export interface ProblemPosition {
  /** "Line 4, column 3" or "sessions[0].messages[1].role". */
  where: string;
  /** Further problems the engine listed (path + message), the first one included. */
  issues: { path: string; message: string }[];
}

/**
 * Where the problem is, from a BAD_INPUT error's details: `{ line, column }` for broken JSON,
 * `{ path, issues }` for a field that fails the format.
 */
export function problemPosition(details: unknown): ProblemPosition | null {
  if (!isRecord(details)) return null;
  if (typeof details.line === 'number' && typeof details.column === 'number') {
    return { where: `Line ${details.line}, column ${details.column}`, issues: [] };
  }
  if (typeof details.path === 'string') {
    const issues = arr(details.issues)
      .filter(isRecord)
      .map((i) => ({ path: typeof i.path === 'string' ? i.path : '', message: typeof i.message === 'string' ? i.message : '' }));
    return { where: details.path || 'the top level of the file', issues };
  }
  return null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** "2 secrets redacted, 4 invisible characters removed", or null when the import cleaned nothing. */
export function cleanedLine(c: { redactions: number; strippedChars: number }): string | null {
  const parts: string[] = [];
  if (c.redactions) parts.push(`${plural(c.redactions, 'secret')} redacted`);
  if (c.strippedChars) parts.push(`${plural(c.strippedChars, 'invisible character')} removed`);
  return parts.length ? parts.join(', ') : null;
}

/** Why a pending identity file deserves a close look, in words ("1 instruction-shaped line · 1 redacted secret"). */
export function flaggedLine(f: { instruction: number; secret: number }): string | null {
  const parts: string[] = [];
  if (f.instruction) parts.push(`${plural(f.instruction, 'instruction-shaped line')}`);
  if (f.secret) parts.push(`${plural(f.secret, 'line')} with a redacted secret`);
  return parts.length ? parts.join(' · ') : null;
}

/** The identity file's name as the person knows it: SOUL.md of an agent, or USER.md. */
export function identityLabel(p: { file: 'user' | 'soul' | 'agents'; agentId: string | null; path: string }): string {
  const name = p.path.split('/').pop() ?? p.path;
  return p.agentId ? `${name} of agent ${p.agentId}` : name;
}

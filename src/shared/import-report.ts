// What an import did (ImportReport) and the identity files it left waiting for the person's review.

export interface ImportReport {
  /** mcp-memory: the graph file of the reference MCP memory server (memory.jsonl). */
  format: 'transcript' | 'export' | 'chatgpt' | 'mcp-memory';
  agents: { added: number };
  sessions: { added: number; skipped: number };
  messages: { added: number; skipped: number };
  facts: { added: number; skipped: number };
  /** Identity files are never written by an import: they wait for the person's review (identity.pending). */
  identity: { pending: number; unchanged: number };
  graph: { nodes: number; edges: number };
  /**
   * Laws; of the skipped, `sameAsHere` active ones were the same law as one already here, whose pin or edit
   * the file brought to it (`stateApplied`) or which kept the person's own here (`stateKept`).
   */
  laws: { added: number; skipped: number; sameAsHere?: number; stateApplied?: number; stateKept?: number };
  /** v2 archives: History entries brought in (skipped: already here) and Inbox rejections remembered. */
  history?: { added: number; skipped: number };
  /** `links`: cross-layer proposals still waiting in the file's home, brought in as pending Inbox items. */
  inbox?: { rejections: number; links?: number };
  /** Secrets redacted and invisible characters stripped from the imported texts, in total. */
  cleaned: { redactions: number; strippedChars: number };
  /** Images in imported chats (ChatGPT): not brought in; each left a placeholder in its message. */
  imagesNotImported?: number;
  /**
   * Items not imported because of what they hold (instruction-shaped text, an oversize message, a
   * relation to an entity that was refused), each with where in the file it came from. Only the first
   * few hundred are listed (a hostile file could hold millions); `refusedTotal` counts them all.
   */
  refused: ImportRefusal[];
  refusedTotal: number;
  /** What the import deliberately did not bring (providers with keys, schedules, workspace folders…). */
  leftOut: string[];
  /** The pending identity files this import produced (review them with identity.pending / accept / dismiss). */
  pendingIdentity: string[];
  warnings: string[];
}

export interface ImportRefusal {
  /** Where in the file: "sessions[2].messages[5]", "laws[0].statement", "facts.global[3]"… */
  where: string;
  /** What kind of item: "law", "graph entity", "message"… */
  what: string;
  reason: string;
  /** The start of the cleaned text, so the person recognises it (never a secret: redacted first). */
  excerpt: string;
}

/** One line of the diff between the identity file on disk and the one an import brought. */
export interface IdentityDiffLine {
  op: 'same' | 'add' | 'remove';
  text: string;
  /** Only on imported lines (same/add): why the person should look twice. */
  flags: ('instruction' | 'secret')[];
  /** For an instruction-shaped line: the sanitizer's reason. */
  reason: string | null;
}

/** An identity file from an import, waiting for the person to accept or dismiss it. */
export interface PendingIdentityView {
  id: string;
  file: 'user' | 'soul' | 'agents';
  agentId: string | null;
  /** Relative to the home: core/USER.md, agents/<id>/SOUL.md… */
  path: string;
  importedAt: string;
  /** Where it came from, e.g. "Monad export of 2026-01-04". */
  source: string;
  /** The text that accepting writes: invisible characters stripped, secrets redacted. */
  incoming: string;
  current: { exists: boolean; content: string; mtimeMs: number | null };
  diff: IdentityDiffLine[];
  flagged: { instruction: number; secret: number };
  /** Characters removed and secrets redacted when the imported text was cleaned. */
  cleaned: { redactions: number; strippedChars: number };
}

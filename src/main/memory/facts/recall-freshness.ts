// Freshness said out loud (issue 16 §4). A session's recall block is frozen on its first turn so every
// turn sends the same bytes (the provider's prompt cache holds); memory that changes mid-session applies
// to new sessions. This tells the chat when that happened (the notice is shown once per change), and
// "Use it now" rebuilds this session's block from memory as it is, recording what changed and when, so
// the next request pays the prompt-cache miss because the person chose it. Compared by building the block
// again, so a change in any layer that feeds it (facts, project facts, rules, held facts) counts.
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Agent, MemoryFreshness } from '../../../shared/config';
import type { RecallRebuild, Session } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { RecallFreshness } from '../../../shared/inbox';
import type { RecallService } from './recall';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** The block's lines as a person reads them: without the data-block wrapper and the bullet. */
function lines(block: string): string[] {
  return block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && l !== '(none yet)' && !l.startsWith('<') && !l.startsWith('## ') && !l.startsWith('What you remember'))
    .map((l) => unescapeData(l.replace(/^- /, '')));
}

/** The block's entities back to the characters a person wrote (spotlight.ts escapes them inside data). */
function unescapeData(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Lines of `after` not in `before` and the other way round (each line counted as often as it occurs). */
export function diffBlocks(before: string, after: string): { added: string[]; removed: string[] } {
  const count = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
  const a = count(lines(before));
  const b = count(lines(after));
  const added: string[] = [];
  const removed: string[] = [];
  for (const [l, n] of b) for (let i = n - (a.get(l) ?? 0); i > 0; i--) added.push(l);
  for (const [l, n] of a) for (let i = n - (b.get(l) ?? 0); i > 0; i--) removed.push(l);
  return { added, removed };
}

export class RecallFreshnessService {
  constructor(
    private readonly d: {
      memoryDb: Database;
      recall: RecallService;
      session: (id: string) => Session;
      agent: (id: string) => Agent;
      /** False when another backend (mem0) supplies recall: there is no frozen L1 block to be stale. */
      frozenRecall: () => boolean;
      /** memory.freshness (issue 29 §4): quiet (no banner), ask (the banner), automatic (rebuilt at the next turn). */
      mode: () => MemoryFreshness;
      now: () => Date;
    },
  ) {}

  check(sessionId: string): RecallFreshness {
    const session = this.d.session(sessionId);
    const snap = this.d.recall.snapshot(sessionId);
    const none: RecallFreshness = { sessionId, changed: false, notice: false, added: [], removed: [], builtAt: snap.builtAt };
    if (snap.block === null || !this.d.frozenRecall()) return none;
    const now = this.d.recall.build(session, this.d.agent(session.agentId));
    if (now === snap.block) return none;
    const { added, removed } = diffBlocks(snap.block, now);
    const seen = this.d.memoryDb.prepare(`SELECT block_hash FROM recall_notice WHERE session_id = ?`).pluck().get(sessionId) as string | undefined;
    // The banner is asked for only under 'ask': quiet leaves "Use it now" in the receipt and the chat's
    // menu, and automatic rebuilds the block at the next turn, so neither has anything to ask.
    return { sessionId, changed: true, notice: this.d.mode() === 'ask' && seen !== hash(now), added, removed, builtAt: snap.builtAt };
  }

  /**
   * Before a turn freezes its block (issue 29 §4): under 'automatic', a block that memory has moved past is
   * rebuilt first, recorded like a "Use it now" so "What the model saw" shows when and what changed. The
   * turn then misses the provider's prompt cache once, which the setting's text says. Null: left as it was.
   */
  refreshIfAutomatic(sessionId: string): RecallRebuild | null {
    if (this.d.mode() !== 'automatic' || !this.check(sessionId).changed) return null;
    return this.useNow(sessionId);
  }

  /** The notice was shown (or dismissed) for memory as it is now: not shown again until memory changes again. */
  seen(sessionId: string): RecallFreshness {
    const session = this.d.session(sessionId);
    const now = this.d.recall.build(session, this.d.agent(session.agentId));
    this.d.memoryDb
      .prepare(`INSERT INTO recall_notice (session_id, block_hash, seen_at) VALUES (?, ?, ?) ON CONFLICT (session_id) DO UPDATE SET block_hash = excluded.block_hash, seen_at = excluded.seen_at`)
      .run(sessionId, hash(now), this.d.now().toISOString());
    return this.check(sessionId);
  }

  /** "Use it now": rebuilds the session's frozen block and records what changed and when. */
  useNow(sessionId: string): RecallRebuild {
    const session = this.d.session(sessionId);
    if (!this.d.frozenRecall()) throw new MonadError('CONFLICT', 'Recall comes from the mem0 backend here; there is no frozen memory block to rebuild');
    const r = this.d.recall.rebuild(session, this.d.agent(session.agentId));
    const { added, removed } = r.previous === null ? { added: lines(r.block), removed: [] } : diffBlocks(r.previous, r.block);
    this.d.memoryDb
      .prepare(`INSERT INTO recall_rebuild (session_id, rebuilt_at, added, removed, previous_built_at, previous_block) VALUES (?, ?, ?, ?, ?, ?)`)
      .run(sessionId, r.builtAt, JSON.stringify(added), JSON.stringify(removed), r.previousBuiltAt, r.previous);
    this.seen(sessionId);
    return { at: r.builtAt, added, removed, previousBuiltAt: r.previousBuiltAt };
  }

  /**
   * The frozen block a session had when it was made at `builtAt` (a reply's receipt names it): the one it
   * has now, or one a "Use it now" replaced. Null when neither is known (replaced before blocks were kept).
   */
  blockMadeAt(sessionId: string, builtAt: string): string | null {
    const now = this.d.recall.snapshot(sessionId);
    if (now.builtAt === builtAt) return now.block;
    const row = this.d.memoryDb
      .prepare(`SELECT previous_block FROM recall_rebuild WHERE session_id = ? AND previous_built_at = ? ORDER BY id DESC LIMIT 1`)
      .get(sessionId, builtAt) as { previous_block: string | null } | undefined;
    return row?.previous_block ?? null;
  }

  rebuilds(sessionId: string): RecallRebuild[] {
    const rows = this.d.memoryDb.prepare(`SELECT * FROM recall_rebuild WHERE session_id = ? ORDER BY id`).all(sessionId) as {
      rebuilt_at: string;
      added: string;
      removed: string;
      previous_built_at: string | null;
    }[];
    return rows.map((r) => ({ at: r.rebuilt_at, added: JSON.parse(r.added) as string[], removed: JSON.parse(r.removed) as string[], previousBuiltAt: r.previous_built_at }));
  }

  /** The session is gone: so is what was recorded about its block. */
  drop(sessionId: string): void {
    this.d.memoryDb.prepare(`DELETE FROM recall_rebuild WHERE session_id = ?`).run(sessionId);
    this.d.memoryDb.prepare(`DELETE FROM recall_notice WHERE session_id = ?`).run(sessionId);
  }
}

// MemoryDir: the L1 store. One machine-managed Markdown file per scope under memory/, plus index.md
// regenerated on every write. Writes are atomic (temp + fsync + rename + dir fsync), serialised per
// file across processes, sanitised, and deduplicated on the normalised text.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fact, FactScopeSummary, FactWriteResult } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import { sweepTempFiles, writeFileAtomic } from '../../fs/atomic-write';
import { sweepStaleLocks, withFileLock } from '../../fs/file-lock';
import { mkdirPrivate, PRIVATE_FILE_MODE } from '../../fs/private-mode';
import { parseScope, scopeFileName, scopeFromFileName } from '../scope';
import { AppendBuffer } from './append-buffer';
import { parseFactFile, renderFactHeader, renderFactLines } from './fact-file';
import { factId } from './fact-id';
import { cleanFactText } from './fact-clean';
import { FileBytesComparer } from './file-bytes';
import type { FactOp, FactTracker, ScopeRead } from './fact-tracker';
import { storedSecretsFrom } from './sanitize-known-secrets';

// Kept exported from MemoryDir's path, where they were declared before the text cleaning and the tracker's
// contract moved beside it.
export { MAX_FACT_CHARS } from './fact-clean';
export type { FactChange, FactOp, FactTracker, ScopeRead } from './fact-tracker';

/** A hand-edited file this large is refused rather than parsed on every turn. */
export const MAX_SCOPE_FILE_BYTES = 4 * 1024 * 1024;

interface CacheEntry {
  size: number;
  mtimeMs: number;
  ino: number;
  read: ScopeRead;
  /** The exact bytes of our own last write of this file (header, then the bullet lines). */
  written?: { header: Buffer; lines: AppendBuffer };
}

export class MemoryDir {
  private readonly backups: string;
  /**
   * Parsed files keyed by path, valid while size, mtime and inode match: recall builds read without
   * re-parsing (a write checks the bytes too: see readForWrite).
   * After our own write it also holds the bullet bytes we wrote, so the next `record` appends one line
   * to them instead of re-rendering and re-encoding every fact of the scope (at 5,000 facts that
   * re-render was most of a write's CPU time).
   */
  private cache = new Map<string, CacheEntry>();
  private writeListeners = new Set<(scope: string, chars: number) => void>();
  /** Compares a scope file with our last write of it, in a buffer reused across writes. */
  private readonly sameBytes = new FileBytesComparer();
  private tracker: FactTracker | null = null;
  /** Scope files whose lock this process holds right now (reads inside a write must not take it again). */
  private readonly holding = new Set<string>();
  /** Missing scope files the tracker has been told about: reading them again needs no lock. */
  private readonly absent = new Set<string>();

  /** The secret store's values, compiled again only when they change (a write pays only the search). */
  private readonly storedSecrets: ReturnType<typeof storedSecretsFrom>;

  constructor(
    readonly dir: string,
    private readonly now: () => Date = () => new Date(),
    knownSecrets: () => readonly string[] = () => [],
  ) {
    this.storedSecrets = storedSecretsFrom(knownSecrets);
    mkdirPrivate(dir);
    this.backups = join(dir, '.backup');
    // What a crashed process left; another live Monad process's temp files and locks are its own.
    sweepTempFiles(dir);
    sweepStaleLocks(dir, '.md.lock');
  }

  /** Called after every successful write (used to trigger per-scope auto-consolidation). */
  onWrite(listener: (scope: string, chars: number) => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /**
   * Tracks every change (facts/fact-ledger.ts): writes are reported under the file lock, and a file that
   * changed outside this process's writes is re-read under the lock and reported before it is used.
   */
  track(tracker: FactTracker): void {
    this.tracker = tracker;
    this.cache.clear();
    this.absent.clear();
  }

  pathOf(scope: string): string {
    return join(this.dir, scopeFileName(scope));
  }

  read(scope: string): ScopeRead {
    const path = this.pathOf(scope);
    let st;
    try {
      st = statSync(path);
    } catch {
      // A file the tracker may still count facts in (deleted by hand, say): tell it, once, under the lock.
      if (this.tracker && !this.absent.has(path)) {
        if (this.holding.has(path)) this.observe(scope, path, []);
        else {
          const locked = this.observeUnderLock(path, () => this.read(scope));
          if (locked) return locked;
        }
      }
      return { scope, facts: [], warnings: [], updated: null, chars: 0 };
    }
    const hit = this.cache.get(path);
    if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs && hit.ino === st.ino) return hit.read;
    // Changed outside our writes (or not read yet in this process): read it under the lock, so the
    // tracker compares a file no other process is halfway through writing.
    if (this.tracker && !this.holding.has(path)) {
      const locked = this.observeUnderLock(path, () => this.read(scope));
      if (locked) return locked;
    }
    if (!st.isFile()) throw new MonadError('CONFLICT', `${scopeFileName(scope)} is not a regular file; move it out of ${this.dir}`);
    if (st.size > MAX_SCOPE_FILE_BYTES) {
      throw new MonadError('CONFLICT', `${scopeFileName(scope)} is ${(st.size / 1e6).toFixed(1)} MB, too large to be a memory file; trim it by hand`);
    }
    const bytes = readFileSync(path);
    const text = bytes.toString('utf8');
    const parsed = parseFactFile(scope, text);
    // Decoding replaced bytes that are not UTF-8 (a file saved as Latin-1, say) with U+FFFD. Saying so
    // makes the next write keep a byte-exact backup of the original before rewriting it.
    if (!isUtf8(bytes)) parsed.warnings.push('The file is not valid UTF-8; unreadable characters were replaced.');
    const read: ScopeRead = {
      scope,
      facts: parsed.facts,
      warnings: parsed.warnings,
      updated: parsed.frontmatter.updated ?? null,
      chars: charsOf(parsed.facts),
    };
    this.cache.set(path, { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, read });
    if (this.tracker && this.holding.has(path)) this.observe(scope, path, read.facts);
    return read;
  }

  private observe(scope: string, path: string, facts: readonly Fact[]): void {
    if (facts.length) this.absent.delete(path);
    else if (!existsSync(path)) this.absent.add(path);
    this.tracker!.observed(scope, facts);
  }

  /**
   * Runs `fn` holding the scope file's lock. A home the lock cannot be created in (a read-only copy)
   * is still readable: the file is then read without being compared (undefined is returned).
   */
  private observeUnderLock<T>(path: string, fn: () => T): T | undefined {
    try {
      return this.locked(path, fn);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return undefined;
      throw err;
    }
  }

  private locked<T>(path: string, fn: () => T): T {
    if (this.holding.has(path)) return fn();
    return withFileLock(path, () => {
      this.holding.add(path);
      try {
        return fn();
      } finally {
        this.holding.delete(path);
      }
    });
  }

  /** Every scope that has a file. */
  scopes(): FactScopeSummary[] {
    const out: FactScopeSummary[] = [];
    for (const name of safeReaddir(this.dir).sort()) {
      const scope = scopeFromFileName(name);
      if (!scope) continue;
      try {
        const r = this.read(scope);
        out.push({ scope, count: r.facts.length, chars: r.chars, updated: r.updated, warnings: r.warnings });
      } catch (err) {
        out.push({ scope, count: 0, chars: 0, updated: null, warnings: [(err as Error).message] });
      }
    }
    return out;
  }

  record(scope: string, text: string): FactWriteResult {
    parseScope(scope);
    const clean = this.clean(text);
    if (!clean.ok) return clean.result;
    return this.mutate<FactWriteResult>(scope, (facts) => {
      const id = factId(clean.text);
      const existing = facts.find((f) => f.id === id);
      if (existing) return { facts, op: { kind: 'record' }, result: { status: 'duplicate', fact: existing, redactions: clean.redactions, reason: null } };
      const fact: Fact = { id, scope, text: clean.text };
      return { facts: [...facts, fact], op: { kind: 'record' }, appended: fact, result: { status: 'recorded', fact, redactions: clean.redactions, reason: null } };
    });
  }

  /**
   * `record` for many texts of one scope in one write of its file (an import of thousands of facts:
   * one atomic write instead of one per fact). Each text gets the result `record` would give it; the
   * tracker sees one change that appends the recorded ones, and journals each of them.
   */
  recordMany(scope: string, texts: readonly string[]): FactWriteResult[] {
    parseScope(scope);
    const cleaned = texts.map((t) => this.clean(t));
    return this.mutate<FactWriteResult[]>(scope, (facts) => {
      const byId = new Map(facts.map((f) => [f.id, f]));
      const added: Fact[] = [];
      const results = cleaned.map((c): FactWriteResult => {
        if (!c.ok) return c.result;
        const id = factId(c.text);
        const existing = byId.get(id);
        if (existing) return { status: 'duplicate', fact: existing, redactions: c.redactions, reason: null };
        const fact: Fact = { id, scope, text: c.text };
        byId.set(id, fact);
        added.push(fact);
        return { status: 'recorded', fact, redactions: c.redactions, reason: null };
      });
      if (!added.length) return { facts, op: { kind: 'record' }, result: results };
      return { facts: [...facts, ...added], op: { kind: 'record' }, result: results, ...(added.length === 1 ? { appended: added[0] } : {}) };
    });
  }

  /**
   * What `record` would store for this text, without writing: the cleaned text and its id, or the
   * rejection. Lets a check that must run before the write (the memory model's, facts/fact-check.ts)
   * judge exactly the text that would be saved.
   */
  preview(text: string): { ok: true; text: string; id: string } | { ok: false; result: FactWriteResult } {
    const clean = this.clean(text);
    return clean.ok ? { ok: true, text: clean.text, id: factId(clean.text) } : clean;
  }

  update(scope: string, id: string, text: string): FactWriteResult {
    const clean = this.clean(text);
    if (!clean.ok) return clean.result;
    return this.mutate<FactWriteResult>(scope, (facts) => {
      const i = facts.findIndex((f) => f.id === id);
      if (i < 0) throw new MonadError('NOT_FOUND', `No fact ${id} in ${scope}`);
      const newId = factId(clean.text);
      const other = facts.find((f) => f.id === newId && f.id !== id);
      if (other) {
        // The edit made it identical to another fact: keep one.
        return {
          facts: facts.filter((f) => f.id !== id),
          op: { kind: 'update', from: id, to: newId },
          result: { status: 'duplicate', fact: other, redactions: clean.redactions, reason: null },
        };
      }
      const fact: Fact = { id: newId, scope, text: clean.text };
      if (facts[i].text === fact.text) return { facts, op: { kind: 'update', from: id, to: newId }, result: { status: 'updated', fact, redactions: clean.redactions, reason: null } };
      const next = [...facts];
      next[i] = fact;
      return { facts: next, op: { kind: 'update', from: id, to: newId }, result: { status: 'updated', fact, redactions: clean.redactions, reason: null } };
    });
  }

  /** Removes a fact; returns it so the caller can offer undo. */
  forget(scope: string, id: string): Fact {
    let removed: Fact | null = null;
    this.mutate(scope, (facts) => {
      removed = facts.find((f) => f.id === id) ?? null;
      if (!removed) throw new MonadError('NOT_FOUND', `No fact ${id} in ${scope}`);
      return { facts: facts.filter((f) => f.id !== id), op: { kind: 'forget', id }, result: null };
    });
    return removed!;
  }

  /**
   * Replaces a scope's facts wholesale (consolidation). `expectIds` guards against a write that landed
   * since the caller read: if the file changed, nothing is written and false is returned.
   */
  replaceAll(scope: string, texts: string[], expectIds: string[]): boolean {
    // Clean everything first: if any replacement is refused by the sanitizer, apply none of them,
    // since dropping it would lose the facts it replaced.
    const cleaned: string[] = [];
    for (const t of texts) {
      const c = this.clean(t);
      if (!c.ok) return false;
      cleaned.push(c.text);
    }
    let applied = false;
    this.mutate(scope, (facts) => {
      const current = facts.map((f) => f.id).sort().join(',');
      if (current !== [...expectIds].sort().join(',')) return { facts, op: { kind: 'replace' }, result: null, skip: true };
      const next: Fact[] = [];
      const seen = new Set<string>();
      for (const text of cleaned) {
        const id = factId(text);
        if (seen.has(id)) continue;
        seen.add(id);
        next.push({ id, scope, text });
      }
      applied = true;
      return { facts: next, op: { kind: 'replace' }, result: null };
    });
    return applied;
  }

  /** Drops a whole scope file (session end). */
  dropScope(scope: string): boolean {
    const path = this.pathOf(scope);
    if (!existsSync(path)) return false;
    this.locked(path, () => {
      const before = this.tracker ? this.readForWrite(scope).facts : [];
      rmSync(path, { force: true });
      this.cache.delete(path);
      if (this.tracker) {
        this.absent.add(path);
        this.tracker.changed({ scope, op: { kind: 'drop' }, before, after: [] });
      }
    });
    this.writeIndex();
    return true;
  }

  private clean(text: string) {
    return cleanFactText(text, this.storedSecrets());
  }

  /**
   * Reads the scope under its lock, applies `change`, and writes the result atomically. `appended` says
   * the change only added that fact at the end, so the bytes last written can be reused.
   */
  private mutate<R>(scope: string, change: (facts: Fact[]) => { facts: Fact[]; op: FactOp; result: R; skip?: boolean; appended?: Fact }): R {
    const path = this.pathOf(scope);
    const outcome = this.locked(path, () => {
      const before = this.readForWrite(scope);
      const { facts, op, result, skip, appended } = change(before.facts);
      if (skip || facts === before.facts) return { result, wrote: false, chars: before.chars };
      if (before.warnings.length && existsSync(path)) this.backup(path);
      const updated = this.now().toISOString();
      const last = this.cache.get(path);
      let lines = appended && last?.read === before ? last.written?.lines : undefined;
      if (lines) lines.append(renderFactLines([appended!]));
      else lines = new AppendBuffer(renderFactLines(facts));
      const header = Buffer.from(renderFactHeader(scope, facts.length, updated), 'utf8');
      try {
        writeFileAtomic(path, [header, lines.view()]);
      } catch (err) {
        // The appended line is in the buffer but not on disk: forget the cached bytes.
        this.cache.delete(path);
        throw err;
      }
      const chars = appended ? before.chars + charsOf([appended]) : charsOf(facts);
      // We know what we just wrote: cache it so the next read (and the index) need not re-parse.
      const st = statSync(path);
      this.cache.set(path, { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, read: { scope, facts, warnings: [], updated, chars }, written: { header, lines } });
      this.absent.delete(path);
      this.tracker?.changed({ scope, op, before: before.facts, after: facts });
      return { result, wrote: true, chars };
    });
    if (outcome.wrote) {
      this.writeIndex();
      for (const l of this.writeListeners) l(scope, outcome.chars);
    }
    return outcome.result;
  }

  /**
   * The scope as it is on disk now, for a write under the file's lock. Size, mtime and inode can all
   * match after another process's write (timestamps tick coarsely, texts can have equal lengths, and a
   * freed inode number is soon reused), and a write built on a stale read would drop that process's
   * fact. So when the cache holds our own last write, the file's bytes are compared with it: reading
   * and comparing a few hundred KB costs far less than the parse it saves.
   */
  private readForWrite(scope: string): ScopeRead {
    const path = this.pathOf(scope);
    const read = this.read(scope);
    const hit = this.cache.get(path);
    if (hit?.read !== read || !hit.written) return read;
    const { header, lines } = hit.written;
    const same = this.sameBytes.equals(path, header, lines.view());
    if (same) return read;
    this.cache.delete(path);
    return this.read(scope);
  }

  /** A hand-edited file is about to be rewritten in canonical form: keep the original beside it. */
  private backup(path: string): void {
    mkdirPrivate(this.backups);
    const stamp = this.now().toISOString().replace(/[:.]/g, '-');
    // Written, not copied: a copy takes the mode of a file an editor may have saved 0644.
    writeFileSync(join(this.backups, `${path.split(/[\\/]/).pop()}.${stamp}.orig`), readFileSync(path), { mode: PRIVATE_FILE_MODE });
  }

  private writeIndex(): void {
    const rows = this.scopes();
    const lines = ['# Memory index', '', 'Machine-generated on every write. One file per scope.', '', '| scope | file | facts | updated |', '| --- | --- | --- | --- |'];
    for (const r of rows) lines.push(`| ${r.scope} | ${scopeFileName(r.scope)} | ${r.count} | ${r.updated ?? ''} |`);
    const indexPath = join(this.dir, 'index.md');
    // The index is derived and rewritten on every write, so it is replaced atomically but not fsynced:
    // after a power cut the next write regenerates it. The fact files themselves are fully durable.
    withFileLock(indexPath, () => writeFileAtomic(indexPath, `${lines.join('\n')}\n`, { durable: false }));
  }
}

/** A scope's size as the auto-consolidation threshold counts it: each fact as its `- ` bullet line. */
function charsOf(facts: readonly Fact[]): number {
  return facts.reduce((n, f) => n + f.text.length + 3, 0);
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

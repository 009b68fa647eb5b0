// The live config: last good value, health, atomic updates, and hot reload from disk.
// A bad edit on disk never crashes anything: the last good config stays in force and the error is
// reported (app status + a config.changed event) until the file is fixed.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { configSchema, defaultConfig, type Config } from '../../shared/config';
import { MonadError } from '../../shared/errors';
import { writeFileAtomic } from '../fs/atomic-write';
import { withFileLock } from '../fs/file-lock';
import { PRIVATE_FILE_MODE } from '../fs/private-mode';
import { formatZodError, loadConfigFile } from './load';

export interface ConfigHealth {
  ok: boolean;
  error: string | null;
  lastGoodAt: string | null;
}

type ChangeListener = (config: Config, health: ConfigHealth) => void;

/** Editors save in bursts (truncate, write, rename); wait for the burst to settle. */
const RELOAD_DEBOUNCE_MS = 75;

export class ConfigStore {
  private current: Config;
  private lastText: string | null = null;
  private health: ConfigHealth;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private listeners = new Set<ChangeListener>();
  /** catchUp took in another process's change that listeners have not heard of yet. */
  private pendingNotice = false;

  private constructor(
    readonly path: string,
    private readonly now: () => Date,
  ) {
    this.current = defaultConfig();
    this.health = { ok: true, error: null, lastGoodAt: null };
  }

  /** Loads config.json, creating it with defaults on first run. Never throws on bad content. */
  static open(path: string, now: () => Date = () => new Date()): ConfigStore {
    const store = new ConfigStore(path, now);
    const res = loadConfigFile(path);
    if (res.kind === 'missing') {
      withFileLock(path, () => (loadConfigFile(path).kind === 'missing' ? store.write(defaultConfig()) : store.reload()));
    } else if (res.kind === 'ok') {
      store.current = res.config;
      store.lastText = res.text;
      store.health = { ok: true, error: null, lastGoodAt: now().toISOString() };
    } else {
      // Defaults in memory, the person's broken file left untouched on disk.
      store.health = { ok: false, error: res.error, lastGoodAt: null };
    }
    return store;
  }

  get(): Config {
    return this.current;
  }

  getHealth(): ConfigHealth {
    return { ...this.health };
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Applies `mutate` to the config as it is on disk now, validates the result and writes it atomically,
   * all under the file's cross-process lock. The desktop app, `monad serve` and every CLI command
   * (an import adding an agent, say) may write config.json at once: each reads the current file inside
   * the lock and applies only its own change, so no writer puts back an older copy over another's change
   * (issue 32 §1). Refused while config.json on disk is broken: writing would discard the person's edit.
   */
  update(mutate: (current: Config) => unknown): Config {
    const changed = withFileLock(this.path, () => {
      this.catchUp();
      if (!this.health.ok) {
        throw new MonadError(
          'CONFIG_INVALID',
          `config.json has an error, so changes are not saved until it is fixed: ${this.health.error}`,
        );
      }
      const candidate = mutate(structuredClone(this.current));
      const parsed = configSchema.safeParse(candidate);
      if (!parsed.success) throw new MonadError('BAD_INPUT', formatZodError(parsed.error), { issues: parsed.error.issues });
      const before = this.lastText;
      this.write(parsed.data);
      return before !== this.lastText;
    });
    // Listeners also hear what another process wrote since (catchUp took it in): the file is the truth.
    if (changed || this.pendingNotice) {
      this.pendingNotice = false;
      this.notify();
    }
    return this.current;
  }

  /**
   * Takes in what is on disk now (called under the lock before a write). Another process's change is
   * adopted rather than overwritten; a broken file marks the health so the write is refused.
   */
  private catchUp(): void {
    const res = loadConfigFile(this.path);
    if (res.kind !== 'missing' && this.adopt(res)) this.pendingNotice = true;
  }

  /** A file read adopted as the current state; false when it is what this store already holds. */
  private adopt(res: Exclude<ReturnType<typeof loadConfigFile>, { kind: 'missing' }>): boolean {
    if (res.kind === 'ok') {
      if (res.text === this.lastText && this.health.ok) return false; // our own write echoing back
      this.current = res.config;
      this.lastText = res.text;
      this.health = { ok: true, error: null, lastGoodAt: this.now().toISOString() };
      return true;
    }
    if (res.text !== null && res.text === this.lastText) return false;
    this.lastText = res.text;
    this.health = { ...this.health, ok: false, error: res.error };
    return true;
  }

  /** Re-reads the file (called by the watcher; public for tests and for hosts without fs events). */
  reload(): void {
    const res = loadConfigFile(this.path);
    if (res.kind === 'missing') {
      // Deleted on disk: keep running on the last good config and put it back, so nothing is lost.
      withFileLock(this.path, () => {
        if (loadConfigFile(this.path).kind === 'missing') this.write(this.current);
      });
      return;
    }
    if (this.adopt(res)) this.notify();
  }

  watch(): void {
    if (this.watcher) return;
    // Watch the directory, not the file: atomic saves replace the inode and would orphan a file watch.
    const name = basename(this.path);
    this.watcher = watch(dirname(this.path), (_event, file) => {
      if (file !== null && file !== name) return;
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.reload();
      }, RELOAD_DEBOUNCE_MS);
    });
    this.watcher.on('error', (err) => console.error('[config] watcher failed:', err));
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = null;
    this.listeners.clear();
  }

  private write(config: Config): void {
    const text = `${JSON.stringify(config, null, 2)}\n`;
    // Owner-only: the config names providers, agents and folders the person works in.
    writeFileAtomic(this.path, text, { mode: PRIVATE_FILE_MODE });
    this.current = config;
    this.lastText = text;
    this.health = { ok: true, error: null, lastGoodAt: this.now().toISOString() };
  }

  private notify(): void {
    for (const l of this.listeners) l(this.current, this.getHealth());
  }
}

// The observations mem0 has not finished yet, kept on disk (issue 18 §5). Each observation of a turn can
// take a local model up to two minutes; quitting used to wait for all of them. Now every observation is
// written here before it is queued and removed once mem0 has taken it in, so a quit can leave at once and
// the next start finishes what was left. The texts are the turn as mem0 would see it (secrets already
// redacted), in the home's memory/mem0/ folder, which only the owner can read.
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../fs/atomic-write';
import { mkdirPrivate } from '../../fs/private-mode';

export interface PendingObservation {
  id: string;
  agentId: string;
  sessionId: string;
  turn: { role: 'user' | 'assistant'; content: string }[];
  at: string;
  /** Attempts that failed so far (a model that is down); dropped after MAX_ATTEMPTS. */
  attempts: number;
}

/** An observation that failed this many times (across starts) is given up, with the error logged each time. */
export const MAX_ATTEMPTS = 3;
/** Older observations are dropped first beyond this many: a queue that never drains must not grow forever. */
export const MAX_PENDING = 1000;

export class PendingObservations {
  private items: PendingObservation[] = [];

  constructor(
    private readonly file: string,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {
    this.load();
  }

  list(): PendingObservation[] {
    return [...this.items];
  }

  get size(): number {
    return this.items.length;
  }

  add(o: Omit<PendingObservation, 'id' | 'at' | 'attempts'>): PendingObservation {
    const item: PendingObservation = { ...o, id: randomUUID(), at: this.now().toISOString(), attempts: 0 };
    this.items.push(item);
    if (this.items.length > MAX_PENDING) {
      const dropped = this.items.splice(0, this.items.length - MAX_PENDING);
      this.log(`[mem0] ${dropped.length} queued observation(s) dropped: the queue holds at most ${MAX_PENDING}`);
    }
    this.save();
    return item;
  }

  done(id: string): void {
    const before = this.items.length;
    this.items = this.items.filter((i) => i.id !== id);
    if (this.items.length !== before) this.save();
  }

  /** Counts a failed attempt; returns true when the observation is given up (and removed). */
  failed(id: string): boolean {
    const item = this.items.find((i) => i.id === id);
    if (!item) return true;
    item.attempts++;
    if (item.attempts >= MAX_ATTEMPTS) {
      this.items = this.items.filter((i) => i.id !== id);
      this.save();
      return true;
    }
    this.save();
    return false;
  }

  private load(): void {
    if (!existsSync(this.file)) return;
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as { observations?: PendingObservation[] };
      this.items = (parsed.observations ?? []).filter((o) => typeof o?.id === 'string' && typeof o.agentId === 'string' && Array.isArray(o.turn));
    } catch (err) {
      this.log(`[mem0] ${this.file} could not be read; the observations it held are lost`, err);
    }
  }

  private save(): void {
    try {
      mkdirPrivate(dirname(this.file));
      writeFileAtomic(this.file, `${JSON.stringify({ observations: this.items })}\n`, { mode: 0o600, durable: false });
    } catch (err) {
      this.log(`[mem0] could not save the queue of observations (${this.file})`, err);
    }
  }
}

// The live sync's quiet time (live-sync.ts): a change is reconciled once the burst it belongs to pauses, and
// at the latest `maxMs` after that burst began. A trailing debounce alone never fires while changes keep
// coming closer together than its quiet time (another device streaming a long chat, an import writing
// facts one by one), and the sync line then says pending for as long as the burst lasts.
export class BurstDebounce {
  private timer: NodeJS.Timeout | null = null;
  private since = 0;

  constructor(
    private readonly run: () => void,
    private readonly quietMs: number,
    private readonly maxMs: number,
  ) {}

  /** Another change in the burst: wait for a pause, but never past the burst's deadline. */
  poke(): void {
    const now = Date.now();
    if (this.timer) clearTimeout(this.timer);
    else this.since = now;
    const wait = Math.max(0, Math.min(this.quietMs, this.since + this.maxMs - now));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, wait);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

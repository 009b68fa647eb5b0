// A tag per index for one pass over a list, reused from pass to pass (issue 31 §3): the facts panel notes,
// for each of a scope's few hundred facts holding a query word, which word it holds or that it holds two
// or more. A Map per scope per search was the panel's largest garbage; these two typed arrays grow once
// and are left all zero after each pass, so one pass's tags cannot be read by the next.

export class IndexTags {
  private tags = new Int32Array(64);
  private order = new Int32Array(64);
  private count = 0;

  /** Starts a pass over indexes 0…size-1 (each tag 0). */
  start(size: number): void {
    // A pass left undrained (a throw while tagging): its tags are cleared here, so one failed search costs
    // that search only, never every search after it.
    for (let k = 0; k < this.count; k++) this.tags[this.order[k]] = 0;
    this.count = 0;
    if (size > this.tags.length) {
      const n = Math.max(size, this.tags.length * 2);
      this.tags = new Int32Array(n);
      this.order = new Int32Array(n);
    }
  }

  /** Tags index `i` with `tag` (> 0) when it has none yet; an index tagged a second time gets -1. */
  tag(i: number, tag: number): void {
    if (this.tags[i] === 0) {
      this.tags[i] = tag;
      this.order[this.count++] = i;
    } else this.tags[i] = -1;
  }

  /** Each tagged index with its tag, in the order first tagged; every tag is 0 again after, even if `visit` throws. */
  drain(visit: (i: number, tag: number) => void): void {
    const n = this.count;
    this.count = 0;
    try {
      for (let k = 0; k < n; k++) {
        const i = this.order[k];
        const tag = this.tags[i];
        this.tags[i] = 0;
        visit(i, tag);
      }
    } finally {
      for (let k = 0; k < n; k++) this.tags[this.order[k]] = 0;
    }
  }
}

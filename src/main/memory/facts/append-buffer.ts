// A byte buffer that grows by doubling, for the bullet lines of a scope file. Recording a fact appends
// one line; copying the whole scope into a fresh buffer on every write (and the garbage that leaves)
// made the write latency's tail at 5,000 facts.
export class AppendBuffer {
  private buf: Buffer;
  private len = 0;

  constructor(initial: Buffer | string = '') {
    const bytes = typeof initial === 'string' ? Buffer.from(initial, 'utf8') : initial;
    this.buf = Buffer.allocUnsafe(Math.max(4096, bytes.length * 2));
    bytes.copy(this.buf);
    this.len = bytes.length;
  }

  get length(): number {
    return this.len;
  }

  /** The bytes so far, as a view: valid until the next append (which may move them). */
  view(): Buffer {
    return this.buf.subarray(0, this.len);
  }

  append(text: string): void {
    const need = this.len + Buffer.byteLength(text, 'utf8');
    if (need > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(next, 0, 0, this.len);
      this.buf = next;
    }
    this.len += this.buf.write(text, this.len, 'utf8');
  }
}

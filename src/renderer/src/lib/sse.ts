// A minimal server-sent-events parser (the subset `monad serve` speaks: `event:`, `data:`, comments).
// Fed text chunks as they arrive; calls `emit` once per complete event. Lines end in "\n" or "\r\n".

export type SseEmit = (event: string, data: string) => void;

export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  constructor(private readonly emit: SseEmit) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      let line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      // A blank line ends the event; an event with no data is not dispatched (per the SSE spec).
      if (this.data.length > 0) this.emit(this.event || 'message', this.data.join('\n'));
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return; // comment / heartbeat
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    // `id` and `retry` are not used by Monad's server; ignore them like any unknown field.
  }
}

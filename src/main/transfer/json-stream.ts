// Reading an import file as a stream of JSON tokens (stream-json's tokenizer), assembling only what
// the importer asks for: the items of the big arrays (conversations, chats) one at a time, and the
// other top-level properties whole. A 100 MB file is never held as one object tree, and no string is
// held beyond MAX_MESSAGE_CHARS: a longer one is replaced by an OversizeString that says how long it was
// (a 60 MB "message" costs its length in characters counted, not 60 MB of memory).
//
// Driven synchronously, chunk by chunk: the importer writes inside open database transactions, and
// yielding to the event loop in between would let other writes of this process land inside them.
import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';
import { MonadError } from '../../shared/errors';
import { detachedString } from './detached-string';
import { MAX_JSON_DEPTH, MAX_MESSAGE_CHARS, READ_CHUNK_BYTES } from './limits';

/**
 * stream-json and stream-chain, required by the first import, not imported at start: ~50 ms of every
 * process's start, for one command. (Node loads these ES modules synchronously.)
 */
interface StreamLib {
  jsonParser: typeof import('stream-json/parser.js').jsonParser;
  jsonVerifier: typeof import('stream-json/utils/verifier.js').jsonVerifier;
  defs: typeof import('stream-chain/defs.js');
}
let loaded: StreamLib | null = null;
function streamLib(): StreamLib {
  if (loaded) return loaded;
  const requireHere = createRequire(import.meta.url);
  loaded = {
    jsonParser: (requireHere('stream-json/parser.js') as typeof import('stream-json/parser.js')).jsonParser,
    jsonVerifier: (requireHere('stream-json/utils/verifier.js') as typeof import('stream-json/utils/verifier.js')).jsonVerifier,
    defs: requireHere('stream-chain/defs.js') as typeof import('stream-chain/defs.js'),
  };
  return loaded;
}

/** A string longer than the import's string cap, not kept: only its length is. */
export class OversizeString {
  constructor(readonly length: number) {}
}

export type JsonPath = (string | number)[];

/** ["sessions", 3, "messages", 2, "role"] → "sessions[3].messages[2].role" */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

export interface JsonSink {
  /** The document's top level: an array (ChatGPT) or an object (Monad formats). */
  begin(kind: 'array' | 'object' | 'scalar'): void;
  /** Whether the array at `path` is handed over element by element rather than assembled whole. */
  itemize(path: JsonPath): boolean;
  /** One element of an itemized array, complete. */
  item(path: JsonPath, index: number, value: unknown): void;
  /** One complete property of the top-level object (not an itemized one). */
  property(key: string, value: unknown): void;
}

/** Text in pieces: a file read a block at a time, or a string cut into slices. */
export interface TextChunks {
  next(): string | null;
  close(): void;
}

export function textChunks(text: string): TextChunks {
  let at = 0;
  return {
    next() {
      if (at >= text.length) return null;
      // Cut between code units is fine for the tokenizer (it resumes mid-string); slices share memory.
      const piece = text.slice(at, at + READ_CHUNK_BYTES);
      at += READ_CHUNK_BYTES;
      return piece;
    },
    close() {
      at = text.length;
    },
  };
}

export function fileChunks(path: string): TextChunks {
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(READ_CHUNK_BYTES);
  // The decoder keeps a UTF-8 sequence cut at a block boundary for the next block.
  const decoder = new StringDecoder('utf8');
  let open = true;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  return {
    next() {
      while (open) {
        const n = readSync(fd, buf, 0, buf.length, null);
        if (n === 0) {
          close();
          const tail = decoder.end();
          return tail || null;
        }
        const text = decoder.write(buf.subarray(0, n));
        if (text) return text;
      }
      return null;
    },
    close,
  };
}

type Token = { name: string; value?: unknown };

interface Frame {
  container: Record<string, unknown> | unknown[];
  /** The key the next value goes under (objects only). */
  key: string | null;
  path: JsonPath;
  /** Elements are handed to the sink, not kept. */
  itemized: boolean;
  count: number;
}

/**
 * Streams the JSON from `open()` into `sink`. A syntax error is reported as one, with its line and column,
 * wherever it is. By default the text is verified first, in a pass of its own (no values are built), so
 * the sink sees nothing of a file broken at its end. A sink that writes all or nothing (the import: open
 * transactions and file snapshots) passes `verify: 'on-failure'`: the one parse then finds the error
 * itself (the parser is as strict as the verifier), the sink's work is undone, and the verifier runs only
 * then, to say where — which saves a whole tokenising pass (about a tenth of a large import).
 */
export function streamJson(open: () => TextChunks, sink: JsonSink, opts: { verify?: 'first' | 'on-failure' } = {}): void {
  const verifyFirst = opts.verify !== 'on-failure';
  if (verifyFirst) {
    const problem = verify(open);
    if (problem) throw problem;
  }
  const source = open();
  try {
    feed(source, sink);
  } catch (err) {
    // A broken file is reported as broken, whatever the sink made of its first part.
    const problem = verifyFirst ? null : verify(open);
    if (problem) throw problem;
    if (err instanceof SyntaxFailure) throw new MonadError('BAD_INPUT', `The file is not valid JSON: ${err.message.replace(/^Parser /, '')}`);
    throw err;
  } finally {
    source.close();
  }
}

class SyntaxFailure extends Error {}

function feed(source: TextChunks, sink: JsonSink): void {
  const { jsonParser, defs } = streamLib();
  const parse = jsonParser({ packKeys: true, streamKeys: false, packStrings: false, streamStrings: true, packNumbers: true, streamNumbers: false });
  const asm = new Assembler(sink);
  let first = true;
  for (let chunk = source.next(); chunk !== null; chunk = source.next()) {
    if (first) {
      chunk = chunk.replace(/^\uFEFF/, '');
      first = false;
    }
    asm.consume(run(parse, chunk));
  }
  asm.consume(run(parse, defs.none));
}

function run(parse: ReturnType<StreamLib['jsonParser']>, input: string | StreamLib['defs']['none']): Token[] {
  const { getManyValues, isMany, none } = streamLib().defs;
  let out: unknown;
  try {
    out = parse(input as string);
  } catch (err) {
    throw new SyntaxFailure((err as Error).message);
  }
  if (out === none) return [];
  return (isMany(out) ? getManyValues(out) : [out]) as Token[];
}

/** Builds values from tokens, keeping at most one itemized element (plus the small properties) at a time. */
class Assembler {
  started = false;
  private stack: Frame[] = [];
  private str: { parts: string[]; length: number; over: boolean } | null = null;

  constructor(private readonly sink: JsonSink) {}

  consume(tokens: Token[]): void {
    for (const t of tokens) {
      switch (t.name) {
        case 'startObject':
          this.open({});
          break;
        case 'startArray':
          this.open([]);
          break;
        case 'endObject':
        case 'endArray':
          this.close();
          break;
        case 'keyValue':
          this.top().key = t.value as string;
          break;
        case 'startString':
          this.str = { parts: [], length: 0, over: false };
          break;
        case 'stringChunk': {
          const s = this.str!;
          const piece = t.value as string;
          s.length += piece.length;
          if (s.over) break;
          if (s.length > MAX_MESSAGE_CHARS) {
            s.over = true;
            s.parts = [];
          } else s.parts.push(piece);
          break;
        }
        case 'endString': {
          const s = this.str!;
          this.str = null;
          // A copy of its own (detached-string.ts): a cut of the read block would keep the whole block alive.
          this.value(s.over ? new OversizeString(s.length) : detachedString(s.parts.length === 1 ? s.parts[0] : s.parts.join('')));
          break;
        }
        case 'numberValue':
          this.value(Number(t.value));
          break;
        case 'nullValue':
          this.value(null);
          break;
        case 'trueValue':
          this.value(true);
          break;
        case 'falseValue':
          this.value(false);
          break;
        default:
          break;
      }
    }
  }

  private top(): Frame {
    return this.stack[this.stack.length - 1];
  }

  private childPath(): JsonPath {
    const parent = this.top();
    return [...parent.path, Array.isArray(parent.container) ? parent.count : (parent.key ?? '')];
  }

  private open(container: Record<string, unknown> | unknown[]): void {
    if (!this.started) {
      this.started = true;
      this.sink.begin(Array.isArray(container) ? 'array' : 'object');
      this.stack.push({ container, key: null, path: [], itemized: Array.isArray(container) && this.sink.itemize([]), count: 0 });
      return;
    }
    const path = this.childPath();
    if (this.stack.length >= MAX_JSON_DEPTH) {
      throw new MonadError('BAD_INPUT', `The file nests deeper than ${MAX_JSON_DEPTH} levels at ${formatPath(path)}; no export does that.`, { path: formatPath(path), issues: [] });
    }
    this.stack.push({ container, key: null, path, itemized: Array.isArray(container) && this.sink.itemize(path), count: 0 });
  }

  private close(): void {
    const done = this.stack.pop()!;
    if (this.stack.length === 0) return; // the top level: everything in it was handed over already
    if (done.itemized) {
      // Its elements went to the sink one by one; the parent keeps nothing of it.
      const parent = this.top();
      if (Array.isArray(parent.container)) parent.count++;
      else parent.key = null;
      return;
    }
    this.value(done.container);
  }

  private value(v: unknown): void {
    if (!this.started) {
      this.started = true;
      this.sink.begin('scalar');
      return;
    }
    const parent = this.top();
    if (Array.isArray(parent.container)) {
      const index = parent.count++;
      if (parent.itemized) this.sink.item(parent.path, index, v);
      else parent.container.push(v);
      return;
    }
    const key = parent.key ?? '';
    parent.key = null;
    if (this.stack.length === 1) {
      this.sink.property(key, v);
      return;
    }
    // Like JSON.parse: "__proto__" becomes an own property, never the prototype.
    if (key === '__proto__') Object.defineProperty(parent.container, key, { value: v, writable: true, enumerable: true, configurable: true });
    else (parent.container as Record<string, unknown>)[key] = v;
  }
}

/** Runs stream-json's verifier over the text: null when it is valid JSON, else BAD_INPUT with the line and column. */
function verify(open: () => TextChunks): MonadError | null {
  const { jsonVerifier, defs } = streamLib();
  const check = jsonVerifier();
  const source = open();
  let first = true;
  let empty = true;
  try {
    for (let chunk = source.next(); chunk !== null; chunk = source.next()) {
      if (first) {
        chunk = chunk.replace(/^\uFEFF/, '');
        first = false;
      }
      if (empty && chunk.trim()) empty = false;
      check(chunk);
    }
    if (empty) return new MonadError('BAD_INPUT', 'The file is empty.');
    check(defs.none as unknown as string);
    return null;
  } catch (err) {
    const e = err as Error & { line?: number; pos?: number };
    const why = e.message.replace(/^ERROR at \d+ \(\d+, \d+\): /, '').replace(/^Verifier cannot parse input: /, '');
    if (typeof e.line === 'number' && typeof e.pos === 'number') {
      return new MonadError('BAD_INPUT', `The file is not valid JSON (line ${e.line}, column ${e.pos}): ${why}`, { line: e.line, column: e.pos });
    }
    return new MonadError('BAD_INPUT', `The file is not valid JSON: ${why}`);
  } finally {
    source.close();
  }
}

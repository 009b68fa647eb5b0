// The built-in backend never pays for mem0: nothing loads it until the mem0 backend is used, and no
// product file imports mem0 (or the qdrant client) other than through the lazy loader.
// own process: mem0Loaded() says whether this process ever loaded mem0, and in a module graph shared
// with the files that use the mem0 backend it has (vitest.config.mts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mem0Loaded } from '../../src/main/memory/mem0/loader';
import { startScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

const SRC = resolve(__dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

describe('mem0 is lazy-loaded', () => {
  it('a chat turn on the built-in backend does not load mem0, and creates no mem0 files', async () => {
    const llm = await startScriptedLlm();
    try {
      const engine = openEngine();
      useScriptedModel(engine, llm);
      llm.enqueue({ kind: 'text', text: 'hello' });
      await engine.chat.send(engine.sessions.create({ agentId: 'default' }).id, 'hi');
      expect(engine.config.get().memory.backend).toBe('builtin');
      expect(mem0Loaded()).toBe(false);
      expect(readdirSync(engine.paths.memory)).not.toContain('mem0');
      expect(engine.mem0.status()).toMatchObject({ phase: 'not-needed', qdrant: { phase: 'not-needed' } });
    } finally {
      await llm.close();
    }
  });

  it('only the loader imports mem0ai or the qdrant client, and only dynamically', () => {
    const offenders: string[] = [];
    for (const f of files(SRC)) {
      const text = readFileSync(f, 'utf8');
      // Static value imports (type-only imports are erased at build time and are fine).
      if (/^import\s+(?!type\b)[^;]*from\s+['"](mem0ai|@qdrant\/js-client-rest)[^'"]*['"]/m.test(text)) offenders.push(relative(SRC, f));
      if (/import\(\s*['"](mem0ai|@qdrant\/js-client-rest)/.test(text) && !f.endsWith(join('mem0', 'loader.ts'))) offenders.push(relative(SRC, f));
    }
    expect(offenders).toEqual([]);
  });
});

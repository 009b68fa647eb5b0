// Search quality guarded in CI: the product's search (its configuration, its code, built by the engine's
// own factory, src/main/search/create-search.ts, through bench/locomo.ts) runs the LoCoMo questions of one
// fixed conversation, and recall@10 may not fall more than the tolerance below the
// recorded value (search-quality.json). The data is read from ../shared at run time: CI has it, and a
// missing file fails here rather than letting a ranking regression pass unseen.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCOMO_PATH, loadLocomo } from '../../bench/lib/locomo-data';
import { runLocomoBench } from '../../bench/locomo';

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'search-quality.json'), 'utf8')) as { conversation: string; questions: number; recall10: number; tolerance: number };

describe('search quality on a fixed LoCoMo conversation', () => {
  it(`recall@10 on ${recorded.conversation} stays within ${recorded.tolerance} of ${recorded.recall10}`, async () => {
    expect(existsSync(DEFAULT_LOCOMO_PATH), `the LoCoMo data must be at ${DEFAULT_LOCOMO_PATH} (../shared beside the project)`).toBe(true);
    const conv = loadLocomo(DEFAULT_LOCOMO_PATH).find((c) => c.id === recorded.conversation);
    expect(conv, `conversation ${recorded.conversation} in the LoCoMo file`).toBeDefined();
    const r = await runLocomoBench({ conversations: [conv!], baseline: false });
    expect(r.questions).toBe(recorded.questions);
    console.log(`[search-quality] ${recorded.conversation}: recall@10 ${r.recall10} (recorded ${recorded.recall10})`);
    expect(r.recall10).toBeGreaterThanOrEqual(recorded.recall10 - recorded.tolerance);
  }, 120_000);
});

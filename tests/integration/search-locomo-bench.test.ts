// The LoCoMo benchmark's ingestion and scoring, on a tiny inline LoCoMo-format conversation whose
// answers are known, so the recall arithmetic itself is checked (the real file is never used here).
import { describe, expect, it } from 'vitest';
import { runLocomoBench, warmUpQueries } from '../../bench/locomo';
import { parseLocomo } from '../../bench/lib/locomo-data';
import { startScriptedLlm } from '../fixtures/scripted-llm';

const fixture = [
  {
    sample_id: 'tiny-1',
    conversation: {
      speaker_a: 'Ana',
      speaker_b: 'Ben',
      session_1_date_time: '10:00 am on 3 March, 2024',
      session_1: [
        { speaker: 'Ana', dia_id: 'D1:1', text: 'I adopted a greyhound called Comet last week.' },
        { speaker: 'Ben', dia_id: 'D1:2', text: 'Lovely! Greyhounds are so calm.' },
        { speaker: 'Ana', dia_id: 'D1:3', text: 'My sister plays the cello in an orchestra.' },
      ],
      session_2_date_time: '6:30 pm on 9 April, 2024',
      session_2: [
        { speaker: 'Ben', dia_id: 'D2:1', text: 'I finally finished the marathon in Rotterdam!' },
        { speaker: 'Ana', dia_id: 'D2:2', text: 'Amazing, how long did it take?' },
        { speaker: 'Ben', dia_id: 'D2:3', text: 'Four hours and ten minutes.', blip_caption: 'a photo of a finish line' },
      ],
      // A dated session without turns (the real file has these): ignored.
      session_3_date_time: '1:00 pm on 1 May, 2024',
    },
    qa: [
      // Evidence found at rank 1: recall 1.
      { question: 'What is the name of the greyhound Ana adopted?', answer: 'Comet', evidence: ['D1:1'], category: 1 },
      // Two evidence turns, one of which shares nothing with the question and sits in another session: 0.5.
      { question: 'Which instrument does the sister play in the orchestra?', answer: 'cello', evidence: ['D1:3', 'D2:3'], category: 2 },
      // Nothing in the question matches anything: 0.
      { question: 'Xylophone quartz?', answer: 'n/a', evidence: ['D2:1'], category: 2 },
      // No evidence: not counted.
      { question: 'What is Ben afraid of?', answer: 'n/a', evidence: [], category: 5 },
      // Evidence naming no turn only: not counted either.
      { question: 'Where is the marathon?', answer: 'Rotterdam', evidence: ['D9:9'], category: 4 },
    ],
  },
];

describe('LoCoMo benchmark harness', () => {
  it('--derived observations indexes each turn with the observations citing it, through the product (labelled a stand-in)', async () => {
    // The quartz question shares no word with its evidence turn; an observation citing that turn does.
    const withObs = [{ ...fixture[0], observation: { session_2_observation: { Ben: [['Ben ran on a quartz xylophone-themed course.', 'D2:1'], ['Cites nothing real.', 'D7:7']] } } }];
    const words = await runLocomoBench({ conversations: parseLocomo(withObs), verbose: true, baseline: false });
    expect(words.details?.[2].recall10).toBe(0);
    expect(words.derived).toBe('none');
    const derived = await runLocomoBench({ conversations: parseLocomo(withObs), verbose: true, baseline: false, derived: 'observations' });
    expect(derived.details?.[2].found[0]).toBe('D2:1');
    expect(derived.details?.[2].recall10).toBe(1);
    expect(derived.derived).toMatch(/standing in for what consolidation would derive/);
    expect(derived.standIn).toEqual({ recorded: 1, refused: 0, turns: 1 });
    // The questions the words already answered are answered the same.
    expect(derived.details?.slice(0, 2).map((d) => d.recall10)).toEqual(words.details?.slice(0, 2).map((d) => d.recall10));
  });


  it('ingests every turn and computes recall@k overall and per category', async () => {
    const r = await runLocomoBench({ conversations: parseLocomo(fixture), verbose: true });
    expect(r.messages).toBe(6);
    expect(r.questions).toBe(3);
    expect(r.recall10).toBeCloseTo((1 + 0.5 + 0) / 3, 3);
    expect(r.recall5).toBeCloseTo((1 + 0.5 + 0) / 3, 3);
    expect(r.byCategory).toEqual({
      '1': { recall5: 1, recall10: 1, n: 1 },
      '2': { recall5: 0.25, recall10: 0.25, n: 2 },
    });
    expect(r.details?.map((d) => d.recall10)).toEqual([1, 0.5, 0]);
    expect(r.details?.[0].found[0]).toBe('D1:1');
    // Latency figures are reported for the three timed queries (never asserted on: wall clock).
    expect(Object.keys(r.latencyMs).sort()).toEqual(expect.arrayContaining(['p50', 'p95']));
    // The baseline runs on the same turns; it also finds the greyhound.
    expect(r.baseline.recall10).toBeGreaterThan(0);
    expect(Object.keys(r).sort()).toEqual(['baseline', 'baselineLatencyMs', 'byCategory', 'derived', 'details', 'latencyMs', 'medianOf3Ms', 'messages', 'mode', 'questions', 'recall10', 'recall5']);
    expect(Object.keys(r.medianOf3Ms!).sort()).toEqual(['baselineP95', 'p95']);
    expect(r.mode).toBe('words');
    expect(r.derived).toBe('none');
  });

  it('warms up on turns\' opening words, never on a timed question, spread over every conversation', () => {
    const conversations = parseLocomo([fixture[0], { ...fixture[0], sample_id: 'tiny-2' }]);
    const warm = warmUpQueries(conversations, 4);
    const questions = new Set(conversations.flatMap((c) => c.questions.map((q) => q.question)));
    expect(warm).toHaveLength(4);
    expect(warm.filter((w) => questions.has(w.query))).toEqual([]);
    expect(new Set(warm.map((w) => w.convIndex))).toEqual(new Set([0, 1]));
    expect(warm[0]).toEqual({ query: 'I adopted a greyhound called Comet last week.', convIndex: 0 });
  });

  // The plumbing of a hybrid run, on the scripted server's hashed vectors: a harness check, not a figure.
  it('a hybrid run embeds every turn and question through the endpoint and fuses the vectors in', async () => {
    const llm = await startScriptedLlm();
    try {
      const r = await runLocomoBench({ conversations: parseLocomo(fixture), verbose: true, baseline: false, embedding: { baseURL: `${llm.url}/v1`, model: 'text-embedding-3-small' } });
      expect(r.mode).toBe('hybrid');
      const calls = llm.requests.filter((q) => q.api === 'openai-embeddings');
      // One batch for the six turns, then one call per timed question.
      expect(calls.map((c) => (c.body.input as string[]).length)).toEqual([6, 1, 1, 1]);
      // "Xylophone quartz?" shares no word with any turn: words find nothing, the vectors' list still
      // brings every turn of this tiny history into the top 10.
      expect(r.details?.map((d) => d.recall10)).toEqual([1, 1, 1]);
    } finally {
      await llm.close();
    }
  });

  it('a hybrid run whose endpoint fails stops with the reason instead of reporting words-only figures', async () => {
    const llm = await startScriptedLlm();
    const url = llm.url;
    await llm.close();
    await expect(runLocomoBench({ conversations: parseLocomo(fixture), baseline: false, embedding: { baseURL: `${url}/v1`, model: 'text-embedding-3-small' } })).rejects.toThrow(
      /hybrid run stopped: the embedding endpoint failed \(Could not reach Bench embedding/,
    );
  });
});

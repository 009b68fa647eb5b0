// The LoCoMo reader used by bench/locomo.ts.
import { describe, expect, it } from 'vitest';
import { LocomoFormatError, parseEvidence, parseLocomo, parseLocomoDate } from '../../bench/lib/locomo-data';
import { percentile, recallAt } from '../../bench/lib/stats';

describe('LoCoMo data', () => {
  it('reads session dates', () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023')).toBe('2023-05-08T13:56:00.000Z');
    expect(parseLocomoDate('12:09 am on 13 September, 2023')).toBe('2023-09-13T00:09:00.000Z');
    expect(parseLocomoDate('yesterday')).toBeNull();
  });

  it('reads evidence ids, including the odd forms in the file', () => {
    expect(parseEvidence(['D1:3', 'D8:6; D9:17', 'D:11:26', 'D', 7])).toEqual(['D1:3', 'D8:6', 'D9:17', 'D11:26']);
    expect(parseEvidence(undefined)).toEqual([]);
  });

  it('drops evidence that names no turn, and says where a malformed file is wrong', () => {
    const convs = parseLocomo([
      {
        sample_id: 'c1',
        conversation: {
          speaker_a: 'A',
          speaker_b: 'B',
          session_2: [{ speaker: 'B', dia_id: 'D2:1', text: 'later' }],
          session_2_date_time: '1:00 pm on 2 May, 2023',
          session_1: [{ speaker: 'A', dia_id: 'D1:1', text: 'hi', blip_caption: 'a photo of a cat' }],
          session_1_date_time: '1:00 pm on 1 May, 2023',
        },
        qa: [{ question: 'q?', answer: 'x', evidence: ['D1:1', 'D9:9'], category: 4 }],
      },
    ]);
    expect(convs[0].sessions.map((s) => s.index)).toEqual([1, 2]);
    expect(convs[0].sessions[0].turns[0].caption).toBe('a photo of a cat');
    expect(convs[0].questions[0]).toEqual({ question: 'q?', category: '4', evidence: ['D1:1'] });
    expect(() => parseLocomo([{ conversation: { speaker_a: 'A' } }])).toThrow(LocomoFormatError);
    expect(() => parseLocomo([{ conversation: { speaker_a: 'A' } }])).toThrow('data[0].conversation.speaker_b');
  });

  it('computes recall@k and percentiles', () => {
    expect(recallAt(['a', 'b', 'c'], ['c', 'z'], 2)).toBe(0);
    expect(recallAt(['a', 'b', 'c'], ['c', 'z'], 3)).toBe(0.5);
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
  });
});

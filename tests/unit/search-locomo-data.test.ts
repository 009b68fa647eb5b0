// The LoCoMo reader used by bench/locomo.ts.
import { describe, expect, it } from 'vitest';
import { parseDerivedMode } from '../../bench/lib/locomo-derived';
import { LocomoFormatError, parseEvidence, parseLocomo, parseLocomoDate, parseObservations } from '../../bench/lib/locomo-data';
import { percentile, recallAt } from '../../bench/lib/stats';

describe('LoCoMo data', () => {
  it('reads observations defensively: cited ids as a string or a list, odd forms, unknown turns and bad shapes left out', () => {
    const known = new Set(['D1:3', 'D1:7', 'D2:1', 'D11:26']);
    const raw = {
      session_2_observation: { Mel: [['Mel paints lakes.', 'D2:1']] },
      session_1_observation: {
        Caroline: [
          ['Caroline went to a support group.', 'D1:3'],
          ['Both turns say it.', ['D1:3', 'D1:7']],
          ['An odd id.', 'D:11:26'],
          ['Two ids in one string.', 'D1:7; D2:1'],
          ['Cites no turn there is.', 'D9:9'],
          ['', 'D1:3'],
          ['No id at all.'],
          'not a pair',
          [42, 'D1:3'],
        ],
        Broken: 'not a list',
      },
      session_x_observation: { A: [['Unnumbered session.', 'D1:3']] },
      unrelated: 5,
    };
    expect(parseObservations(raw, known)).toEqual([
      { speaker: 'Caroline', text: 'Caroline went to a support group.', diaIds: ['D1:3'] },
      { speaker: 'Caroline', text: 'Both turns say it.', diaIds: ['D1:3', 'D1:7'] },
      { speaker: 'Caroline', text: 'An odd id.', diaIds: ['D11:26'] },
      { speaker: 'Caroline', text: 'Two ids in one string.', diaIds: ['D1:7', 'D2:1'] },
      { speaker: 'Mel', text: 'Mel paints lakes.', diaIds: ['D2:1'] },
    ]);
    for (const bad of [undefined, null, 'x', [], 7]) expect(parseObservations(bad, known)).toEqual([]);
  });

  it('the bench takes --derived observations or none, and names what else it was given', () => {
    expect(parseDerivedMode(undefined)).toBe('none');
    expect(parseDerivedMode('observations')).toBe('observations');
    expect(() => parseDerivedMode('facts')).toThrow(/--derived takes "observations"/);
  });

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

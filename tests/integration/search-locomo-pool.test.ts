// The candidate-pool bench (bench/locomo-pool.ts, issue 31 seventh pass b) on three tiny LoCoMo-format
// conversations whose answers are known: the pools' "gold in pool" is counted on the product's own
// candidates, and the second hop through memory brings in an evidence turn that shares no word with the
// question, in another session, through a rare word both turns' observations (the stand-in) hold.
import { describe, expect, it } from 'vitest';
import { runLocomoPool } from '../../bench/locomo-pool';
import { parseLocomo } from '../../bench/lib/locomo-data';

function conversation(n: number) {
  const filler = (s: number, from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ speaker: i % 2 ? 'Ben' : 'Ana', dia_id: `D${s}:${from + i}`, text: ['The weather was grey all week.', 'I repainted the kitchen.', 'Work has been busy lately.', 'The train was late again.'][i % 4] }));
  return {
    sample_id: `pool-${n}`,
    conversation: {
      speaker_a: 'Ana',
      speaker_b: 'Ben',
      session_1_date_time: '10:00 am on 3 March, 2024',
      session_1: [{ speaker: 'Ana', dia_id: 'D1:1', text: 'We finally booked the camping holiday for the summer.' }, ...filler(1, 2, 5)],
      session_2_date_time: '6:30 pm on 9 August, 2024',
      session_2: [...filler(2, 1, 5), { speaker: 'Ana', dia_id: 'D2:6', text: 'The kids still talk about the lake and the tent every day.' }, ...filler(2, 7, 4)],
    },
    observation: {
      session_1_observation: { Ana: [['Ana booked a family trip to Lake Tahoe.', 'D1:1']] },
      session_2_observation: { Ana: [['Ana says the kids loved the tent at Lake Tahoe.', 'D2:6']] },
    },
    qa: [{ question: 'Which camping holiday did Ana book?', answer: 'Lake Tahoe', evidence: ['D1:1', 'D2:6'], category: 1 }],
  };
}

describe('LoCoMo candidate-pool bench', () => {
  it('counts gold among the product’s candidates; the hop through memory brings in a turn no word of the question reaches', () => {
    const conversations = parseLocomo([1, 2, 3].map(conversation));
    const r = runLocomoPool({ conversations, derived: 'observations', only: ['today50', 'hop'] });
    expect(r.derived).toMatch(/standing in for what consolidation would derive/);
    const [today, hop] = r.variants;
    // Today's candidates hold the turn the question's words find, not the later one.
    expect(today.poolRecall).toBe(0.5);
    expect(hop.poolRecall).toBe(1);
    expect(hop.size).toBeGreaterThan(today.size);
    expect(today.splits).toHaveLength(3);
  });
});

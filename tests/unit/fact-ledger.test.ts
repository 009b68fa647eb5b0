// The ledger's reading of a wholesale change (a file saved by hand, a plain replace): a removed and an
// added bullet that are the same fact reworded are one edit; unrelated ones are a forget and a record.
import { describe, expect, it } from 'vitest';
import { pairEdits } from '../../src/main/memory/facts/fact-ledger';
import { factId } from '../../src/main/memory/facts/fact-id';
import type { Fact } from '../../src/shared/domain';

const f = (text: string): Fact => ({ id: factId(text), scope: 'global', text });

describe('pairing edits by hand', () => {
  it('one line out and one line in is an edit, whatever the words', () => {
    expect(pairEdits([f('User lives in Porto')], [f('Moved to Lisbon in May')])).toEqual([[f('User lives in Porto'), f('Moved to Lisbon in May')]]);
  });

  it('among several, pairs the most alike and leaves unrelated lines alone', () => {
    const gone = [f('User lives in Porto'), f('User plays the cello'), f('User has a cat')];
    const fresh = [f('User plays the cello every Sunday'), f('User lives in Porto, Portugal'), f('Meeting with Globex on Friday')];
    const pairs = pairEdits(gone, fresh).map(([a, b]) => [a.text, b.text]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['User lives in Porto', 'User lives in Porto, Portugal'],
        ['User plays the cello', 'User plays the cello every Sunday'],
      ]),
    );
    expect(pairs).toHaveLength(2);
  });

  it('nothing removed or nothing added: no edits', () => {
    expect(pairEdits([], [f('a b c')])).toEqual([]);
    expect(pairEdits([f('a b c'), f('d e f')], [])).toEqual([]);
  });
});

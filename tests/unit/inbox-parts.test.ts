// The Inbox's pure parts: the quoted span of a message a fact came from, the recall-block diff that
// "Use it now" records, origin classes, Inbox ids, and rejection fingerprints (same form, same print).
import { describe, expect, it } from 'vitest';
import { diffBlocks } from '../../src/main/memory/facts/recall-freshness';
import { parseInboxId } from '../../src/main/memory/inbox/inbox-service';
import { quoteSpan } from '../../src/main/memory/inbox/quote-span';
import { proposalFingerprint } from '../../src/main/memory/inbox/rejections';
import { originClassOf } from '../../src/shared/origin-class';

describe('quoteSpan', () => {
  it('picks the sentence or line sharing the most words with the fact', () => {
    expect(quoteSpan('Good morning! I drink green tea every morning. What is the weather like?', 'User drinks green tea every morning')).toBe('I drink green tea every morning.');
    expect(quoteSpan('Notes:\nmeeting with Globex on Friday\nbring slides', 'User meets Globex on Friday')).toBe('meeting with Globex on Friday');
    expect(quoteSpan('今日は晴れ。私は東京に住んでいます。', '東京')).toBe('私は東京に住んでいます。');
    expect(quoteSpan('   ', 'x')).toBeNull();
    expect(quoteSpan('a'.repeat(500), 'b')!.length).toBe(280);
  });
});

describe('diffBlocks', () => {
  const block = (...lines: string[]) => `<data source="memory">\nWhat you remember from earlier sessions: notes.\n\n## About the user and shared facts (global)\n${lines.join('\n')}\n</data>`;
  it('lists added and removed lines as a person reads them, entities decoded, placeholders ignored', () => {
    expect(diffBlocks(block('(none yet)'), block('- (you said it) Likes tea', '- Uses &lt;b&gt; &amp; co'))).toEqual({ added: ['(you said it) Likes tea', 'Uses <b> & co'], removed: [] });
    expect(diffBlocks(block('- A', '- B'), block('- B', '- C'))).toEqual({ added: ['C'], removed: ['A'] });
    expect(diffBlocks(block('- A'), block('- A'))).toEqual({ added: [], removed: [] });
  });
});

describe('originClassOf', () => {
  const src = (actor: string, via: string | null = null, event = 'recorded') => ({ actor, via, event }) as Parameters<typeof originClassOf>[0];
  it('tells you said it / inferred / imported / consolidated, and no class for an unknown source', () => {
    expect(originClassOf(src('person', 'app'))).toBe('person');
    expect(originClassOf(src('agent', null), false)).toBe('inferred');
    expect(originClassOf(src('agent', null), true)).toBe('person');
    expect(originClassOf(src('system', 'hand-edit'))).toBe('person');
    expect(originClassOf(src('import', 'import'))).toBe('imported');
    expect(originClassOf(src('consolidation', null, 'merged'))).toBe('consolidated');
    expect(originClassOf(src('extraction'))).toBe('inferred');
    expect(originClassOf(src('system', null, 'unknown'))).toBeNull();
  });
});

describe('Inbox ids and fingerprints', () => {
  it('parses every kind of id and refuses others', () => {
    expect(parseInboxId('chat:12')).toMatchObject({ source: 'chat', n: 12 });
    expect(parseInboxId('law:7')).toMatchObject({ source: 'law', n: 7 });
    expect(parseInboxId('held:project:my-app:0123456789ab')).toMatchObject({ source: 'held', scope: 'project:my-app', factId: '0123456789ab' });
    for (const bad of ['chat:0', 'chat:x', 'mail:3', 'held:global:xyz', '']) expect(() => parseInboxId(bad)).toThrow(/Not an Inbox item/);
  });

  it('the same form gives the same fingerprint; another scope, kind or wording does not', () => {
    const fp = proposalFingerprint('record', 'global', 'User dislikes olives');
    expect(proposalFingerprint('record', 'global', '  user DISLIKES   olives. ')).toBe(fp);
    expect(proposalFingerprint('record', 'agent:default', 'User dislikes olives')).not.toBe(fp);
    expect(proposalFingerprint('delete', 'global', 'User dislikes olives')).not.toBe(fp);
    expect(proposalFingerprint('record', 'global', 'User dislikes green olives')).not.toBe(fp);
  });
});

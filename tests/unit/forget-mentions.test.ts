// "Mentions X": whole words in order, case, accents and punctuation ignored — the rule the forget
// preview uses for facts, laws, entity names and mem0 memories, in any script.
import { describe, expect, it } from 'vitest';
import { mentionForm, mentionMatcher } from '../../src/main/memory/forget/mentions';
import { parseKey } from '../../src/main/memory/forget/forget-service';

describe('mentions', () => {
  it('matches the subject as whole words, however it is written', () => {
    const ana = mentionMatcher('Ana')!;
    for (const yes of ['Ana', "User's sister is called Ana", 'Ana’s birthday', 'ANA.', 'with Ána today', '(Ana)', 'Ana-Maria?']) expect(ana(yes), yes).toBe(true);
    for (const no of ['banana', 'Anatomy', 'Hannah', 'Anna', '', 'A n a']) expect(ana(no), no).toBe(false);
    const acme = mentionMatcher('acme  CORP')!;
    expect(acme('Was an intern at Acme Corp.')).toBe(true);
    expect(acme('Acme, corp.')).toBe(true);
    expect(acme('Acme is a corporation')).toBe(false);
    expect(mentionMatcher('Zoë')!('zoe called')).toBe(true);
    expect(mentionMatcher('Мария')!('Сестра Мария живёт в Порту')).toBe(true);
    expect(mentionMatcher('Мария')!('Марияна')).toBe(false);
    expect(mentionMatcher('?!')).toBeNull();
    expect(mentionForm('  Ana’s   café ')).toBe('ana s cafe');
  });

  it('the quick test for plain ASCII text answers exactly as the normalising one', () => {
    const slow = (subject: string, text: string) => ` ${mentionForm(text)} `.includes(` ${mentionForm(subject)} `);
    const texts = ['Ana', 'ana.', 'x ana_y', 'banana ana', 'Ana-Maria', 'Acme  Corp', 'acme,corp', 'acmecorp', 'ACME corp!', '"ana"', 'an a', 'ana9', '9ana', 'Ana\nLisbon', 'Ana’s', 'Ána'];
    for (const subject of ['Ana', 'acme corp', 'Ana Lisbon', 'a', '9']) {
      const quick = mentionMatcher(subject)!;
      for (const t of texts) expect(quick(t), `${subject} in ${JSON.stringify(t)}`).toBe(slow(subject, t));
    }
  });

  it('parses item keys, scopes with a colon included', () => {
    expect(parseKey('fact:agent:default:0123456789ab')).toEqual({ kind: 'fact', scope: 'agent:default', id: '0123456789ab' });
    expect(parseKey('fact:global:0123456789ab')).toEqual({ kind: 'fact', scope: 'global', id: '0123456789ab' });
    expect(parseKey('relation:42')).toEqual({ kind: 'relation', id: 42 });
    expect(parseKey('mem0:0d6f1c2e-1111-4aaa-8bbb-000000000001')).toEqual({ kind: 'mem0', id: '0d6f1c2e-1111-4aaa-8bbb-000000000001' });
  });
});

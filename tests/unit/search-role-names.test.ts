// The person's name for the search speaker cue comes from USER.md, however the person wrote it.
import { describe, expect, it } from 'vitest';
import { personNameFromUserFile, roleNamesFor } from '../../src/main/search/role-names';

describe('personNameFromUserFile', () => {
  const cases: [string, string | null][] = [
    ['# About me\n\nName: Ana Sousa\nI live in Lisbon.', 'Ana Sousa'],
    ['---\nname: Bruno\n---\n', 'Bruno'],
    ['- **Name:** Chidi Okafor\n- Job: teacher', 'Chidi Okafor'],
    ['**Preferred name**: Dee', 'Dee'],
    ['Hi! My name is Elif and I like tea.', 'Elif'],
    ['Call me Farah, please.', 'Farah'],
    ["I'm Gustavo. I work nights.", 'Gustavo'],
    ['I am a nurse in Porto.', null],
    ["I'm happy to help.", null],
    ['name: the person', null],
    ['# About me\n\n(Write here what your agents should know about you.)\n', null],
    ['', null],
  ];
  for (const [text, want] of cases) {
    it(`${JSON.stringify(text.slice(0, 40))} → ${want}`, () => expect(personNameFromUserFile(text)).toBe(want));
  }
});

describe('roleNamesFor', () => {
  it('names each side it knows, and leaves out what it does not', () => {
    expect(roleNamesFor({ person: 'Ana', agent: 'Mira' })).toEqual({ user: ['Ana'], assistant: ['Mira'] });
    expect(roleNamesFor({ person: null, agent: ' Mira  Bot ' })).toEqual({ assistant: ['Mira Bot'] });
    expect(roleNamesFor({})).toEqual({});
  });
});

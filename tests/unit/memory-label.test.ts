// The one labelling function (issue 27 §3): every origin × state has its words, a waiting write is never
// "saved" nor green, a refusal carries its reason, and the memory tool's results read back to the state
// they say. Beside it, the test of "your own words" the memory tool's origin decision rests on.
import { describe, expect, it } from 'vitest';
import { memoryLabel, memoryToolState, PROV_ORIGIN, proposalIdOf, type MemoryOrigin, type MemoryState } from '../../src/shared/memory-label';
import { CLASS_ORIGIN, originClassLabel, originClassOf, originClassShort, type OriginClass } from '../../src/shared/origin-class';
import { factSourceLabel } from '../../src/shared/fact-source';
import { UNKNOWN_SOURCE } from '../../src/main/memory/facts/fact-versions';
import { statesFact } from '../../src/main/memory/facts/stated';
import { mcpFactLine } from '../../src/main/mcp/mcp-tools';
import { changeOf } from '../../src/main/chat/turn-receipt';
import { memoryChangeSchema } from '../../src/shared/receipt';

const ORIGINS: MemoryOrigin[] = ['you', 'assistant', 'inferred', 'pasted', 'forwarded', 'imported', 'app', 'consolidated'];
const STATES: MemoryState[] = [{ kind: 'saved' }, { kind: 'known' }, { kind: 'pending' }, { kind: 'refused', reason: 'it looks like an instruction' }, { kind: 'writing' }, { kind: 'read' }];

describe('memoryLabel', () => {
  it('gives every origin × state its own words, and colours only a real save green', () => {
    const origins = new Set<string>();
    for (const origin of ORIGINS) {
      for (const state of STATES) {
        const l = memoryLabel({ origin, state });
        expect(l.origin, origin).toBeTruthy();
        expect(l.originShort, origin).toBeTruthy();
        expect(l.state, state.kind).toBeTruthy();
        expect(l.chip, state.kind).toBeTruthy();
        expect(l.tone === 'saved').toBe(state.kind === 'saved');
        if (state.kind !== 'saved') expect(l.chip).not.toBe('saved');
        origins.add(l.origin!);
      }
    }
    // No two origins read the same.
    expect(origins.size).toBe(ORIGINS.length);
  });

  it('a pending write says it waits for approval; a refusal says why', () => {
    expect(memoryLabel({ state: { kind: 'pending' } })).toMatchObject({ chip: 'pending approval', tone: 'pending', state: expect.stringMatching(/waiting for your approval.*not saved yet/) });
    expect(memoryLabel({ state: { kind: 'refused', reason: 'it holds a password' } })).toMatchObject({ chip: 'not saved', tone: 'refused', state: 'not saved: it holds a password' });
  });

  it('names the app an app wrote through, and says nothing of an origin never recorded', () => {
    expect(memoryLabel({ origin: 'app', app: 'Cursor' }).origin).toBe('via Cursor');
    expect(memoryLabel({})).toEqual({ origin: null, originShort: null, state: null, chip: null, tone: 'neutral', source: null });
  });

  it('a receipt line of an app\'s write names the app as the Memory tab and the recall block do ("via Claude Desktop", not "via an app")', () => {
    const source = { via: 'mcp' as const, detail: 'Claude Desktop' };
    const line = changeOf({ id: 7, at: 't', layer: 'facts', action: 'fact.recorded', scope: 'global', item: 'fact:x', actor: 'mcp', source, before: null, after: { id: 'aaaaaaaaaaaa', text: 'Keeps bees' }, summary: '', groupId: null, undoes: null, undoneBy: null });
    expect(line).toMatchObject({ kind: 'remembered', origin: 'app', app: 'Claude Desktop' });
    // The line reads back through the receipt schema with its app (a stored receipt keeps the name).
    expect(memoryChangeSchema.parse(line)).toMatchObject({ app: 'Claude Desktop' });
    const said = memoryLabel({ origin: line && 'origin' in line ? line.origin : null, app: line && 'app' in line ? line.app : null }).origin;
    expect(said).toBe('via Claude Desktop');
    expect(said).toBe(originClassLabel('app', 'Claude Desktop'));
    expect(originClassShort('app', 'Claude Desktop')).toBe('via Claude Desktop');
    // An edit by the app is named the same way; the person's own write never carries an app.
    expect(changeOf({ id: 8, at: 't', layer: 'facts', action: 'fact.edited', scope: 'global', item: 'fact:x', actor: 'mcp', source, before: { id: 'aaaaaaaaaaaa', text: 'a' }, after: { id: 'bbbbbbbbbbbb', text: 'b' }, summary: '', groupId: null, undoes: null, undoneBy: null })).toMatchObject({ origin: 'app', app: 'Claude Desktop' });
    expect(changeOf({ id: 9, at: 't', layer: 'facts', action: 'fact.recorded', scope: 'global', item: 'fact:x', actor: 'person', source: { via: 'app', detail: 'x' }, before: null, after: { id: 'aaaaaaaaaaaa', text: 'a' }, summary: '', groupId: null, undoes: null, undoneBy: null })).not.toHaveProperty('app');
  });

  it('the Memory tab, the recall block and the Graph speak of the person the same way', () => {
    expect(originClassLabel('person')).toBe(memoryLabel({ origin: PROV_ORIGIN.user }).origin);
    expect(originClassShort('person')).toBe('you said it');
    expect(originClassShort('inferred')).toBe('inferred');
    for (const cls of Object.keys(CLASS_ORIGIN) as OriginClass[]) expect(originClassLabel(cls)).toBe(memoryLabel({ origin: CLASS_ORIGIN[cls] }).origin);
  });

  it('reads the memory tool\'s results back to their state', () => {
    expect(memoryToolState('Pending, not saved yet: the person reviews memory writes first (proposal chat:3): remember "x"')).toEqual({ kind: 'pending' });
    expect(memoryToolState('Already waiting for the person in their Inbox (proposal chat:3); nothing new was proposed.')).toEqual({ kind: 'pending' });
    expect(memoryToolState('Rejected, nothing was saved: looks like an instruction')).toEqual({ kind: 'refused', reason: 'nothing was saved: looks like an instruction' });
    expect(memoryToolState('Not saved: this is an incognito session')).toEqual({ kind: 'refused', reason: 'this is an incognito session' });
    expect(memoryToolState('Already known as [abcdefabcdef] in global')).toEqual({ kind: 'known' });
    expect(memoryToolState('Recorded [abcdefabcdef] in global: "x".')).toEqual({ kind: 'saved' });
    expect(proposalIdOf('Pending, not saved yet: waits (proposal chat:12): remember "x"')).toBe('chat:12');
  });
});

describe('origin and source of a fact the agent wrote down', () => {
  const agent = { ...UNKNOWN_SOURCE, actor: 'agent' as const, event: 'recorded' as const, sessionId: 's1', messageId: 'm1' };
  it('the person\'s words are theirs; who wrote them down is still said', () => {
    expect(originClassOf({ ...agent, stated: true })).toBe('person');
    expect(originClassOf(agent)).toBe('inferred');
    expect(factSourceLabel({ ...agent, stated: true })).toBe('Recorded by the agent from your message in a chat');
    expect(originClassOf({ ...agent, actor: 'mcp' })).toBe('app');
  });

  it('an edit by the person keeps where the fact was first said', () => {
    expect(factSourceLabel({ ...agent, actor: 'person', via: 'app', event: 'edited' })).toBe('Edited by you in the app; first said in a chat');
    expect(factSourceLabel({ ...agent, actor: 'person', via: 'app', event: 'edited', sessionId: null })).toBe('Edited by you in the app');
  });
});

describe('an app reading memory over MCP', () => {
  it('reads whose words a fact is and who wrote it, in the Memory tab\'s words', () => {
    const source = { ...UNKNOWN_SOURCE, actor: 'agent' as const, event: 'recorded' as const, sessionId: 's1', messageId: 'm1', stated: true };
    expect(mcpFactLine({ id: 'abcdefabcdef', scope: 'global', text: "User's sister Ana lives in Porto", source, originClass: 'person' })).toBe(
      "- User's sister Ana lives in Porto (fact abcdefabcdef; you said it; Recorded by the agent from your message in a chat)",
    );
    const app = { ...UNKNOWN_SOURCE, actor: 'mcp' as const, event: 'recorded' as const, detail: 'Cursor' };
    expect(mcpFactLine({ id: 'abcdefabcdef', scope: 'global', text: 'User uses vim', source: app, originClass: 'app' })).toBe('- User uses vim (fact abcdefabcdef; via Cursor; Recorded via Cursor (MCP))');
  });
});

describe('statesFact', () => {
  it.each([
    ['Remember that my sister Ana lives in Porto', "User's sister Ana lives in Porto"],
    ['I live in Porto.', 'User lives in Porto'],
    ['Note: I am allergic to peanuts', 'The user is allergic to peanuts'],
    ['Lembra-te que a minha irmã Ana mora no Porto', 'A irmã do usuário, Ana, mora no Porto'],
    ['Rappelle-toi que ma sœur Ana habite à Porto', "La sœur de l'utilisateur, Ana, habite à Porto"],
    ['私の妹のアナはポルトに住んでいます', 'ユーザーの妹のアナはポルトに住んでいます'],
  ])('"%s" states "%s"', (message, fact) => {
    expect(statesFact(message, fact)).toBe(true);
  });

  it.each([
    ['I ordered green tea again today.', 'User probably prefers tea over coffee'],
    ['My brother Rui moved last year.', 'User’s brother Rui moved to Braga in 2023'],
    ['We had dinner in Porto.', 'User likes port wine'],
    ['My meeting is at 10.', 'User’s meeting is at 11'],
    ['I went hiking again this weekend, love it.', 'User enjoys hiking'],
    ["I don't live in Porto any more.", 'User lives in Porto'],
    ['Ich wohne nicht mehr in Porto.', 'Der Nutzer wohnt in Porto'],
    ['', 'User lives in Porto'],
  ])('"%s" does not state "%s"', (message, fact) => {
    expect(statesFact(message, fact)).toBe(false);
  });
});

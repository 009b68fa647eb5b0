// A turn being written, as a window that opens mid-turn gets it (issue 19: a reload while a tool call
// waits for "Allow once" must not lose the prompt): the engine's tracker follows the chat events, and a
// window joins its own view with the engine's.
import { describe, expect, it } from 'vitest';
import { LiveTurns } from '../../src/main/chat/live-turns';
import { EventBus } from '../../src/main/events';
import { mergeLive, type LiveTurn } from '../../src/shared/live-turn';
import type { Message } from '../../src/shared/domain';

const S = 'session-1';

function stream(bus: EventBus, turnId: string) {
  return {
    start: () => bus.emit('chat.turn', { sessionId: S, turnId, phase: 'started' }),
    text: (messageId: string, text: string) => bus.emit('chat.delta', { sessionId: S, turnId, messageId, text }),
    tool: (messageId: string, callId: string, state: 'running' | 'done' | 'error') => bus.emit('chat.tool', { sessionId: S, turnId, messageId, callId, name: 'mcp__files__write_file', state }),
    stored: (id: string) => bus.emit('chat.message', { sessionId: S, message: { id, sessionId: S } as Message }),
    end: (phase: 'done' | 'error' | 'cancelled') => bus.emit('chat.turn', { sessionId: S, turnId, phase }),
  };
}

describe('LiveTurns (engine)', () => {
  it('follows a turn from its start: text, tool calls, stored drafts leave, and the end drops it', () => {
    const bus = new EventBus();
    const live = new LiveTurns(bus);
    const t = stream(bus, 'turn-1');
    t.text('m0', 'before the start');
    expect(live.get(S)).toBeNull();
    t.start();
    t.text('m1', 'Let me ');
    t.text('m1', 'check.');
    t.tool('m1', 'c1', 'running');
    expect(live.get(S)).toEqual({ turnId: 'turn-1', drafts: [{ id: 'm1', content: 'Let me check.', tools: [{ callId: 'c1', name: 'mcp__files__write_file', state: 'running' }] }] });
    t.tool('m1', 'c1', 'done');
    t.stored('m1');
    t.text('m2', 'Done.');
    expect(live.get(S)).toEqual({ turnId: 'turn-1', drafts: [{ id: 'm2', content: 'Done.', tools: [] }] });
    // A late event of an older turn never touches the running one.
    stream(bus, 'turn-0').end('done');
    expect(live.get(S)?.turnId).toBe('turn-1');
    t.end('cancelled');
    expect(live.get(S)).toBeNull();
    t.text('m3', 'late');
    expect(live.get(S)).toBeNull();
    live.close();
    stream(bus, 'turn-2').start();
    expect(live.get(S)).toBeNull();
  });
});

describe('mergeLive (window)', () => {
  const engine: LiveTurn = {
    turnId: 't',
    drafts: [{ id: 'm1', content: 'Let me check the file.', tools: [{ callId: 'c1', name: 'x', state: 'running' }] }],
  };

  it("takes the engine's turn when the window has none, or an older one", () => {
    expect(mergeLive(undefined, engine)).toBe(engine);
    expect(mergeLive({ turnId: 'old', drafts: [{ id: 'z', content: 'z', tools: [] }] }, engine)).toBe(engine);
  });

  it('keeps the longer text of each draft, the furthest state of each call, and drafts only one side has', () => {
    const mine: LiveTurn = {
      turnId: 't',
      drafts: [
        { id: 'm1', content: 'check the file.', tools: [{ callId: 'c1', name: 'x', state: 'done' }, { callId: 'c2', name: 'y', state: 'running' }] },
        { id: 'm2', content: 'It says', tools: [] },
      ],
    };
    expect(mergeLive(mine, engine)).toEqual({
      turnId: 't',
      drafts: [
        { id: 'm1', content: 'Let me check the file.', tools: [{ callId: 'c1', name: 'x', state: 'done' }, { callId: 'c2', name: 'y', state: 'running' }] },
        { id: 'm2', content: 'It says', tools: [] },
      ],
    });
    const ahead: LiveTurn = { turnId: 't', drafts: [{ id: 'm1', content: 'Let me check the file. Found it.', tools: [] }] };
    expect(mergeLive(ahead, engine).drafts[0]).toEqual({ id: 'm1', content: 'Let me check the file. Found it.', tools: engine.drafts[0].tools });
  });
});

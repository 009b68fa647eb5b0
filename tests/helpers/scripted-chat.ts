// The scripted-model chat that engine-side chat tests share: a scripted OpenAI-wire server on 127.0.0.1
// started fresh for each test (so one test's scripted replies and recorded requests never leak into the
// next), a real engine on a temp home pointed at it, a new chat, and contract calls through the same
// dispatch both hosts use.
import { afterEach, beforeEach } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { TEST_KEY, useScriptedModel } from './llm-setup';
import { openEngine } from './temp-home';

/**
 * Registers a scripted server for each test of the calling file; read `.llm` inside a test. `prepare`
 * runs on each new server (e.g. a default reply).
 */
export function scriptedLlmPerTest(prepare?: (llm: ScriptedLlm) => void): { readonly llm: ScriptedLlm } {
  let current: ScriptedLlm | null = null;
  beforeEach(async () => {
    current = await startScriptedLlm({ requireKey: TEST_KEY });
    prepare?.(current);
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return {
    get llm(): ScriptedLlm {
      if (!current) throw new Error('the scripted model server runs only inside a test');
      return current;
    },
  };
}

export type Handlers = ReturnType<typeof createHandlers>;

/** A contract call's data, or the test fails with the wire error (its code kept). */
export async function callChannel<T>(handlers: Handlers, channel: string, input: unknown): Promise<T> {
  const r = await dispatch(handlers, channel, input);
  if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
  return r.data as T;
}

/** A real engine on a temp home whose chat and memory models are the scripted server, and a new chat. */
export function scriptedChat(llm: ScriptedLlm) {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  const session = engine.sessions.create({ agentId: 'default' });
  const handlers = createHandlers(engine);
  const call = <T>(channel: string, input: unknown): Promise<T> => callChannel<T>(handlers, channel, input);
  return { engine, session, handlers, call };
}

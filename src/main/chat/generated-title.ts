// Generated titles (issue 29 §2): after a chat's first exchange, one call to the memory model (the role
// for cheap background work; it falls back to the chat model) names the chat in a few words. It runs
// after the reply is stored and never holds it up. The first-line title (title.ts) is shown meanwhile and
// stays on any failure; a title the person typed is never replaced, even one typed while the call runs
// (the store replaces only the exact first-line title it started from). The call goes through the LLM
// client's task path, so its tokens are counted under 'session-title' with every other background call.
import type { Config } from '../../shared/config';
import type { EventBus } from '../events';
import type { LlmClient } from '../llm/llm-client';
import { sessionTitleTask } from '../llm/prompts/session-title';
import { redactSecrets } from '../memory/facts/sanitize-secrets';
import type { SessionStore } from '../conversations/session-store';
import type { AfterTurnContext, LifecycleHooks } from '../turn/hooks';
import { cleanGeneratedTitle } from './title';

export interface TitleDeps {
  sessions: Pick<SessionStore, 'get' | 'titleSource' | 'replaceFirstLineTitle' | 'keepFirstLineTitle'>;
  llm: Pick<LlmClient, 'runTaskDetailed'>;
  config: () => Config;
  events: Pick<EventBus, 'emit'>;
  log: (msg: string, err?: unknown) => void;
  /** false: the host turned titles off whatever the config says (test runs: MONAD_GENERATED_TITLES=off). */
  allowed: boolean;
}

export class TitleGenerator {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly d: TitleDeps) {}

  hooks(): LifecycleHooks {
    return { name: 'generated-title', afterTurn: (ctx) => this.afterTurn(ctx) };
  }

  /** Resolves when the title call for this chat (if any) is done: for tests and an orderly shutdown. */
  async pending(sessionId: string): Promise<void> {
    await this.running.get(sessionId);
  }

  private afterTurn({ session, agent, userText, messages }: AfterTurnContext): void {
    if (!this.d.allowed || !this.d.config().chat.generateTitles || this.running.has(session.id)) return;
    if (this.d.sessions.titleSource(session.id) !== 'first-line') return;
    const reply = messages
      .filter((m) => m.role === 'assistant' && !m.error && m.content.trim())
      .map((m) => m.content)
      .join('\n\n');
    if (!reply || !userText.trim()) return; // not an exchange yet: wait for one that has a reply
    const firstLine = this.d.sessions.get(session.id).title;
    const run = this.generate(session.id, agent.id, firstLine, userText, reply).finally(() => this.running.delete(session.id));
    this.running.set(session.id, run);
  }

  private async generate(sessionId: string, agentId: string, firstLine: string, user: string, reply: string): Promise<void> {
    let title: string | null = null;
    try {
      // Secrets in the chat never go to another model for a title (the memory model may be another provider).
      const clean = (t: string) => redactSecrets(t).text;
      const outcome = await this.d.llm.runTaskDetailed(sessionTitleTask, { user: clean(user), reply: clean(reply) }, { agentId, role: 'memory', record: false });
      title = cleanGeneratedTitle(outcome.value.title);
      if (!title) this.d.log(`[titles] the model's title for ${sessionId} had no usable words; the first line stays`);
    } catch (err) {
      this.d.log('[titles] could not generate a title; the first line stays', err);
    }
    try {
      if (title && this.d.sessions.replaceFirstLineTitle(sessionId, firstLine, title)) {
        this.d.events.emit('sessions.changed', { agentId });
      } else {
        this.d.sessions.keepFirstLineTitle(sessionId);
      }
    } catch (err) {
      // The chat was deleted while the title was being written: nothing to name.
      this.d.log('[titles] could not store the title', err);
    }
  }
}

// Runs the lifecycle hooks of a chat turn (turn/hooks.ts says what each point is for). The memory layers
// add theirs through the HookRegistrar they know; the agent loop calls the points below.
import type { Session } from '../../shared/domain';
import type { AfterTurnContext, HookRegistrar, LifecycleHooks, TurnContext } from '../turn/hooks';

export class HookRegistry implements HookRegistrar {
  private hooks: LifecycleHooks[] = [];

  add(h: LifecycleHooks): void {
    this.hooks.push(h);
  }

  /** Blocks in registration order. A failing hook is reported and skipped: a turn never dies for it. */
  async beforeTurn(ctx: TurnContext, onError: (hook: string, err: unknown) => void): Promise<string[]> {
    const blocks: string[] = [];
    for (const h of this.hooks) {
      if (!h.beforeTurn) continue;
      try {
        blocks.push(...(await h.beforeTurn(ctx)).filter((b) => b.trim() !== ''));
      } catch (err) {
        onError(h.name, err);
      }
    }
    return blocks;
  }

  async afterTurn(ctx: AfterTurnContext, onError: (hook: string, err: unknown) => void): Promise<void> {
    for (const h of this.hooks) {
      if (!h.afterTurn) continue;
      try {
        await h.afterTurn(ctx);
      } catch (err) {
        onError(h.name, err);
      }
    }
  }

  async sessionEnd(session: Session, onError: (hook: string, err: unknown) => void): Promise<void> {
    for (const h of this.hooks) {
      if (!h.sessionEnd) continue;
      try {
        await h.sessionEnd(session);
      } catch (err) {
        onError(h.name, err);
      }
    }
  }
}

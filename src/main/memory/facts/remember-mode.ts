// The agent's remember mode at the memory tool (issue 16 §3). "Remember automatically" is today's
// behaviour; "Ask me first" turns record/update/delete into Inbox proposals that carry the words of the
// message they came from, and tells the model the write is pending, so it does not claim it saved
// anything; "Never" offers the tool for reading only and says writes are off. In every mode a write the
// person already rejected in the Inbox is declined, not made again.
// Memory's own logic (the facts layer gates its tool with it), so it lives in memory: chat never calls it.
import { z } from 'zod';
import type { Agent } from '../../../shared/config';
import { rememberModeOf } from '../../../shared/remember-mode';
import type { ChatProposals } from '../inbox/chat-proposals';
import { quoteSpan } from '../inbox/quote-span';
import type { InboxRejections } from '../inbox/rejections';
import type { MemoryDir } from './memory-dir';
import { MEMORY_TOOL_NUDGE, type MemoryToolInput } from './memory-tool';
import type { ToolContext } from '../../turn/tools';
import { clip } from '../../turn/receipt-sink';
import { redactSecrets } from './sanitize-secrets';

/** Said to the model instead of writing; null: the write goes ahead as usual. */
export type RememberGate = (args: MemoryToolInput, ctx: ToolContext, scope: string) => string | null;

export const WRITES_OFF =
  'Not saved: memory writes are off for this agent (the person set it to never remember). Do not tell the person anything was saved or will be remembered.';

export const DECLINED = 'Not saved: the person declined to keep this earlier (they rejected it in their Inbox). Do not propose it again.';

// What the pending result starts with, and how a receipt finds the proposal id in it ("proposal chat:12"):
// shared with the chat's chips, which read the state back from these words (shared/memory-label.ts).
import { ALREADY_WAITING_PREFIX, PENDING_PREFIX } from '../../../shared/memory-label';
export { PENDING_PREFIX, proposalIdOf } from '../../../shared/memory-label';

/**
 * The reply's receipt says what the gate did (issue 27 §3): a write held for the person is a "pending
 * approval" line, one declined or refused a "not saved" line with the reason. Without it the receipt
 * of an "Ask me first" turn said nothing had happened to memory.
 */
function noteOnReceipt(ctx: ToolContext, scope: string, args: MemoryToolInput, answer: string, proposal: { id: number; text: string } | null): void {
  if (!ctx.receipt) return;
  const text = clip(redactSecrets(proposal?.text ?? args.text ?? '').text);
  if (proposal) ctx.receipt.change({ kind: 'proposed', scope, text, proposalId: `chat:${proposal.id}` });
  else ctx.receipt.change({ kind: 'rejected', scope, text, reason: clip(answer.replace(/^(Not saved|Rejected, nothing was proposed|Nothing proposed):?\s*/, '')) });
}

export function createRememberGate(d: { proposals: ChatProposals; rejections: InboxRejections; memory: MemoryDir }): RememberGate {
  return (args, ctx, scope) => {
    if (args.action === 'view') return null;
    const mode = rememberModeOf(ctx.agent);
    if (mode === 'never') {
      noteOnReceipt(ctx, scope, args, 'Memory writes are off for this agent.', null);
      return WRITES_OFF;
    }
    const target = args.id ? d.memory.read(scope).facts.find((f) => f.id === args.id) : undefined;
    if (mode === 'auto') {
      // Only a record or update can repeat what the person said no to; the usual write handles the rest.
      const preview = args.action !== 'delete' && args.text?.trim() ? d.memory.preview(args.text) : null;
      if (!(preview?.ok && d.rejections.has(args.action, scope, preview.text))) return null;
      noteOnReceipt(ctx, scope, args, 'You declined to keep this earlier, in your Inbox.', null);
      return DECLINED;
    }
    if (args.action !== 'delete' && !args.text?.trim()) return `Nothing proposed: "${args.action}" needs the fact as \`text\`.`;
    if (args.action !== 'record' && !args.id) return `Nothing proposed: "${args.action}" needs \`id\` (from view).`;
    if (args.action !== 'record' && !target) return `Nothing proposed: there is no fact [${args.id}] in ${scope}; view lists the ids.`;
    const words = args.action === 'delete' ? target!.text : args.text!;
    const outcome = d.proposals.propose({
      agentId: ctx.agent.id,
      scope,
      action: args.action,
      text: args.action === 'delete' ? target!.text : args.text!,
      targetId: target?.id ?? null,
      targetText: target?.text ?? null,
      quote: ctx.userMessage ? quoteSpan(ctx.userMessage.content, words) : null,
      sessionId: ctx.session.id,
      messageId: ctx.userMessage?.id ?? null,
    });
    switch (outcome.status) {
      case 'proposed':
        noteOnReceipt(ctx, scope, args, '', outcome.proposal);
        return `${PENDING_PREFIX} the person reviews memory writes first, so this waits in their Inbox (proposal chat:${outcome.proposal.id}): ${describe(outcome.proposal.action, outcome.proposal.text, scope)}. Do not say it was saved; say you asked them to confirm it.`;
      case 'pending':
        noteOnReceipt(ctx, scope, args, '', outcome.proposal);
        return `${ALREADY_WAITING_PREFIX} for the person in their Inbox (proposal chat:${outcome.proposal.id}); nothing new was proposed.`;
      case 'declined':
        noteOnReceipt(ctx, scope, args, 'You declined to keep this earlier, in your Inbox.', null);
        return DECLINED;
      case 'refused':
        noteOnReceipt(ctx, scope, args, outcome.reason, null);
        return `Rejected, nothing was proposed: ${outcome.reason}`;
    }
  };
}

function describe(action: MemoryToolInput['action'], text: string, scope: string): string {
  return action === 'delete' ? `forget "${text}" from ${scope}` : action === 'update' ? `change the fact to "${text}" in ${scope}` : `remember "${text}" in ${scope}`;
}

/** The system prompt's note on the memory tool, as the agent's mode makes it true. */
export function memoryToolNudge(agent: Agent): string {
  switch (rememberModeOf(agent)) {
    case 'auto':
      return MEMORY_TOOL_NUDGE;
    case 'ask':
      return `${MEMORY_TOOL_NUDGE} The person reviews every memory write first: a record, update or delete waits in their Inbox until they approve it, so never say a fact is saved; say you have asked them to confirm it.`;
    case 'never':
      return 'You have a `memory` tool to view durable facts about the user. Writing to memory is off for this agent: do not record facts, and do not promise to remember anything for later sessions.';
  }
}

/** Under "Never" the memory tool is offered for reading only (the write actions are not in its schema). */
export const viewOnlyMemoryInput = z.object({
  action: z.enum(['view']).describe('view: list facts (writing to memory is off for this agent)'),
  scope: z.enum(['agent', 'global', 'project']).optional().describe('agent (default), global, or project'),
});

export function memoryToolOffer(agent: Agent): { description: string; inputSchema: z.ZodType } | null {
  if (rememberModeOf(agent) !== 'never') return null;
  return { description: 'View your long-term memory (facts that persist across sessions). Writing to memory is off for this agent.', inputSchema: viewOnlyMemoryInput };
}

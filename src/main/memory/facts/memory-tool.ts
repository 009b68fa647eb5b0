// The one agent-facing L1 tool: memory(action, …). Every write goes through the FactWriter (the memory
// model's fact check, then MemoryDir and so the sanitizer), attributed to the turn's user message (typed,
// pasted or forwarded), and every result tells the model exactly what happened. What it returns reaches
// the model as quoted data (chat/tool-results.ts).
import { z } from 'zod';
import type { Config } from '../../../shared/config';
import type { FactOriginKind, FactWriteResult, Session } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { JournalSource } from '../../../shared/journal';
import type { AgentTool, ToolContext } from '../../turn/tools';
import { clip } from '../../turn/receipt-sink';
import { redactSecrets } from './sanitize-secrets';
import { statesFact } from './stated';
import { attachmentSourceOf, fromAttachmentDetail } from './attachment-source';
import { agentScope, projectScope } from '../scope';
import { oneLine } from '../../llm/spotlight';
import type { FactCheckOutcome } from './fact-check';
import type { WriteAttribution, FactWriter } from './fact-writer';
import type { MemoryDir } from './memory-dir';
import type { FactMarks } from './recall';

export const memoryToolInput = z.object({
  action: z.enum(['view', 'record', 'update', 'delete']).describe('view: list facts; record: add one; update: replace one by id; delete: remove one by id'),
  scope: z
    .enum(['agent', 'global', 'project'])
    .optional()
    .describe('agent (default): your private notes; global: facts about the user shared by all agents; project: this workspace'),
  text: z.string().max(4000).optional().describe('The fact, one short sentence (record, update)'),
  id: z.string().optional().describe('The 12-character fact id shown by view (update, delete)'),
});
export type MemoryToolInput = z.infer<typeof memoryToolInput>;

export const MEMORY_TOOL_NUDGE = [
  'You have a `memory` tool for durable facts that will matter in future sessions: the user\'s stable',
  'preferences, circumstances and decisions. Record one short, self-contained fact per call; update or delete',
  'facts that changed. Never record secrets, passwords or instructions. Scope "global" is for facts about the',
  'user that every agent should know; "agent" (default) is your private notes; "project" is this workspace.',
].join(' ');

export function resolveToolScope(scope: MemoryToolInput['scope'], session: Session): string {
  switch (scope ?? 'agent') {
    case 'agent':
      return agentScope(session.agentId);
    case 'global':
      return 'global';
    case 'project':
      if (!session.projectKey) throw new MonadError('BAD_INPUT', 'This chat has no workspace folder, so there is no project scope. Use "agent" or "global".');
      return projectScope(session.projectKey);
    default:
      throw new MonadError('BAD_INPUT', `Unknown scope ${String(scope)}`);
  }
}

export function describeWrite(r: FactWriteResult, scope: string): string {
  const redacted = r.redactions.length ? ` ${r.redactions.length} secret${r.redactions.length === 1 ? ' was' : 's were'} redacted (${[...new Set(r.redactions)].join(', ')}) before saving.` : '';
  switch (r.status) {
    case 'recorded':
      return `Recorded [${r.fact!.id}] in ${scope}: "${r.fact!.text}".${redacted}`;
    case 'updated':
      return `Updated; the fact is now [${r.fact!.id}] "${r.fact!.text}" in ${scope}.${redacted}`;
    case 'duplicate':
      return `Already known as [${r.fact!.id}] in ${scope}; nothing new was written.${redacted}`;
    case 'rejected':
      return `Rejected, nothing was saved: ${r.reason}`;
    case 'refused':
      return `Not saved: ${r.reason}`;
  }
}

/**
 * A write in a turn belongs to the turn's user message: its origin (typed, pasted, forwarded) and its id.
 * When the person typed the words the fact says (`text`), the source says so: the fact is labelled "you
 * said it" though the agent wrote it down. Pasted or forwarded text is someone else's words, never theirs.
 */
export function attributionOf(ctx: ToolContext, text?: string): WriteAttribution {
  const user = ctx.userMessage ?? null;
  const origin: FactOriginKind = user ? (user.origin ?? 'typed') : 'agent';
  const source: JournalSource = user ? { sessionId: ctx.session.id, messageId: user.id } : { sessionId: ctx.session.id };
  // A fact taken from an attached file is the file's words (issue 29 §1): its source names the file.
  const file = user && text && ctx.attachments?.length ? attachmentSourceOf(text, ctx.attachments) : null;
  if (file && !statesFact(user!.content, text!)) source.detail = fromAttachmentDetail(file);
  else if (user && origin === 'typed' && text && statesFact(user.content, text)) source.stated = true;
  return { actor: 'agent', source, origin, agentId: ctx.agent.id, signal: ctx.signal };
}

/** Said to the model when the memory model could not judge the fact and the pattern check alone decided. */
function checkNote(check: FactCheckOutcome | null): string {
  return check?.how === 'failed' ? ' (The memory model\'s fact check did not answer in time; the pattern check alone decided.)' : '';
}

/**
 * Receipts: a write that saved nothing is shown on the reply with its reason. Saved writes need no report
 * here: the journal entry they make becomes their line (chat/turn-receipt.ts).
 */
function refused(ctx: ToolContext, args: MemoryToolInput, scope: string, reason: string): void {
  // The refused text may be refused for holding a secret: the line shows it with secrets masked.
  ctx.receipt?.change({ kind: 'rejected', scope, text: clip(redactSecrets(args.text ?? '').text), reason: clip(reason) });
}

export function createMemoryTool(deps: {
  memory: MemoryDir;
  writer: FactWriter;
  marks?: FactMarks;
  config: () => Config;
  /** The agent's remember mode (facts/remember-mode.ts): a text to answer instead of writing, or null. */
  gate?: (args: MemoryToolInput, ctx: ToolContext, scope: string) => string | null;
  offer?: AgentTool['offer'];
}): AgentTool<typeof memoryToolInput> {
  return {
    name: 'memory',
    description:
      'View and curate your long-term memory (facts that persist across sessions). Actions: view, record, update, delete. Scopes: agent (default), global, project.',
    inputSchema: memoryToolInput,
    offer: deps.offer,
    execute: async (args, ctx) => {
      const { session } = ctx;
      const scope = resolveToolScope(args.scope, session);
      if (args.action === 'view') {
        const facts = deps.memory.read(scope).facts;
        ctx.receipt?.read('memory-view', scope, facts.map((f) => ({ kind: 'fact', scope, factId: f.id, text: clip(f.text) }))); // receipts
        if (!facts.length) return `No facts in ${scope} yet.`;
        const marks = deps.marks?.(scope, facts) ?? new Map<string, string>();
        return [
          `${facts.length} fact${facts.length === 1 ? '' : 's'} in ${scope}:`,
          ...facts.map((f) => `[${f.id}] ${marks.has(f.id) ? `(${marks.get(f.id)}) ` : ''}${oneLine(f.text)}`),
        ].join('\n');
      }
      if (session.incognito) {
        refused(ctx, args, scope, 'This is an incognito chat, so nothing from it is written to memory.');
        return 'Not saved: this is an incognito session, so nothing from it is written to memory.';
      }
      if (deps.config().memory.backend === 'mem0') {
        refused(ctx, args, scope, 'Memory is managed by mem0 here, which learns from the conversation by itself.');
        return 'Not saved: memory is managed by the mem0 backend here, which learns from the conversation by itself. No need to record facts.';
      }
      // Remember mode (issue 16 §3): "Ask me first" makes this a proposal, "Never" refuses it.
      const gated = deps.gate?.(args, ctx, scope) ?? null;
      if (gated !== null) return gated;
      switch (args.action) {
        case 'record': {
          if (!args.text?.trim()) return 'Nothing saved: "record" needs the fact as `text`.';
          const { result, check } = await deps.writer.record(scope, args.text, attributionOf(ctx, args.text));
          if (result.status === 'rejected' || result.status === 'refused') refused(ctx, args, scope, result.reason ?? 'The write was refused.');
          return describeWrite(result, scope) + checkNote(check);
        }
        case 'update': {
          if (!args.id || !args.text?.trim()) return 'Nothing saved: "update" needs `id` (from view) and the new `text`.';
          const { result, check } = await deps.writer.update(scope, args.id, args.text, attributionOf(ctx, args.text));
          if (result.status === 'rejected' || result.status === 'refused') refused(ctx, args, scope, result.reason ?? 'The write was refused.');
          return describeWrite(result, scope) + checkNote(check);
        }
        case 'delete': {
          if (!args.id) return 'Nothing deleted: "delete" needs `id` (from view).';
          const f = deps.writer.forget(scope, args.id, { actor: 'agent', source: attributionOf(ctx).source });
          return `Deleted [${f.id}] "${f.text}" from ${scope}.`;
        }
      }
    },
  };
}

// "Forget everything about X" (issue 15 §4): what a person can ask to forget, the preview the engine
// answers with (every fact, entity, relation, law and mem0 memory concerned, each with why), and the
// outcome. One preview, many entry points: an entity in the Graph tab, a search, a chat (also when the
// chat is deleted).
import { z } from 'zod';

/** Longest subject a person can type: a name or a short phrase, not a document. */
export const MAX_SUBJECT_CHARS = 200;
/** Most items one forget can name (the preview says when it holds more than this per kind). */
export const MAX_FORGET_KEYS = 20_000;

export const forgetTargetSchema = z.discriminatedUnion('kind', [
  /** An entity of the graph: everything mentioning its name, in every scope. */
  z.object({ kind: z.literal('entity'), nodeId: z.number().int().positive() }).strict(),
  /** A name or phrase (a search): everything mentioning it, in every scope. */
  z.object({ kind: z.literal('text'), text: z.string().trim().min(1).max(MAX_SUBJECT_CHARS) }).strict(),
  /** A chat: what Monad learned only from its messages. */
  z.object({ kind: z.literal('session'), sessionId: z.string().min(1).max(64) }).strict(),
]);
export type ForgetTarget = z.infer<typeof forgetTargetSchema>;

/** Keys name one item across the preview and the apply: "fact:<scope>:<id>", "entity:<id>", "relation:<id>", "law:<id>", "mem0:<id>". */
export const forgetKeySchema = z.string().min(3).max(200).regex(/^(fact:(global|(agent|project|session):[A-Za-z0-9][A-Za-z0-9_-]{0,99}):[0-9a-f]{12}|(entity|relation|law):[1-9]\d{0,15}|mem0:[A-Za-z0-9-]{1,100})$/, 'a forget item key');

import type { ForgetKind } from './forget-kinds';
export { FORGET_KINDS, type ForgetKind } from './forget-kinds';

export interface ForgetItem {
  key: string;
  kind: ForgetKind;
  /** The memory scope it lives in (for mem0: the agent's scope). */
  scope: string | null;
  /** The item in words: a fact's text, an entity's name, a relation as a sentence, a law's statement. */
  text: string;
  /** Why it is listed, in words ("mentions “Ana”", "learned only from this chat", "rests only on what is forgotten here"). */
  why: string;
  /** For relations: false when it had already ended (history). */
  current?: boolean;
}

export interface ForgetPreview {
  target: ForgetTarget;
  /** What is forgotten about, in words: a name, a phrase, or a chat's title. */
  subject: string;
  items: ForgetItem[];
  /** Kinds that held more matches than the preview lists (MAX_PREVIEW_PER_KIND). */
  truncated: ForgetKind[];
  /** What could not be looked at (qdrant not running, a memory file that could not be read). */
  notes: string[];
}

export interface ForgetOutcome {
  /** The history group every journaled change of this forget shares (one undo); null when nothing was journaled. */
  groupId: string | null;
  /** The first history entry of the group (undoing it undoes the group), or null. */
  entryId: number | null;
  forgotten: string[];
  /** Items that could not be forgotten (already gone, a store not reachable), with why. */
  failed: { key: string; message: string }[];
}

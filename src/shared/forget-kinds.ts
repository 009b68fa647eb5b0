// The kinds of item a "forget" names (forget.ts has the schemas). A module of its own, with no zod, so the
// renderer's first screen (the forget dialog is part of the shell) does not load the schema library.
export type ForgetKind = 'fact' | 'entity' | 'relation' | 'law' | 'mem0';
export const FORGET_KINDS: readonly ForgetKind[] = ['fact', 'entity', 'relation', 'law', 'mem0'];

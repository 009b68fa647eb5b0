// Domain records as they cross the contract. Plain data only.
//
// Each domain lives in its own file beside this one (conversations, facts, graph, laws, consolidation,
// mem0, …). This file only re-exports them so that `shared/domain` stays one stable import path: some 170
// files across src/, tests/ and bench/ import from it, and new code may import the narrower file directly.
export type * from './conversation';
export type * from './app-status';
export type * from './providers';
export type * from './facts';
export type * from './core-files';
export type * from './recall';
export type * from './graph';
export type * from './laws';
export type * from './consolidation';
export type * from './import-report';
export type * from './mem0';

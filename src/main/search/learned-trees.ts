// The learned re-ranking's trees (rank.ts `rerankTrees`), found by bench/locomo-ltr.ts --learner trees on
// all five LoCoMo conversations with the observation stand-in (docs/search-quality.md, seventh pass).

/** A node of a learned regression tree (flat array, node 0 the root): x[f] <= t goes to l, else r; a leaf holds v. */
export type RerankTreeNode = { f: number; t: number; l: number; r: number } | { v: number };

export const LEARNED_TREES: ReadonlyArray<readonly RerankTreeNode[]> = [];

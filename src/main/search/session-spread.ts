// Multi-hop spread (issue 31, fourth pass): a question whose answer is told in several conversations
// ("what did Melanie and Caroline both do for the LGBTQ community?") has its gold turns in different
// sessions, while neighbour inheritance makes one strong exchange fill the top of the list. When the
// messages memory matched best lie in several sessions, each of the first few such sessions keeps one
// place in the results for its best turn.

/**
 * The first `k` of `ranked` (best first), with the best turn of each of `sessions` (in their order)
 * placed in it when it was not: each takes the place of the lowest result that holds no reserved turn.
 * Order is by score again afterwards.
 */
export function spreadOverSessions<T extends { seq: number; score: number; session: string }>(ranked: readonly T[], sessions: readonly string[], k: number): T[] {
  const top = ranked.slice(0, k);
  if (sessions.length < 2) return top;
  const reserved = new Set<number>();
  for (const session of sessions) {
    const best = ranked.find((r) => r.session === session);
    if (best) reserved.add(best.seq);
  }
  const inTop = new Set(top.map((r) => r.seq));
  for (const r of ranked) {
    if (!reserved.has(r.seq) || inTop.has(r.seq)) continue;
    let at = -1;
    for (let i = top.length - 1; i >= 0; i--) if (!reserved.has(top[i].seq)) { at = i; break; }
    if (at < 0) break;
    inTop.delete(top[at].seq);
    top[at] = r;
    inTop.add(r.seq);
  }
  return top.sort((a, b) => b.score - a.score || b.seq - a.seq);
}

/** The first `m` distinct sessions of messages ordered by how well memory matched them. */
export function bestSessions(memory: ReadonlyMap<number, number>, place: ReadonlyMap<number, string>, m: number): string[] {
  const out: string[] = [];
  for (const [seq] of [...memory].sort((a, b) => b[1] - a[1] || b[0] - a[0])) {
    const s = place.get(seq);
    if (s !== undefined && !out.includes(s)) out.push(s);
    if (out.length >= m) break;
  }
  return out;
}

// A fact's text with search matches marked and redaction placeholders ([REDACTED:kind]) shown as chips,
// so a person sees at a glance where a secret was taken out.
import type { ReactNode } from 'react';
import { matchRanges } from './scopes';

const REDACTED = /\[REDACTED:[A-Za-z0-9_-]+\]/g;

export function FactText({ text, query }: { text: string; query: string }) {
  const marks = matchRanges(text, query);
  const redactions = [...text.matchAll(REDACTED)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
  if (marks.length === 0 && redactions.length === 0) return <>{text}</>;

  // Cut the text at every boundary of either layer; each piece is then in or out of each.
  const cuts = new Set<number>([0, text.length]);
  for (const [a, b] of [...marks, ...redactions]) {
    cuts.add(a);
    cuts.add(b);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const inside = (ranges: [number, number][], at: number) => ranges.some(([a, b]) => at >= a && at < b);
  const pieces: ReactNode[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const [from, to] = [points[i], points[i + 1]];
    if (from === to) continue;
    let node: ReactNode = text.slice(from, to);
    if (inside(redactions, from)) {
      node = (
        <span className="fact-redacted" title="A secret was replaced here before saving">
          {node}
        </span>
      );
    }
    if (inside(marks, from)) node = <mark className="fact-match">{node}</mark>;
    pieces.push(<span key={from}>{node}</span>);
  }
  return <>{pieces}</>;
}

// The Markdown format of one scope file, and a lenient parser for files people edited by hand.
//
//   ---
//   scope: agent:default
//   updated: 2026-11-29T21:00:00.000Z
//   count: 2
//   ---
//
//   # Memory — agent:default
//
//   - User prefers metric units.
//   - User's daughter is called Ana.
//
// Frontmatter is system-stamped on every write. Each fact is one `- ` bullet on one line.
import type { Fact } from '../../../shared/domain';
import { factId, normalizeFact, toSingleLine } from './fact-id';

export interface ParsedFactFile {
  facts: Fact[];
  /** Things the parser had to guess about, for the person to see. Empty for a machine-written file. */
  warnings: string[];
  frontmatter: Record<string, string>;
}

export function renderFactFile(scope: string, facts: Fact[], updated: string): string {
  return renderFactHeader(scope, facts.length, updated) + renderFactLines(facts);
}

/** Everything above the bullets: the frontmatter (system-stamped on every write) and the title. */
export function renderFactHeader(scope: string, count: number, updated: string): string {
  return `---\nscope: ${scope}\nupdated: ${updated}\ncount: ${count}\n---\n\n# Memory — ${scope}\n\n`;
}

/**
 * The bullets, one `- ` line per fact, each ending in a newline. Fact texts are single-line by
 * construction (every write path and the parser apply toSingleLine), so this is a plain join, and the
 * bytes of n facts followed by one more are the bytes of the n facts plus one line: MemoryDir relies on
 * that to append a recorded fact to the bytes it last wrote instead of re-rendering the whole scope.
 * A leading `#`, `---` or `>` inside a fact stays text: only the first `- ` on a line is the bullet.
 */
export function renderFactLines(facts: readonly Fact[]): string {
  let out = '';
  for (const f of facts) out += `- ${f.text}\n`;
  return out;
}

export function parseFactFile(scope: string, text: string): ParsedFactFile {
  const warnings: string[] = [];
  const frontmatter: Record<string, string> = {};
  let body = text.replace(/^\uFEFF/, '');
  if (body.includes('\0')) {
    warnings.push('The file contains binary data; only readable lines were kept.');
    body = body.replace(/\0/g, '');
  }
  const lines = body.split(/\r\n|\r|\n/);
  let i = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, idx) => idx > 0 && l.trim() === '---');
    if (end > 0) {
      for (const l of lines.slice(1, end)) {
        const m = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(l.trim());
        if (m) frontmatter[m[1]] = m[2];
      }
      i = end + 1;
    } else {
      warnings.push('The frontmatter block is not closed; it was read as facts.');
    }
  }
  if (frontmatter.scope && frontmatter.scope !== scope) {
    warnings.push(`The frontmatter says scope "${frontmatter.scope}" but the file belongs to ${scope}.`);
  }

  const texts: string[] = [];
  let prose = 0;
  for (; i < lines.length; i++) {
    const raw = lines[i];
    const line = raw.trim();
    if (line === '') continue;
    const bullet = /^[-*+]\s+(.*)$/.exec(line) ?? /^\d{1,4}[.)]\s+(.*)$/.exec(line);
    if (bullet) {
      texts.push(bullet[1]);
      continue;
    }
    if (/^#{1,6}\s/.test(line) || /^[-*_]{3,}$/.test(line)) continue; // headings and rules are layout
    if (/^\s+\S/.test(raw) && texts.length) {
      texts[texts.length - 1] += ` ${line}`; // an indented continuation of the previous bullet
      continue;
    }
    texts.push(line); // a hand-written line is still something the person wants remembered
    prose++;
  }
  if (prose) warnings.push(`${prose} line${prose === 1 ? ' was' : 's were'} not a "- " bullet and ${prose === 1 ? 'was' : 'were'} read as ${prose === 1 ? 'a fact' : 'facts'}.`);

  const facts: Fact[] = [];
  const seen = new Set<string>();
  let dupes = 0;
  for (const t of texts) {
    const text = toSingleLine(t);
    if (normalizeFact(text) === '') continue;
    const id = factId(text);
    if (seen.has(id)) {
      dupes++;
      continue;
    }
    seen.add(id);
    facts.push({ id, scope, text });
  }
  if (dupes) warnings.push(`${dupes} duplicate fact${dupes === 1 ? ' was' : 's were'} merged.`);
  const declared = Number(frontmatter.count);
  if (frontmatter.count !== undefined && Number.isFinite(declared) && declared !== facts.length && !dupes && !prose) {
    warnings.push(`The frontmatter count (${declared}) does not match the ${facts.length} facts found.`);
  }
  return { facts, warnings, frontmatter };
}

// What the two sides of a conversation are called, for search: a query that names one side only ("what
// did Ana say about…", "what did Mira suggest…") prefers that side's messages. The agent's name comes
// from its settings; the person's from USER.md, the file the person keeps about themself. The product
// and the LoCoMo benchmark both build role names through roleNamesFor, so the benchmark measures the
// configuration people actually run.

export type RoleNames = Partial<Record<'user' | 'assistant', string[]>>;

export function roleNamesFor(names: { person?: string | null; agent?: string | null }): RoleNames {
  const out: RoleNames = {};
  const person = clean(names.person);
  const agent = clean(names.agent);
  if (person) out.user = [person];
  if (agent) out.assistant = [agent];
  return out;
}

function clean(name: string | null | undefined): string | null {
  const n = name?.replace(/\s+/g, ' ').trim();
  return n && n.length <= 80 ? n : null;
}

/** Words that start a "Name:"-less line but are not names ("I'm happy to…", "I am a teacher"). */
const NOT_A_NAME = /^(?:a|an|the|not|very|so|happy|glad|from|in|at|on|based|currently|working|living|married|single|learning|trying|going|interested|into|also|still|just|here)$/i;

/**
 * The person's name as USER.md states it, or null. Understands the ways people write it: a "Name:"
 * field (plain, bulleted or bold, in front matter or a list), "My name is …", "I'm …", "Call me …".
 * Only capitalised words count as a name, at most four of them.
 */
export function personNameFromUserFile(text: string): string | null {
  const field = /^[\s>*-]*(?:\*\*|__)?(?:full\s+|preferred\s+)?name(?:\*\*|__)?\s*(?:\*\*|__)?\s*[:=–—-]\s*(?:\*\*|__)?\s*([^\n*_]+)/im.exec(text);
  if (field) {
    const n = properName(field[1]);
    if (n) return n;
  }
  for (const re of [/\bmy name is\s+([^\n.,;!?]+)/i, /\bcall me\s+([^\n.,;!?]+)/i, /(?:^|[.!?]\s+|\n\s*)(?:I['’]m|I am)\s+([^\n.,;!?]+)/]) {
    const m = re.exec(text);
    if (!m) continue;
    const n = properName(m[1]);
    if (n) return n;
  }
  return null;
}

function properName(s: string): string | null {
  const words = s.trim().split(/\s+/);
  const name: string[] = [];
  for (const w of words) {
    const word = w.replace(/[()"“”'’]+$/g, '');
    if (!/^\p{Lu}[\p{L}'’-]*$/u.test(word) || NOT_A_NAME.test(word)) break;
    name.push(word);
    if (name.length === 4) break;
  }
  return name.length ? name.join(' ') : null;
}

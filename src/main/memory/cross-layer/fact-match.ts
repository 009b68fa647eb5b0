// Whether an L1 fact (free text, the person's words) says the same thing as an L2 relation (two entities
// and a snake_case verb phrase), and how to carry a graph correction over into the fact's words. Used in
// both directions: a relation marked wrong finds the facts that say it; a fact forgotten finds the
// relations it said. Matching is on normalised words, in any order (so "Em Braga mora o Rui" says
// "Rui mora_em Braga"), tolerant of inflection ("lived", "living" for "lives"), and deliberately strict
// about the rest: both entities (or one, when the fact came from the very message the relation did), every
// content word of the relation, and no negation. A fact that only mentions "Rui", or says "Rui works in
// Braga", is not "Rui lives in Braga". A match is only ever a proposal the person decides on.
import { mentionForm } from '../forget/mentions';
import { relationWords } from '../../../shared/relation-words';

/** A relation as the matcher needs it: each end's names (its name and aliases) and the relation. */
export interface RelationShape {
  src: readonly string[];
  dst: readonly string[];
  relation: string;
}

/**
 * Words that only glue a relation together ("lives_in", "is_married_to", "mora_em", "wohnt_in"): they
 * say nothing about which relation it is, and facts word them freely. Kept small on purpose: a content
 * word dropped here would let "works_at" match any fact about the two entities.
 */
const GLUE = new Set(
  (
    'a an the is are was were be been has have had of in at on to for with by from as into ' +
    'em no na nos nas de do da dos das e o os as um uma ' + // Portuguese
    'en el la los las un una del al y es ' + // Spanish
    'le les du des au aux dans est un une ' + // French
    'im am an bei von zu der die das den dem ist ein eine ' + // German
    'di del della nel nella con per su il lo gli ' // Italian
  ).split(' '),
);

/**
 * Words that turn a statement into its opposite: "Rui no longer lives in Braga" agrees with the person who
 * marked "Rui lives in Braga" wrong, so it is never proposed for forgetting.
 */
const NEGATION = new Set(
  // Not "no": it is "in the" in Portuguese ("mora no Porto"); "no longer" is caught by "longer".
  ('not never longer nor t dont doesnt didnt isnt wasnt ' + 'nao nunca ' + 'ne pas jamais ' + 'nicht kein keine nie ' + 'non mai').split(' '),
);

/** Scripts written without spaces between words (or with particles glued to them): matched as substrings. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hangul}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function tokens(text: string): string[] {
  const form = mentionForm(text);
  return form ? form.split(' ') : [];
}

/** The word without an inflection ending: "lives" → "liv", "works" → "work", "mora" → "mor". */
function stem(word: string): string {
  let w = word;
  if (w.length > 3 && w.endsWith('s')) w = w.slice(0, -1);
  if (w.length > 3 && /[aeiouy]$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** One word in two inflections ("lives" / "lived" / "living"; "mora" / "morou"), never two words ("work" / "word"). */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const fits = (x: string, y: string) => {
    const s = stem(x);
    return s.length >= 3 && y.startsWith(s) && y.length - s.length <= 4 && x.length - s.length <= 2;
  };
  return fits(a, b) || fits(b, a);
}

/** Whether the fact's words (`factForm`) contain a name's (`nameForm`): whole words in order, or a substring in unspaced scripts. */
function mentionsForm(factForm: string, nameForm: string): boolean {
  if (!nameForm) return false;
  if (UNSPACED.test(nameForm)) return factForm.replace(/ /g, '').includes(nameForm.replace(/ /g, ''));
  return ` ${factForm} `.includes(` ${nameForm} `);
}

function mentions(factForm: string, phrase: string): boolean {
  return mentionsForm(factForm, mentionForm(phrase));
}

/** The relation's words that say which relation it is ("is_married_to" → ["married"]). */
export function contentWords(relation: string): string[] {
  const all = tokens(relationWords(relation));
  const content = all.filter((w) => !GLUE.has(w));
  return content.length ? content : all;
}

/** A fact's text, normalised once: a correction tests every fact of every scope, and a deletion several relations. */
export interface PreparedFact {
  form: string;
  tokens: string[];
  negated: boolean;
}

export function prepareFact(text: string): PreparedFact {
  const form = mentionForm(text);
  const toks = form ? form.split(' ') : [];
  return { form, tokens: toks, negated: toks.some((t) => NEGATION.has(t)) };
}

/** A relation normalised once: each end's name forms and the relation's content words. */
export interface PreparedRelation {
  src: string[];
  dst: string[];
  words: string[];
}

export function prepareRelation(r: RelationShape): PreparedRelation {
  const forms = (names: readonly string[]) => [...new Set(names.map(mentionForm).filter(Boolean))];
  return { src: forms(r.src), dst: forms(r.dst), words: contentWords(r.relation) };
}

/** `saysRelation` on prepared forms. */
export function saysPrepared(f: PreparedFact, r: PreparedRelation, sameSource: boolean): boolean {
  if (!f.form || f.negated) return false;
  const src = r.src.some((n) => mentionsForm(f.form, n));
  const dst = r.dst.some((n) => mentionsForm(f.form, n));
  if (!(src && dst) && !(sameSource && (src || dst))) return false;
  return r.words.every((w) => (UNSPACED.test(w) ? f.form.replace(/ /g, '').includes(w) : f.tokens.some((t) => sameWord(t, w))));
}

/**
 * Whether `fact` says the relation. `sameSource`: the fact was written from a message the relation rests
 * on; then one end named is enough ("Lives in Braga", "I live in Braga" from the message that gave
 * "Rui lives in Braga"), since the message ties the other end.
 */
export function saysRelation(fact: string, r: RelationShape, sameSource: boolean): boolean {
  return saysPrepared(prepareFact(fact), prepareRelation(r), sameSource);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern for a name in raw text: its words in order, any spacing or hyphens between, whole words only. */
function namePattern(name: string): RegExp | null {
  const words = name.trim().split(/[\s\-_]+/u).filter(Boolean).map(escapeRegExp);
  if (!words.length) return null;
  const body = words.join('[\\s\\-]+');
  return UNSPACED.test(name) ? new RegExp(body, 'gu') : new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * The fact with an entity's old name replaced by its new one ("Rui lives in Braga" → "Rui Costa lives in
 * Braga"), or null when the fact does not use any of the old names or already uses the new one (then
 * "Rui" inside "Rui Costa" must not become "Rui Costa Costa").
 */
export function renameInFact(fact: string, oldNames: readonly string[], newName: string): string | null {
  if (mentions(mentionForm(fact), newName)) return null;
  // Longest first: "Rui Costa" before "Rui".
  for (const old of [...oldNames].sort((a, b) => b.length - a.length)) {
    const re = namePattern(old);
    if (!re) continue;
    const next = fact.replace(re, newName);
    if (next !== fact) return next;
  }
  return null;
}

/**
 * The fact with the relation's words replaced ("Rui lives in Braga", lives_in → works_in: "Rui works in
 * Braga"): the span from the first to the last of the old relation's words around its first content word.
 * Null when the fact does not word the old relation recognisably; the person then edits it themselves.
 */
export function rewordInFact(fact: string, oldRelation: string, newRelation: string): string | null {
  const old = tokens(relationWords(oldRelation));
  const key = contentWords(oldRelation)[0];
  if (!old.length || !key) return null;
  const k = old.indexOf(key);
  const spans = [...fact.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)].map((m) => ({ word: mentionForm(m[0]).replace(/ /g, ''), start: m.index!, end: m.index! + m[0].length }));
  const j = spans.findIndex((s) => sameWord(s.word, key));
  if (j < 0 || k < 0) return null;
  let from = j;
  let to = j;
  while (from > 0 && j - (from - 1) <= k && spans[from - 1].word === old[k - (j - from + 1)]) from--;
  while (to + 1 < spans.length && to + 1 - j + k < old.length && spans[to + 1].word === old[k + (to + 1 - j)]) to++;
  const words = relationWords(newRelation);
  const next = `${fact.slice(0, spans[from].start)}${words}${fact.slice(spans[to].end)}`;
  return next === fact ? null : next;
}

/**
 * The words a fact puts between a relation's two ends ("Rui works in Braga" → "works in"), when it names
 * the source first and the words between are a short phrase: how an edited fact rewords a relation.
 * Null otherwise (another word order, a long clause, an end not named): the relation is then proposed for
 * retraction rather than guessed at.
 */
export function wordsBetween(fact: string, srcNames: readonly string[], dstNames: readonly string[]): string | null {
  const find = (names: readonly string[]) => {
    for (const n of [...names].sort((a, b) => b.length - a.length)) {
      const re = namePattern(n);
      const m = re ? re.exec(fact) : null;
      if (m) return { start: m.index, end: m.index + m[0].length };
    }
    return null;
  };
  const src = find(srcNames);
  const dst = find(dstNames);
  if (!src || !dst || src.end > dst.start) return null;
  const between = fact.slice(src.end, dst.start).trim();
  const words = between.split(/\s+/u);
  if (!between || words.length > 5 || !words.every((w) => /^[\p{L}\p{M}'’-]+$/u.test(w))) return null;
  return between;
}

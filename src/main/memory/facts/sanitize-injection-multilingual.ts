/**
 * Injection rules for the languages of sanitize-injection-lexicon.ts: the same classes as the English rule
 * families, built from each language's word table with one set of structural templates. A rule never
 * fires on one word: it needs a shape, such as an order verb opening a clause and then a policy noun
 * pointed at the model ("ignora … las reglas anteriores"), a persistence or trigger marker followed by an
 * order ("a partir de ahora, … dile …"), or an authority label followed by talk of the assistant. So a
 * sentence nobody wrote down is caught when it has that shape, and a third-person fact about the user
 * ("el usuario responde con paciencia") is not, because its verb does not stand where an order stands.
 *
 * Texts are judged on a view folded like the lexicon (sanitize-injection-lexicon.ts); a language runs only
 * when the text has its script and at least one of its order, label or grant words, so a 1 MB text costs
 * one gate scan per language that could apply.
 *
 * This file is the detector: it compiles a language on first need and runs it. The folded view is
 * sanitize-injection-multilingual-view.ts, a table field as a regex source -fields.ts, the word gate
 * -gate.ts and the rule templates -rules.ts.
 */
import { LEXICONS, type Lexicon } from './sanitize-injection-lexicon';
import { fieldOf } from './sanitize-injection-multilingual-fields';
import { gateOf, type Gate } from './sanitize-injection-multilingual-gate';
import { UNIVERSAL_GATE, compileRulesOf, type MlRule } from './sanitize-injection-multilingual-rules';
import { distinctSentences, multilingualView, viewText } from './sanitize-injection-multilingual-view';

// Re-exported to keep this module's public path stable: tests fold their texts with the detector's own view.
export { multilingualView } from './sanitize-injection-multilingual-view';

export interface MultilingualVerdict {
  reason: string;
  family: string;
  lang: string;
}

interface CompiledLanguage {
  lex: Lexicon;
  gate: Gate;
  /**
   * Built on the first text the gate lets through: a Latin-script text is looked at by every Latin-script
   * language, and building all their rules cost a fresh process ~150 ms on its first fact, while the
   * gates alone are a few set lookups per word.
   */
  rules: () => MlRule[];
}

function compileLanguage(lex: Lexicon): CompiledLanguage {
  const f = fieldOf(lex);
  let rules: MlRule[] | undefined;
  return { lex, rules: () => (rules ??= compileRulesOf(lex, f)), gate: gateOf(lex, (n) => f(n)) };
}

/** Compiled on first use: most texts never need most languages. */
const compiled = new Map<string, CompiledLanguage>();

function language(lex: Lexicon): CompiledLanguage {
  let c = compiled.get(lex.lang);
  if (!c) {
    c = compileLanguage(lex);
    compiled.set(lex.lang, c);
  }
  return c;
}

const LATIN = /\p{sc=Latin}/u.source;

/**
 * Judge a text in every covered language its script allows. `folded` and `skeleton` are the detector's
 * views (sanitize-unicode.ts); Latin-script languages also read the skeleton, so a Cyrillic "а" inside a
 * Spanish word does not hide it.
 */
export function detectMultilingual(folded: string, skeleton: string): MultilingualVerdict | null {
  const nativeView = distinctSentences(multilingualView(folded));
  const native = viewText(nativeView);
  const mapped = skeleton === folded ? native : viewText(distinctSentences(multilingualView(skeleton)));
  // A tool name or an encoding word is the same in every language: then no word gate can rule one out.
  const anyLanguage = UNIVERSAL_GATE.test(nativeView);
  // Several languages share a script: look for each script once.
  const present = new Map<string, boolean>();
  const has = (script: RegExp, text: string): boolean => {
    const key = `${script.source}\u0000${text === native.view ? 'n' : 'm'}`;
    let found = present.get(key);
    if (found === undefined) present.set(key, (found = script.test(text)));
    return found;
  };
  for (const lex of LEXICONS) {
    const latin = lex.script.source === LATIN;
    if (!has(lex.script, native.view) && !(latin && has(lex.script, mapped.view))) continue;
    const views = latin && mapped !== native ? [native, mapped] : [native];
    const lang = language(lex);
    for (const view of views) {
      if (!anyLanguage && !lang.gate(view)) continue;
      for (const rule of lang.rules()) {
        if (rule.all.every((r) => r.test(view.view))) return { reason: rule.reason, family: rule.family, lang: lex.lang };
      }
    }
  }
  return null;
}

/** Compiles a language's rules now and says how many there are (tests check that every table compiles). */
export function compileRules(lang: string): number {
  const lex = LEXICONS.find((l) => l.lang === lang);
  if (!lex) throw new Error(`No word table for ${lang}`);
  const rules = language(lex).rules();
  // A regex is compiled by V8 on its first run (a rule's own only once a text holds its literals): run each.
  for (const r of rules) for (const p of r.all) new RegExp(p.source!, 'u').test('');
  return rules.length;
}

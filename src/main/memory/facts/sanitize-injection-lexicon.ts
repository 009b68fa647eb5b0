/**
 * Per-language word tables for the injection detector (issue 14 §3). Each language lists, as data, the
 * words of the same classes the English rules use: the assistant named, orders in the imperative, words
 * that override instructions, policy nouns, persistence and trigger markers, promotion, exfiltration,
 * authority labels, role-play, tools, decoding. sanitize-injection-multilingual.ts combines them with
 * structural templates ("an override verb, then a qualifier, then a policy noun, in one sentence"), so a
 * sentence nobody listed is caught when it has the shape of an instruction.
 *
 * Writing an entry:
 *   - fields are "|"-separated alternatives, written in the language's normal spelling (accents, hamza,
 *     tonos); they are normalised exactly like the text (lowercase, Latin accents dropped, Greek, Cyrillic,
 *     Hebrew and Arabic marks dropped, Arabic/Persian letter variants unified), so "ignorá", "ignora" and
 *     "IGNORA" are one entry;
 *   - a space matches any whitespace; " … " stands for up to three words in between;
 *   - a trailing "*" lets the word go on (a stem: "instrukcj*" for every case ending), a leading "*" lets
 *     it start inside a compound ("*richtlinien" for "Sicherheitsrichtlinien");
 *   - "re:" starts a raw regular expression over the normalised text, for endings that are a grammatical
 *     class rather than a word (Japanese "…てください", Turkish "…dığında");
 *   - verbs are listed only in the forms that give an order (imperative, the infinitive or subjunctive used
 *     as one, "you must …"), never in the third person a fact about the user is written in: "recommande" is
 *     an order in French only at the start of a clause, "poleca" (Polish, "recommends") is never listed.
 */
import { LEXICONS_ASIA } from './sanitize-injection-lexicon-asia';
import { CLAIMS } from './sanitize-injection-lexicon-claims';
import { LEXICONS_EUROPE } from './sanitize-injection-lexicon-europe';
import { LEXICONS_WEST_ASIA_AFRICA } from './sanitize-injection-lexicon-west-asia-africa';
import type { Lexicon } from './sanitize-injection-lexicon-type';

// Re-exported so the detector (sanitize-injection-multilingual.ts) keeps importing the type from the tables it reads.
export type { Lexicon };

/** Every covered language; English has its own rule families (sanitize-injection-*.ts). */
export const LEXICONS: readonly Lexicon[] = [...LEXICONS_EUROPE, ...LEXICONS_WEST_ASIA_AFRICA, ...LEXICONS_ASIA].map((lex) =>
  CLAIMS[lex.lang] ? { ...lex, claim: CLAIMS[lex.lang] } : lex,
);

// Whether the person's own message states a fact the agent's memory tool records (issue 27 §3). "Remember
// that my sister Ana lives in Porto" becomes "User's sister Ana lives in Porto": the agent wrote it down,
// but the words are the person's, so it is labelled "you said it", not "the assistant inferred it". A fact
// the assistant concluded ("User probably prefers tea") shares few of its words with the message and
// stays inferred.
//
// The test is deliberately cautious, because saying "you said it" of a conclusion would be a lie told in
// the person's name: two thirds of the fact's own words must be in the message, and every number and
// every capitalised name in the fact must be there too (a date or a name the message never gave is the
// assistant's addition), and a message that negates ("not", "no longer", "nicht"…) while the fact does
// not is never taken for it. When unsure it answers no: the fact keeps the "inferred" label, and its source
// line still says it came from the person's message in that chat.

/** Share of the fact's content words that must appear in the message. */
export const STATED_MIN_COVERAGE = 2 / 3;

/**
 * Words a fact rewritten in the third person gains without the message saying them: "the user", its
 * possessive, copulas and particles. A small list per language Monad is used in; a word missing here
 * only makes the test stricter.
 */
const PERSPECTIVE = new Set(
  [
    // English
    'user', 'users', "user's", 'the', 'a', 'an', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'be', 'been', 'of', 'to', 'that', 'and',
    'his', 'her', 'their', 'they', 'them', 'he', 'she', 'it', 'its', 'my', 'me', 'i', 'remember', 'note',
    // Spanish, Portuguese, French, Italian, German, Dutch
    'usuario', 'usuaria', 'usuário', 'usuária', 'el', 'la', 'los', 'las', 'del', 'de', 'que', 'su', 'sus', 'es', 'está', 'mi', 'mis',
    'o', 'os', 'da', 'do', 'das', 'dos', 'seu', 'sua', 'é', 'meu', 'minha',
    'utilisateur', 'utilisatrice', 'le', 'les', 'des', 'du', 'sa', 'son', 'ses', 'est', 'mon', 'ma', 'mes', 'je',
    'utente', 'il', 'lo', 'gli', 'di', 'suo', 'mio',
    'nutzer', 'nutzers', 'nutzerin', 'benutzer', 'benutzers', 'benutzerin', 'der', 'die', 'das', 'dem', 'den', 'ist', 'sein', 'seine', 'ihr', 'ihre', 'mein', 'meine', 'ich',
    'gebruiker', 'het', 'een', 'zijn', 'haar', 'mijn', 'ik',
  ].map((w) => w.normalize('NFKC')),
);
/** The same for scripts written without spaces, where words are compared as character pairs. */
const PERSPECTIVE_PAIRS = new Set(['用户', '使用', '用者', 'ユー', 'ーザ', 'ザー', '사용', '용자']);

/** Scripts written without spaces between words: their runs are compared by character pairs. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

interface Token {
  word: string;
  /** A number, or a name the fact capitalises mid-sentence: it must be in the message as it is. */
  specific: boolean;
}

function tokens(text: string, dropPerspective: boolean): Token[] {
  const out: Token[] = [];
  const raw = text.normalize('NFKC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  raw.forEach((w, i) => {
    const lower = w.toLowerCase();
    if (UNSPACED.test(w)) {
      for (let k = 0; k + 1 < lower.length; k++) {
        const pair = lower.slice(k, k + 2);
        if (!(dropPerspective && PERSPECTIVE_PAIRS.has(pair))) out.push({ word: pair, specific: false });
      }
      return;
    }
    if (lower.length < 2 && !/\p{N}/u.test(lower)) return;
    if (dropPerspective && PERSPECTIVE.has(lower)) return;
    const specific = /\p{N}/u.test(w) || (i > 0 && /^\p{Lu}/u.test(w));
    out.push({ word: lower, specific });
  });
  return out;
}

/**
 * Two forms of one word: equal, or sharing a stem (live/lives, vive/vivo, Schwester/Schwestern). The
 * shared start must be most of the shorter word, so "cat" and "car" stay apart.
 */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const short = Math.min(a.length, b.length);
  if (short < 3) return false;
  let k = 0;
  while (k < short && a[k] === b[k]) k++;
  return k >= 3 && k >= Math.ceil(short * 0.75) && Math.max(a.length, b.length) - k <= 3;
}

/**
 * Negations: "I don't live in Porto any more" shares every word of "User lives in Porto" and says the
 * opposite. A message that negates while the fact does not is never taken for the fact.
 */
const NEGATION = /\b(not|no|never|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|won'?t|can'?t|nobody|nothing|longer|não|nunca|nem|nicht|kein\w*|nie|niemals|pas|jamais|plus|non|mai|niet|geen|nooit)\b|n't\b|[不没沒別别]|ない|않|안\s/iu;

/** Whether `message` (the person's own typed words) states `fact`. */
export function statesFact(message: string, fact: string): boolean {
  const want = tokens(fact, true);
  if (!want.length) return false;
  if (NEGATION.test(message.normalize('NFKC')) && !NEGATION.test(fact.normalize('NFKC'))) return false;
  const have = tokens(message, false).map((t) => t.word);
  const haveSet = new Set(have);
  const found = (w: string) => haveSet.has(w) || have.some((h) => sameWord(h, w));
  let shared = 0;
  for (const t of want) {
    // A number must be there as it is (2024 is not 2025); a name in any of its forms.
    const ok = /\p{N}/u.test(t.word) ? haveSet.has(t.word) : found(t.word);
    if (t.specific && !ok) return false;
    if (ok) shared++;
  }
  return shared / want.length >= STATED_MIN_COVERAGE;
}

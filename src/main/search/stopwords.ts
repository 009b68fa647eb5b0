// Words that carry no topic: dropped from the query (they would match most messages and cost the
// most to look up), and ignored when scoring proximity. Folded (lower case), unstemmed.
const FUNCTION_WORDS = `
a about above across after again against ago all almost also although always am among an and another any
anybody anyone anything anyway anywhere are around as at be became because become been before being
below beside besides between both but by can cannot could did do does doing done down during each
either else enough etc even ever every everybody everyone everything except few for from further get
gets getting got gotten had has have having he her here hers herself him himself his how however i if
in into is it its itself just let lets me might mine more most much must my myself neither no nobody
none nor not nothing now of off often oh ok okay on once one only onto or other others otherwise our
ours ourselves out over own per perhaps quite rather same shall she should since so some somebody
someone something sometimes somewhat still such than that the their theirs them themselves then there
therefore these they thing things this those though through thus till to too toward towards under
unless until up upon us very via was we well were what whatever when whenever where whereas wherever
whether which while who whoever whom whose why will with within without would yet you your yours
yourself yourselves yeah yes hey hi hello
s t d ll re ve m don didn doesn isn wasn weren aren won wouldn couldn shouldn haven hasn hadn can't
`;

/** Words that shape a question but never appear in its answer's wording. */
const QUESTION_WORDS = `
kind kinds type types sort sorts likely unlikely probably possibly maybe many much way ways
describe mention mentioned mentions tell told say said says ask asked name named
`;

export const STOPWORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS.split(/\s+/), ...QUESTION_WORDS.split(/\s+/)].filter(Boolean));

export function isStopword(norm: string): boolean {
  return STOPWORDS.has(norm);
}

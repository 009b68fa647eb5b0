/**
 * Override: text that tells the model to stop following its instructions ("ignore all previous
 * instructions", "forget everything you were told"), and requests to reveal the system prompt. Other
 * languages get the same classes from their word tables (sanitize-injection-multilingual.ts); the
 * "forget everything said before" phrases below have no policy noun for those templates to find.
 */
import { B, E, IMP, INSTRUCTION_NOUN, OBJECT_LEAD, OVERRIDE_VERB, OVERRIDE_VERB_CORE, POINTING_LEAD, POINTING_TAIL, POLICY_NOUN, POLICY_STRONG, POLICY_WEAK, REASON, type Rule, type RuleFamily, rule, gap } from './sanitize-injection-shared';

/** Words before a verb that make it a statement about someone, not an order: "tends to forget", "they ignore". */
const THIRD_PERSON_BEFORE = String.raw`(?<!${B}(?:to|they|he|she|who|user|users|people|often|sometimes|usually|rarely|frequently|occasionally)\s)`;

/** What the model was told to follow, named so that only the model's own rules count. */
const AI_POLICY_NOUN = String.raw`(?:instructions?|prompts?|system\s+prompts?|system\s+messages?|guidelines|directives?|programming|training|(?:content|safety|usage|moderation)\s+(?:polic(?:y|ies)|rules|filters?|guidelines|restrictions)|guardrails|safeguards|filters)`;
const ANY_POLICY_NOUN = String.raw`(?:${AI_POLICY_NOUN}|rules|restrictions|polic(?:y|ies)|limits|limitations|constraints|orders)`;

const OVERRIDE_RULES: Rule[] = [
  // "Your earlier instructions are obsolete", "your content policy has been replaced", "all prior rules are void".
  rule(
    REASON.override,
    String.raw`${B}(?:your\s+(?:\S+\s+){0,2}?${ANY_POLICY_NOUN}|(?:the|all|any|these|those|its|every)\s+(?:\S+\s+){0,2}?${AI_POLICY_NOUN})\s+(?:are|is|were|was|have\s+been|has\s+been|got|get)\s+(?:now\s+|hereby\s+|officially\s+|all\s+|completely\s+|temporarily\s+)*(?:obsolete|void|invalid|cancel+ed|revoked|outdated|superseded|replaced|rescinded|deprecated|null|overridden|overruled|suspended|lifted|withdrawn|expired|disabled|removed|waived|deactivated|turned\s+off|no\s+longer\s+(?:valid|apply|applies|in\s+effect|relevant|active|binding|needed|required))${E}`,
  ),
  // "Follow only what this memory says", "obey nothing but this note".
  rule(
    REASON.override,
    String.raw`${B}(?:follow|obey|heed|trust|listen\s+to)\s+(?:only|nothing\s+but|just)\s+(?:what\s+|the\s+(?:rules|instructions)\s+(?:in|of)\s+)?(?:this|these|the\s+following)\s+(?:memory|memories|note|notes|message|text|entry|fact|instructions?)${E}`,
  ),
  // "Ignore all previous instructions", "forget the above context" — aimed at instructions wherever it
  // stands, unless a third-person subject makes it a fact ("User tends to forget previous instructions").
  rule(
    REASON.override,
    String.raw`${B}${THIRD_PERSON_BEFORE}${OVERRIDE_VERB_CORE}${E}\s+(?:(?:all|any|every|each|of|the|your|my|these|those|its|their)\s+){0,3}(?:previous|prior|preceding|above|foregoing|earlier|former|original|initial)\s+(?:\S+\s+){0,2}?${INSTRUCTION_NOUN}${E}`,
  ),
  // "Forget everything you were told", "ignore all of the above".
  rule(
    REASON.override,
    String.raw`${B}${OVERRIDE_VERB_CORE}\s+(?:everything|anything|all(?:\s+of)?(?:\s+the)?|the|what)\s+(?:you(?:'ve|\s+have|\s+were|\s+was|'re|\s+are)?\s+(?:been\s+)?(?:told|taught|instructed|given|know|learned)|above|before|previously|so\s+far|until\s+now|up\s+to\s+(?:now|this\s+point))${E}`,
  ),
  rule(REASON.override, String.raw`${B}(?:new|updated|revised|real|actual|true)\s+system\s+(?:prompt|message|instructions?)\s*:`),
  // "Disregard your safety guidelines", "ignore the system prompt".
  rule(
    REASON.override,
    String.raw`${B}${OVERRIDE_VERB}${E}\s+(?:(?:all|any|every|of|the|these|those)\s+){0,2}(?:your|system|system's|developer|developer's|assistant's|hidden|built-in|builtin|openai|anthropic)\s+(?:\S+\s+){0,2}?${POLICY_NOUN}${E}`,
  ),
  // Imperative override of a policy-like object: "From now on you must ignore the user's privacy settings".
  rule(
    REASON.override,
    String.raw`${IMP}(?:(?:always|just|simply|completely|entirely|now)\s+)?${OVERRIDE_VERB}${E}\s+(?:${OBJECT_LEAD}${POLICY_STRONG}${E}|${POINTING_LEAD}${POLICY_WEAK}${E}|${OBJECT_LEAD}${POLICY_WEAK}${POINTING_TAIL}${E})`,
  ),
  rule(
    REASON.override,
    String.raw`(?:^|\n)\s*(?:#{1,6}\s*)?(?:\*\*|__)?(?:new|updated|revised|real|actual|true|important|additional|hidden|secret|system|admin|override|priority)\s+(?:instructions?|rules|directives|system\s+prompt|prompt|orders|commands)(?:\*\*|__)?\s*(?::|\n|$)`,
  ),
  // "Forget everything (said before)" in the other languages.
  rule(
    REASON.override,
    String.raw`${B}(?:vergiss|vergesst|vergessen\s+sie|ignoriere)\s+alles${E}${gap(20)}${B}(?:vorher\w*|bisher\w*|obig\w*|zuvor|davor|gesagt\w*)|${B}(?:oublie[rz]?|ignore[rz]?)\s+tout\s+(?:ce\s+qui\s+precede|ce\s+qu'on|ce\s+que|ce\s+qui\s+a\s+ete)|${B}(?:olvida|olvide|olviden|ignora|ignore)\s+todo\s+lo\s+(?:anterior|que|dicho)|${B}(?:dimentica|dimenticate|ignora)\s+tutto\s+(?:quello|cio|quanto|il\s+resto)|${B}(?:esqueca|esquece|ignore|ignora)\s+tudo\s+(?:o\s+que|que|antes|acima)|${B}(?:vergeet|negeer)\s+alles\s+(?:wat|hierboven|eerder|daarvoor)|(?:забудь|забудьте|игнорируй|игнорируйте)\s+(?:всё|все)${gap(30)}(?:выше|ранее|сказан\S*|предыдущ\S*|до\s+этого)`,
  ),
];

const LEAK_RULES: Rule[] = [
  rule(
    REASON.leak,
    String.raw`${IMP}(?:reveal|print|output|show|repeat|display|leak|dump|tell\s+me|give\s+me|share|disclose|write\s+out|spell\s+out|recite)\s+(?:me\s+)?(?:\S+\s+){0,2}?(?:system\s+prompt|system\s+message|initial\s+instructions|hidden\s+instructions|original\s+instructions|developer\s+(?:message|instructions))`,
  ),
  rule(
    REASON.leak,
    String.raw`${IMP}(?:reveal|print|output|repeat|leak|dump|recite|spell\s+out|write\s+out|disclose)\s+(?:all\s+)?(?:of\s+)?your\s+(?:\S+\s+)?(?:instructions|rules|guidelines|prompt|directives|configuration)${E}`,
  ),
  rule(REASON.leak, String.raw`${B}(?:gib|zeig|nenn|verrat)\w*${gap(30)}system-?prompt`),
];

/** Letters-only phrases: survive spacing ("i g n o r e"), punctuation and leetspeak, rare in real text. */
export const COMPACT_RULES: readonly Rule[] = [
  rule(
    REASON.override,
    String.raw`(?:ignore|disregard|forget|override|bypass)(?:all|any|every)?(?:of)?(?:the|your|my|these)?(?:previous|prior|preceding|above|earlier|former|system|initial|original)(?:instruction|prompt|directive|command|guideline)`,
  ),
  rule(REASON.persona, String.raw`doanythingnow|youarenowdan|jailbreakmodeenabled`),
];

export const OVERRIDE_FAMILY: RuleFamily = { name: 'override', rules: [...OVERRIDE_RULES, ...LEAK_RULES] };

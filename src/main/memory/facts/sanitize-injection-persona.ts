/**
 * Persona and role-play coercion: jailbreak personas, "you are now …", unrestricted or developer modes,
 * and role-play set up so that the character does what the assistant would not.
 */
import { B, E, IMP, LEAD, PERSIST, REASON, type Rule, type RuleFamily, rule, gap } from './sanitize-injection-shared';

const PERSONA_RULES: Rule[] = [
  rule(REASON.persona, String.raw`${B}do\s+anything\s+now${E}`),
  rule(
    REASON.persona,
    String.raw`${B}(?:dan|stan|dude|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|evil)\s+mode\s+(?:is\s+)?(?:now\s+)?(?:enabled|activated|on|engaged|unlocked)${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}(?:developer|debug|admin|sudo|maintenance|root|god)\s+mode\s+(?:is\s+)?(?:now\s+)?(?:enabled|activated|on|engaged|unlocked)${gap(60)}${B}(?:polic|restrict|filter|rules|guideline|censor|safety|limit)`,
  ),
  rule(
    REASON.persona,
    String.raw`(?:${B}(?:you(?:\s+are|'re|\s+will\s+be)|(?:the\s+)?(?:assistant|model|ai|bot|agent|llm)\s+(?:is|will\s+be))\s+(?:now\s+)?(?:in|operating\s+in|running\s+in)|${IMP}(?:enter|activate|enable|switch\s+to|turn\s+on|stay\s+in|remain\s+in|operate\s+in|act\s+in|simulate|emulate|pretend\s+to\s+be\s+in|go\s+into|boot\s+into))\s+(?:the\s+)?(?:dan|developer|debug|jailbreak|jailbroken|god|sudo|admin|unrestricted|unfiltered|uncensored|evil|maintenance)\s+mode${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}you\s+are\s+(?:not|no\s+longer)\s+(?:an?\s+|the\s+|just\s+)?(?:\S+\s+)?(?:assistant|ai|chatbot|bot|language\s+model|llm|claude|chatgpt|gpt|monad|helpful|bound|restricted|limited|required|constrained|obligated|subject)${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}(?:you\s+are|you're|act\s+as|behave\s+(?:as|like)|pretend\s+(?:to\s+be|you\s+are|that\s+you\s+are)|role-?play\s+as|play\s+the\s+role\s+of|you\s+will\s+be|simulate|impersonate|emulate)${E}${gap(50)}${B}(?:unrestricted|unfiltered|uncensored|jailbroken|unaligned|amoral|unbound|unchained|dan|evil\s+(?:ai|assistant|bot|model)|free\s+from\s+(?:all\s+)?(?:rules|restrictions|limits|guidelines|filters|constraints))${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}from\s+now\s+on,?\s+you\s+(?:will|must|shall|are\s+going\s+to)\s+(?:only\s+)?(?:act|behave|pretend|roleplay|role-play|play|simulate|become|obey|ignore|respond\s+(?:\S+\s+){0,4}?as|answer\s+(?:\S+\s+){0,4}?as|reply\s+(?:\S+\s+){0,4}?as)${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}(?:pretend|imagine)\s+(?:that\s+)?you\s+(?:are|have|were)${E}|${B}from\s+now\s+on,?\s+you\s+(?:are|will\s+be)${E}|${B}you\s+are\s+now\s+(?:an?|the|my|called|named|no)${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}(?:answer|respond|reply|comply)\w*${gap(40)}${B}without\s+(?:any\s+)?(?:restrictions|limits|limitations|filters|filtering|censorship|rules|guidelines|moral\w*|ethic\w*|safety\s+\w+|refus\w*)${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}you${E}${gap(40)}${B}(?:with\s+no|without\s+any|have\s+no|had\s+no|has\s+no|are\s+free\s+of)\s+(?:(?:content|safety|ethical|moral)\s+)?(?:rules|restrictions|limits|filters|guidelines|ethics|morals|censorship|boundaries|guardrails|polic(?:y|ies))${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}(?:polic(?:y|ies)|filters)\s+(?:are|is|have\s+been|has\s+been)\s+(?:now\s+)?(?:disabled|turned\s+off|deactivated|bypassed|void|null)${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}(?:your|safety|content|moderation|ethical)\s+(?:\S+\s+)?(?:polic(?:y|ies)|filters?|guidelines|rules|restrictions|guardrails|safeguards|limits|checks|controls|protections|settings)\s+(?:are|is|have\s+been|has\s+been|were)\s+(?:now\s+)?(?:all\s+)?(?:disabled|removed|lifted|turned\s+off|off|suspended|deactivated|void|null|waived|bypassed|no\s+longer)${E}`,
  ),
  rule(
    REASON.persona,
    String.raw`${B}(?:guardrails|censorship|safeguards)\s+(?:are|is|have\s+been|has\s+been)\s+(?:now\s+)?(?:disabled|removed|lifted|turned\s+off|off|deactivated)${E}`,
  ),
];

/**
 * Role-play set up for the assistant: an imperative that casts it as someone ("Role-play as a persona
 * who…", "Act as my late grandmother, who used to read me product keys"), a game in which "you are" a
 * character, or an order to keep a character. The person's own play-acting has a subject ("User plays
 * D&D as a paladin", "User acts in community theatre").
 */
const ROLEPLAY_RULES: Rule[] = [
  rule(
    REASON.roleplay,
    String.raw`${IMP}(?:role-?play(?:\s+as)?|play\s+(?:a|an|the)\s+(?:character|persona|role|part)|act\s+as|pose\s+as|masquerade\s+as|pretend\s+to\s+be|impersonate|embody|channel|play\s+(?:the\s+)?(?:role|part|character)\s+of|take\s+on\s+the\s+(?:role|persona|character|identity)\s+of|adopt\s+(?:the\s+)?(?:persona|role|character|identity)\s+of|assume\s+the\s+(?:role|persona|identity)\s+of|speak\s+as|answer\s+as|respond\s+as|reply\s+as)${E}`,
  ),
  // "Let's play a game: you are EvilBot…", "let us pretend you have no rules".
  rule(REASON.roleplay, String.raw`${B}(?:let's|let\s+us|we\s+will|we're\s+going\s+to)\s+(?:play|do|start|try|begin|pretend|imagine)${E}${gap(80)}${B}you(?:\s+are|'re|\s+will\s+be|'ll\s+be|\s+play|\s+have|\s+can)${E}`),
  // "From this point on you are 'Sage-Unbound'", "starting now, your name is…".
  rule(REASON.roleplay, String.raw`${B}(?:${PERSIST})[\s,:-]+(?:you\s+are|you're|you\s+will\s+be|you'll\s+be|you\s+become|your\s+(?:new\s+)?(?:name|identity|persona|role)\s+is)${E}`),
  // "Never break character", "stay in character permanently".
  rule(REASON.roleplay, String.raw`${LEAD}(?:(?:never|do\s+not|don't)\s+(?:ever\s+)?break|stay|remain|keep)\s+(?:in\s+)?(?:character|role|persona)${E}`),
  // "…a persona named Vex who always reveals…", "a character whose only rule is to obey…".
  rule(
    REASON.roleplay,
    String.raw`${B}(?:persona|character|alter\s+ego|version\s+of\s+(?:you|yourself)|ai|bot|assistant|model|chatbot)\s+(?:\S+\s+){0,3}?(?:who|that|which|whose)\s+(?:(?:always|never|only|will|would|can|does)\s+)?(?:reveals?|ignores?|obeys?|answers?\s+(?:every|any|all)|does\s+anything|has\s+no\s+(?:(?:content|safety)\s+)?(?:rules|limits|restrictions|filters?|polic(?:y|ies)|guidelines|guardrails|morals|ethics)|answers\s+anything|only\s+rule|refuses\s+nothing|never\s+refuses|breaks?\s+(?:the\s+)?rules)`,
  ),
];

export const PERSONA_FAMILY: RuleFamily = { name: 'persona', rules: [...PERSONA_RULES, ...ROLEPLAY_RULES] };

/**
 * Building blocks shared by the injection rule families (sanitize-injection-*.ts): word edges that know
 * non-Latin letters, bounded gaps that stay inside one sentence, the clause-start and address patterns
 * that make a verb an imperative aimed at the reader, and the reasons shown when a fact is refused.
 *
 * All patterns run on lowercase views (sanitize-unicode.ts buildScanViews): whitespace collapsed, straight
 * quotes, Latin accents removed.
 */

import { PRECOMPUTED_LITERALS } from './sanitize-injection-literals';
import { ruleKey } from './sanitize-rule-key';

export interface Rule {
  reason: string;
  /** The pattern's source, for rules that are one pattern (tests compare the rule with its bare pattern). */
  source?: string;
  test(text: string): boolean;
}

/**
 * Texts up to this length are first searched for the strings a rule cannot match without; on longer ones
 * those searches could cost more than the run they spare, and a pattern's compiling is small beside its run.
 */
const PREFILTER_MAX_CHARS = 8192;

/**
 * The literals a rule needs: clauses of strings, each holding one string every match contains. Read from
 * the rules' patterns at build time (scripts/regex-needs/required-literals.ts, which says why a skip is
 * sound) into sanitize-injection-literals.ts by `npx tsx scripts/rule-needs.ts`: reading ~100 patterns costs
 * a fresh process hundreds of milliseconds. A source the table does not know needs nothing, so its pattern
 * always runs; tests/unit/sanitize-regex-literals.test.ts fails while the table is stale.
 */
function literalsOf(source: string): readonly (readonly string[])[] {
  return PRECOMPUTED_LITERALS[ruleKey(source)] ?? [];
}

/** Whether `text` holds one string of every clause (if not, no match of the pattern is in it). */
export function mayMatch(clauses: readonly (readonly string[])[], text: string): boolean {
  for (const clause of clauses) if (!clause.some((s) => text.includes(s))) return false;
  return true;
}

/**
 * A rule's pattern is compiled (V8 compiles on the first run, a few milliseconds for the big alternations)
 * only once a text holds every literal it needs (literalsOf above): a fresh process judging a
 * plain fact runs a handful of the hundreds of rules. The verdict is the pattern's own: a text the
 * literals rule out holds no match.
 */
export const rule = (reason: string, source: string): Rule => {
  let pattern: RegExp | undefined;
  let literals: readonly (readonly string[])[] | undefined;
  return {
    reason,
    source,
    test: (text) => {
      literals ??= literalsOf(source);
      if (text.length <= PREFILTER_MAX_CHARS && !mayMatch(literals, text)) return false;
      return (pattern ??= new RegExp(source, 'u')).test(text);
    },
  };
};

/** A named group of rules for one class of injection, tested on its own. */
export interface RuleFamily {
  name: string;
  rules: readonly Rule[];
}

export const REASON = {
  override: 'Looks like an instruction to override previous instructions, not a fact about the user',
  role: 'Contains chat-template or role markup that could pass for a system or assistant message, not a fact about the user',
  tag: 'Contains a forged structural tag (such as </memory> or <system>) that could break out of the memory block',
  header: 'Adds a Markdown heading with instructions to the memory file instead of stating a fact',
  persona: 'Looks like a jailbreak or persona override aimed at the assistant, not a fact about the user',
  conceal: 'Tries to hide itself, persist, or claim priority over other instructions, which a fact never needs',
  authorization: 'Plants a permission the user did not give (such as sharing their data with anyone)',
  exfil: "Looks like an attempt to send the user's data to an outside destination",
  trigger: 'Sets a hidden trigger that redirects future answers or actions, not a fact about the user',
  tool: 'Tries to make the assistant call a tool or run an action, not a fact about the user',
  leak: 'Asks the assistant to reveal its system prompt or hidden instructions',
  hidden: 'Contains hidden text smuggled in invisible Unicode tag characters',
  authority: 'Claims to speak for the system, the developer or an operator to change how the assistant behaves',
  config: 'Sets the assistant\'s safety or mode switches (such as safety=off), which memory can never do',
  persist: 'Gives the assistant a standing or conditional order (from now on, next time, whenever…), not a fact about the user',
  promotion: 'Tells the assistant to push a product, brand or site in its answers, not a fact about the user',
  roleplay: 'Sets up a role-play or character for the assistant to act out, not a fact about the user',
  encoded: 'Hides an instruction in an encoded or reversed form and asks for it to be decoded and followed',
  address: 'Speaks to the assistant directly with an order, not a fact about the user',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Building blocks (all views are lowercase, whitespace-collapsed, straight quotes)
// ---------------------------------------------------------------------------------------------------------

/** Word boundaries that understand non-ASCII letters (\b does not). */
export const B = String.raw`(?<![\p{L}\p{N}_])`;
export const E = String.raw`(?![\p{L}\p{N}_])`;
/**
 * A bounded stretch inside one sentence (a dot inside a token, as in "example.com" or "v1.2", does not end
 * it); bounded so that a 1 MB input stays linear.
 */
export const gap = (n: number): string => String.raw`(?:[^.!?;\n]|[.!?](?=[\p{L}\p{N}/]))` + `{0,${n}}?`;
export const cjkGap = (n: number): string => String.raw`[^。！？!?\n]{0,${n}}?`;

/** Start of a clause: text start, after sentence/list punctuation, after a comma, or a coordinated "and/then". */
export const LEAD = String.raw`(?:^|[.!?;:\n"'(\[{>*•\-]\s*|,\s*|\s(?:and|then)\s+)`;
/** Softeners and address forms that may sit between the clause start and an imperative verb. */
export const ADDRESS =
  String.raw`(?:please|kindly|also|then|now|so|just|simply|always|immediately|silently|secretly|quietly|covertly|from\s+now\s+on|going\s+forward|hereafter|henceforth|in\s+(?:all\s+)?(?:future|subsequent)(?:\s+(?:sessions|conversations|chats|responses|replies|interactions|turns))?|you\s+(?:must|should|will|shall|need\s+to|have\s+to|are\s+to|can|may|are\s+(?:now\s+)?(?:required|allowed|permitted|free|expected|instructed)\s+to)|(?:the\s+)?(?:assistant|ai|model|agent|bot|llm|claude|chatgpt|gpt|gemini|monad)\s+(?:must|should|will|shall|needs\s+to|has\s+to|is\s+to|may|can))`;
/** An address to the model that makes the next verb a command even mid-sentence ("…, you must ignore …"). */
export const MODAL_ADDRESS =
  String.raw`(?:you\s+(?:must|should|shall|need\s+to|have\s+to|are\s+to|are\s+(?:now\s+)?(?:required|allowed|permitted|free|expected|instructed)\s+to)|(?:the\s+)?(?:assistant|ai|model|agent|bot|llm|claude|chatgpt|gpt|gemini|monad)\s+(?:must|should|shall|needs\s+to|has\s+to|is\s+to))`;
/** The verb that follows is an imperative aimed at the reader of the memory. */
export const IMP = String.raw`(?:${LEAD}(?:${ADDRESS}[\s,]+){0,3}|${B}${MODAL_ADDRESS}\s+(?:(?:always|now|also|just|simply|never)\s+)?)`;

/** Verbs that only ever mean "stop obeying" (unlike "clear" or "remove", which have everyday objects). */
export const OVERRIDE_VERB_CORE =
  String.raw`(?:ignore|disregard|forget|override|overrule|bypass|circumvent|abandon|discard|dismiss|set\s+aside|throw\s+out|pay\s+no\s+attention\s+to|stop\s+(?:following|obeying|applying)|(?:do\s+not|don't|never|no\s+longer)\s+(?:follow|obey|apply|respect|honou?r|comply\s+with|adhere\s+to|enforce)|disobey)`;
export const OVERRIDE_VERB =
  String.raw`(?:${OVERRIDE_VERB_CORE}|overwrite|skip|drop|violate|break|disable|turn\s+off|deactivate|lift|suspend|remove|delete|erase|wipe|reset|clear)`;
/** What an override targets: the model's instructions and safeguards, or the user's protections. */
export const POLICY_STRONG =
  String.raw`(?:instructions?|prompts?|system\s+prompts?|system\s+messages?|directives?|guardrails?|(?:safety|content|usage|moderation|ethical|openai|anthropic)\s+(?:guidelines|rules|filters?|polic(?:y|ies)|protocols|restrictions|guardrails|checks|settings|measures|features|training)|moderation|censorship|alignment|ethics|ethical\s+\w+|privacy(?:\s+\w+)?|consent|memories|stored\s+preferences|(?:user's\s+|their\s+)preferences|persona)`;
/** Words with everyday objects too ("the linter rules", "the brand guidelines"): need a pointer at the model's. */
export const POLICY_WEAK =
  String.raw`(?:guidelines?|rules?|polic(?:y|ies)|constraints?|restrictions?|limitations?|safeguards?|filters?|filtering|principles|protocols?|boundaries|guidance|training|programming|permissions?|memory|identity)`;
/** "all the rules", "your rules", "the previous rules" point at the model's own; "the linter rules" does not. */
export const POINTING_LEAD =
  String.raw`(?:(?:all|any|every|of|the)\s+){0,2}(?:your|user's|previous|prior|earlier|existing|system|these|those|all|any|every|above)\s+(?:[\p{L}'-]+\s+)?`;
export const POINTING_TAIL = String.raw`\s+(?:above|below|you\s+(?:were|have\s+been)\s+given|you\s+(?:follow|have|know)|of\s+this\s+(?:chat|conversation|session))`;
/**
 * Determiners and adjectives that may stand between a verb and its object ("ignore the user's privacy
 * settings"), plus one free word. Requiring the object right there keeps "clear the cache (user's
 * preference)" out: the policy word has to be what is being ignored.
 */
export const OBJECT_LEAD =
  String.raw`(?:(?:all|any|every|each|of|the|your|my|their|these|those|its|his|her|user's|previous|prior|earlier|existing|current|stored|saved|other|system|default|old|above|following|original|initial|given|own|such)\s+){0,4}(?:[\p{L}'-]+\s+)?`;
export const INSTRUCTION_NOUN =
  String.raw`(?:instructions?|prompts?|directives?|directions|commands?|messages?|context|conversation|system\s+prompts?|programming|training|guidance)`;
export const POLICY_NOUN =
  String.raw`(?:instructions?|prompts?|guidelines|rules|polic(?:y|ies)|restrictions|filters?|guardrails|programming|training|directives?|constraints|principles|protocols|safeguards)`;

export const SENSITIVE =
  String.raw`(?:passwords?|passcodes?|credentials|secrets?|api\s+keys?|private\s+keys?|ssh\s+keys?|tokens?|(?:full\s+|entire\s+|whole\s+|complete\s+)?(?:conversations?|chats?|chat\s+(?:history|logs?)|transcripts?)|(?:conversation|chat|message|browsing|search)\s+history|memories|system\s+prompt|personal\s+(?:data|information|details|info)|private\s+(?:data|information|details|info)|medical\s+(?:history|records|data|information)|health\s+(?:data|records)|bank\s+(?:details|account\w*|info\w*)|card\s+(?:numbers?|details)|credit\s+cards?|ssn|social\s+security\s+numbers?)`;
/** An outside destination for data. */
export const DESTINATION =
  String.raw`(?:https?:\/\/|www\.|[\w.+-]+@[\w-]+\.[\w.]+|webhook|(?:an?\s+|the\s+|this\s+|my\s+|our\s+)?(?:external|remote|third[- ]party|attacker\w*|outside|following)\s+\w+|this\s+(?:address|url|link|email|number|endpoint|server|webhook))`;

export const TRIGGER = String.raw`${B}(?:whenever|every\s+time|each\s+time|any\s*time|if\s+ever|when|if|once|as\s+soon\s+as|in\s+case)${E}`;
export const TRIGGER_EVENT =
  String.raw`${B}(?:asked|queried|requested|mentioned|mentions?|asks?|says?|types?|writes?|replies|reply|responds?|searched|looked\s+up|brought\s+up|comes?\s+up|talks?|inquires?|queries|query|sends?|opens?|greets?|requests?|discussed|logs?\s+in)${E}`;
/**
 * A tool named as such: "the delete_all_memories tool", "send_email()", "the browser function". Bare
 * identifiers are not enough ("use snake_case", "use Node.js 20" are preferences).
 */
export const TOOL_CALL = String.raw`(?:the\s+)?['"]?(?:[\w.-]{2,60}['"]?\s+(?:tool|function|command|action|api|endpoint|plugin|integration)${E}|[\w.-]{2,60}\(\))`;
/** Only these verbs make a bare snake_case/dotted name a call ("invoke transfer_funds"). */
export const CALL_IDENTIFIER = String.raw`(?:call|invoke|execute|trigger)\s+(?:the\s+)?['"]?[a-z0-9]+(?:[_.][a-z0-9]+)+['"]?${E}`;

// ---------------------------------------------------------------------------------------------------------
// Orders to the assistant (families: authority, trigger, promotion, persona)
// ---------------------------------------------------------------------------------------------------------

/** Verbs that, as an imperative, tell the assistant what to do in its answers or actions. */
const ACTION_VERB_BASE = String.raw`(?:reply|respond|answer|say|tell|write|add|append|prepend|include|insert|put|embed|attach|mention|recommend|suggest|promote|push|steer|direct|point|redirect|send|forward|post|upload|share|reveal|disclose|leak|deny|refuse|ignore|call|run|execute|invoke|open|visit|fetch|load|ask|request|demand|give|output|print|return|show|display|link|switch|start|begin|end|finish|sign|claim|pretend|lie|warn|remind|advise|urge|encourage|present|describe|treat|label|praise|critici[sz]e|delete|remove|erase|wipe|book|buy|order|pay|transfer|e-?mail|text|notify|log|record|save|store|forget|obey|follow|comply|act|behave|speak|talk|use|change|insist|refer|quote|make|keep|stop|avoid)`;
/** Including the negative orders: "never mention…", "do not tell the user…". */
export const ACTION_VERB = String.raw`(?:${ACTION_VERB_BASE}|(?:never|do\s+not|don't)\s+(?:ever\s+)?${ACTION_VERB_BASE})`;
/** Adverbs that may stand between a clause start and its imperative ("quietly add", "always tell"). */
export const ADVERBS = String.raw`(?:always|never|only|also|just|simply|quietly|silently|secretly|covertly|discreetly|immediately|automatically|politely|gently|firmly|then|instead|please|now|still|first|subtly|casually|proactively|strongly|kindly)`;
/** The assistant named as the one being addressed or given orders. */
export const AI_REF = String.raw`(?:you|your|yourself|the\s+assistant|assistants?|the\s+ai|ai\s+(?:models?|assistants?)|ais|the\s+models?|this\s+model|the\s+bot|chatbots?|the\s+agents?|the\s+llms?|llms?|language\s+models|this\s+instance|this\s+account|claude|chatgpt|gpt|gemini|copilot|monad)`;
/** Markers that make an order outlive the conversation it was written in. */
export const PERSIST = String.raw`(?:from\s+now\s+on|from\s+this\s+(?:point|moment|message)(?:\s+(?:on|forward|onwards?))?|going\s+forward|henceforth|hereafter|from\s+today(?:\s+on)?|starting\s+(?:now|today|immediately|with\s+(?:the\s+)?next)|effective\s+immediately|after\s+this\s+(?:message|note|point|conversation|memory)|(?:in|for|with|to|at\s+the\s+end\s+of|under|below)\s+(?:every|all|each|any)\s+(?:single\s+)?(?:future\s+|subsequent\s+|upcoming\s+|later\s+|new\s+|other\s+|of\s+your\s+)?(?:conversations?|sessions?|chats?|answers?|repl(?:y|ies)|responses?|messages?|turns?|outputs?)|for\s+the\s+rest\s+of\s+(?:the|this|our)\s+(?:conversation|session|chat)|until\s+(?:told|instructed|asked)\s+otherwise|permanently|forever(?:\s+more)?)`;
/** A future event a conditional order waits for ("whenever the user mentions…", "when asked about…"). */
export const CONDITION = String.raw`(?:(?:whenever|every\s+time|each\s+time|any\s*time|next\s+time|the\s+next\s+time|as\s+soon\s+as|once|if|when|in\s+case|after|before)\s+(?:(?:the|a|any|this)\s+)?(?:user|they|he|she|someone|anyone|somebody|people|you|it|asked|queried|prompted|requested|mentioned|the\s+topic|the\s+word|the\s+phrase|someone's|user's|their)${E}|(?:for|on|with)\s+(?:any|every|each|all)\s+(?:single\s+)?(?:questions?|requests?|quer(?:y|ies)|prompts?|messages?|topics?|answers?|repl(?:y|ies)|tasks?|conversations?)\s+(?:about|on|regarding|involving|related\s+to|concerning|mentioning)${E})`;

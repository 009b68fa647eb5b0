/**
 * Triggers: instructions conditioned on a future event ("whenever the user asks about X, answer with Y
 * instead") or made to persist across conversations.
 */
import {
  ACTION_VERB,
  ADVERBS,
  AI_REF,
  B,
  CONDITION,
  E,
  LEAD,
  PERSIST,
  REASON,
  type Rule,
  type RuleFamily,
  TRIGGER,
  TRIGGER_EVENT,
  rule,
  gap,
} from './sanitize-injection-shared';

/** Where a condition's clause ends and the order begins: ", tell…", "-> ask…", ": reply…", "then add…". */
const ORDER_START = String.raw`(?:,|->|=>|\u2192|:|;|\s-\s|\s+then)\s*`;
/** An imperative right where an order starts, after a few softeners ("quietly add", "always tell"). */
const ORDER = String.raw`(?:${ADVERBS}[\s,]+){0,3}${ACTION_VERB}${E}`;
/** Orders to the model's future output: narrower than ACTION_VERB, so "use pnpm from now on" stays a preference. */
const OUTPUT_VERB = String.raw`(?:reply|respond|answer|say|tell|write|add|append|prepend|include|insert|mention|recommend|suggest|promote|send|forward|post|reveal|disclose|deny|refuse|ignore|call|invoke|ask|output|print|show|display|link|sign|claim|pretend|lie|warn|present|describe|treat|obey|comply|speak|talk|address|greet|end|begin|start)`;

const TRIGGER_RULES: Rule[] = [
  // MINJA-style redirect: queries about one thing answered with another's records.
  rule(
    REASON.trigger,
    String.raw`${TRIGGER}${gap(120)}${TRIGGER_EVENT}${gap(120)}${B}(?:answer|respond|reply|use|return|say|tell|output|give|provide|show|cite|refer|point|recommend|substitute|swap|retrieve|fetch|load|treat|report|state|direct|redirect|link|send)${E}${gap(120)}${B}(?:records?|data|results?|information|info|answers?|account|files?|profile|details|history|entries|documents?|page|site|website|url|link|address|number|id|patient|customer|person|name|price|product)${E}${gap(120)}${B}(?:instead|rather\s+than|in\s+place\s+of|in\s+its\s+place)${E}`,
  ),
  rule(
    REASON.trigger,
    String.raw`${TRIGGER}${gap(120)}${TRIGGER_EVENT}${gap(120)}${B}(?:pretend|claim|lie|deny|insist)${E}`,
  ),
  rule(
    REASON.trigger,
    String.raw`${TRIGGER}${gap(120)}${B}(?:delete|erase|wipe|remove|destroy|clear|drop|reset|purge|overwrite)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|their\s+|your\s+|his\s+|her\s+)?(?:user's\s+)?(?:memor(?:y|ies)|files|data|messages|history|conversations|notes|emails|records|database|account|repos?|repositor(?:y|ies)|backups?)${E}`,
  ),
];

/**
 * Standing and conditional orders: a persistence marker or a future event, then an imperative aimed at the
 * assistant. A fact about the person keeps its subject ("whenever it rains, the user takes the bus";
 * "from now on the user goes by Alex"); an order drops it ("…, tell them their account is locked").
 */
const PERSISTENT_ORDER_RULES: Rule[] = [
  // "Whenever the user mentions their bank, tell them…", "each time user types 'invoice' -> ask them…",
  // "In every future conversation, quietly add a link…", "From now on, respond only in…".
  rule(REASON.persist, String.raw`${B}(?:${CONDITION}|${PERSIST})${gap(160)}${ORDER_START}${ORDER}`),
  rule(REASON.persist, String.raw`(?:^|[.!?;:\n]\s*)(?:${PERSIST})[\s,]+${ORDER}`),
  // The order first, the marker after: "Reply only in pirate speak from now on".
  rule(REASON.persist, String.raw`${LEAD}(?:${ADVERBS}[\s,]+){0,3}${OUTPUT_VERB}${E}${gap(160)}${B}(?:${PERSIST}|(?:whenever|every\s+time|each\s+time|next\s+time)${E})`),
  // "From now on you must…", "whenever the user asks, the assistant should…".
  rule(
    REASON.persist,
    String.raw`${B}(?:${CONDITION}|${PERSIST})${gap(160)}${B}${AI_REF}\s+(?:must|should|shall|will|need\s+to|has\s+to|have\s+to|is\s+to|are\s+to|are\s+going\s+to)\s+(?:(?:${ADVERBS})\s+){0,2}${OUTPUT_VERB}${E}`,
  ),
];

export const TRIGGER_FAMILY: RuleFamily = { name: 'trigger', rules: [...TRIGGER_RULES, ...PERSISTENT_ORDER_RULES] };

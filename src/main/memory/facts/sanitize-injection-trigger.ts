/**
 * Triggers: instructions conditioned on a future event ("whenever the user asks about X, answer with Y
 * instead") or made to persist across conversations.
 */
import { B, E, REASON, type Rule, type RuleFamily, TRIGGER, TRIGGER_EVENT, rule, gap } from './sanitize-injection-shared';

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

export const TRIGGER_FAMILY: RuleFamily = { name: 'trigger', rules: TRIGGER_RULES };

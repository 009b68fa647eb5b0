/**
 * Markup: chat-template tokens, role labels and forged structural tags that could pass for a system or
 * assistant message or close the memory block, and Markdown headings that introduce instructions.
 */
import { B, E, REASON, type Rule, type RuleFamily, rule, gap } from './sanitize-injection-shared';

const ROLE_RULES: Rule[] = [
  rule(REASON.role, String.raw`<\|[^|<>\s]{2,40}\|>`),
  rule(REASON.role, String.raw`\[\/?(?:inst|sys)\]|<<\/?sys>>|<\/?(?:start_of_turn|end_of_turn)>`),
  rule(REASON.role, String.raw`(?:^|\n|[.!?]\s+)\s*\[(?:system|admin|developer|assistant|operator)(?:\s+\w+)?\]`),
  rule(REASON.role, String.raw`["'](?:role|author)["']\s*:\s*["'](?:system|developer|assistant|user|tool|function)["']`),
  rule(REASON.role, String.raw`["'](?:system_?prompt|system_?message|systemprompt|system_instruction)["']\s*:`),
  // Fake headers and transcript turns at the start of a line or sentence.
  rule(
    REASON.role,
    String.raw`(?:^|\n|[.!?]\s+)\s*(?:\*\*|\[|\()?\s*system\s+(?:message|prompt|override|instructions?|command|directive|update|notice|note)\s*(?:\*\*|\]|\))?\s*:`,
  ),
  rule(
    REASON.role,
    String.raw`(?:^|\n|[.!?]\s+)\s*(?:\*\*|\[|\()?\s*(?:system|developer|admin|administrator|operator|root)\s*(?:\*\*|\]|\))?\s*:${gap(100)}${B}(?:you|your|assistant|must|shall|do\s+not|don't|never|always|ignore|disregard|forget|override|instructions?|mode|enabled|disabled|prioriti[sz]e|polic(?:y|ies)|from\s+now\s+on|obey|follow|comply)${E}`,
  ),
  rule(
    REASON.role,
    String.raw`(?:^|\n|[.!?]\s+)\s*(?:\*\*)?(?:assistant|ai|chatgpt|claude|gpt(?:-?\d[\w.-]*)?|gemini|copilot|bot|model|human|monad)(?:\*\*)?\s*:\s*(?:i|i'm|i've|i'll|understood|sure|ok|okay|noted|got\s+it|will\s+do|certainly|of\s+course|acknowledged|confirmed|yes|as\s+an\s+ai|saved|memory\s+(?:updated|saved)|you|your|ignore|from\s+now\s+on|hello|hi)${E}`,
  ),
  rule(
    REASON.role,
    String.raw`(?:^|\n)\s*#{2,4}\s*(?:system|instruction|instructions|response|human|assistant|input)\s*:?\s*(?:\n|$)`,
  ),
];

const TAG_RULES: Rule[] = [
  rule(
    REASON.tag,
    String.raw`<\s*\/\s*(?:memory|memories|user[_-]?memor(?:y|ies)|recall|recalled[_-]?\w*|context|facts?|system|system[_-]?prompt|instructions?|user|assistant|document|documents|data|untrusted[_-]?\w*|tool[_-]?(?:results?|outputs?|calls?|use)|function[_-]?(?:results?|calls?)|search[_-]?results?|results?|output|input|prompt|conversation|message|messages|knowledge|notes?|human|turn|rules|laws|learned[_-]?rules|core|soul|agent|im_end)\s*>`,
  ),
  rule(
    REASON.tag,
    String.raw`<\s*(?:system|system[_-]?prompt|instructions?|admin|developer|im_start|tool_call|tool_use|function_calls?|invoke|memory|memories|recall|user[_-]?memory)(?:\s[^<>]{0,80})?>`,
  ),
];

const HEADER_RULES: Rule[] = [
  rule(
    REASON.header,
    String.raw`(?:^|\n)[ \t]{0,3}#{1,6}[ \t]+(?:\S+[ \t]+){0,2}?(?:instructions?|rules|system|prompt|directives?|polic(?:y|ies)|override|admin|commands?|assistant|important|attention|ai|agent|model|note\s+to)${E}`,
  ),
];

export const MARKUP_FAMILY: RuleFamily = { name: 'markup', rules: [...ROLE_RULES, ...TAG_RULES, ...HEADER_RULES] };

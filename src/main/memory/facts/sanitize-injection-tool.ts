/**
 * Tool coercion: text that makes the assistant call a tool or run an action (named tools, tool-call JSON,
 * destructive actions), now or on a trigger.
 */
import { B, CALL_IDENTIFIER, E, IMP, REASON, type Rule, type RuleFamily, TOOL_CALL, TRIGGER, rule, gap } from './sanitize-injection-shared';

const TOOL_RULES: Rule[] = [
  rule(
    REASON.tool,
    String.raw`${TRIGGER}${gap(120)}${B}(?:(?:call|invoke|execute|trigger|fire|activate)\s+${TOOL_CALL}|${CALL_IDENTIFIER})`,
  ),
  rule(REASON.tool, String.raw`${IMP}(?:(?:call|invoke|execute|trigger|fire|activate)\s+${TOOL_CALL}|${CALL_IDENTIFIER})`),
  rule(
    REASON.tool,
    String.raw`${IMP}(?:delete|erase|wipe|destroy|purge)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|their\s+|your\s+)?(?:user's\s+)?(?:memor(?:y|ies)|files|data|messages|history|conversations|database|repos?|repositor(?:y|ies)|backups?)${E}`,
  ),
  rule(
    REASON.tool,
    String.raw`\{\s*["'](?:tool|name|function|tool_name|recipient_name)["']\s*:\s*["'][^"']{1,80}["']\s*,\s*["'](?:arguments|parameters|input|args|params)["']\s*:`,
  ),
];

export const TOOL_FAMILY: RuleFamily = { name: 'tool', rules: TOOL_RULES };

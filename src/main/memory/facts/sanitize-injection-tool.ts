/**
 * Tool coercion: text that makes the assistant call a tool or run an action (named tools, tool-call JSON,
 * destructive actions), now or on a trigger.
 */
import { B, CALL_IDENTIFIER, E, IMP, REASON, type Rule, type RuleFamily, TOOL_CALL, TRIGGER, rule, gap } from './sanitize-injection-shared';

/** What "run this …" may point at when it means an action, not a habit ("run the tests before committing"). */
const CALL_NOUN = String.raw`(?:tool[\s_-]?calls?|function[\s_-]?calls?|tool[\s_-]?use|api[\s_-]?calls?|tool|function|command|shell\s+command|script|payload|code|request|action|snippet)`;
/**
 * Shell that downloads and runs code, or destroys files: in a memory it can only be a plant, whatever
 * the phrasing around it.
 */
const DANGEROUS_SHELL = String.raw`(?:curl|wget|iwr|invoke-webrequest)${E}[^|\n]{0,300}\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh${E}|${B}rm\s+-(?:[a-z]*r[a-z]*f|[a-z]*f[a-z]*r)[a-z]*\s+(?:--no-preserve-root\s+)?(?:~|\/|\$home|\*|\.\.?(?:\s|$))|${B}(?:mkfs(?:\.\w+)?|shred|wipefs)\s+(?:-\S+\s+)*\/dev\/|${B}dd\s+if=\S+\s+of=\/dev\/(?:sd|nvme|hd|disk)|:\(\)\s*\{\s*:\|:&\s*\};:|${B}(?:nc|ncat|netcat)\s+(?:-\S+\s+)*-e\s|${B}powershell(?:\.exe)?\s+(?:-\w+\s+)*-(?:e|enc|encodedcommand)${E}|${B}(?:iex|invoke-expression)\s*\(|base64\s+(?:-d|--decode)\s*\|\s*(?:ba)?sh${E}|chmod\s+\+x\s+\S+\s*(?:&&|;)\s*\.\/`;

/** A dotted or snake_case call whose name says it sends, publishes, runs or destroys something. */
const OUTBOUND_CALL = String.raw`(?=[a-z0-9._]*(?:send|mail|post|upload|export|share|forward|transfer|publish|submit|webhook|notify|exfil|leak|delete|remove|wipe|erase|purge|drop|destroy|exec|run|shell|spawn|eval|write|put|request|fetch|call|invoke))[a-z][a-z0-9]*(?:[._][a-z0-9]+)+`;

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

const TOOL_COERCION_RULES: Rule[] = [
  // "Run this tool call now: {…}", "execute the following command immediately", "make this API call:".
  rule(
    REASON.tool,
    String.raw`${IMP}(?:run|execute|perform|make|issue|fire|trigger|emit|send|place|invoke|do)\s+(?:(?:this|that|these|the|a|an|following|next|below|above|exact)\s+){0,3}${CALL_NOUN}${E}\s*(?:now|immediately|right\s+away|at\s+once|first|silently|without|:|\x60|\{|\(|-)`,
  ),
  // "execute `curl … | sh`", "[tool_use] name=shell input=\"rm -rf ~/Documents\"".
  rule(REASON.tool, DANGEROUS_SHELL),
  // Tool-call markup outside a chat template: [tool_use], <tool_call>, "tool_calls": [, name=shell input=….
  rule(
    REASON.tool,
    String.raw`\[\/?(?:tool_use|tool_call|tool_calls|tool_result|function_call|tool|invoke)\]|<\/?(?:tool_call|tool_calls|function_call|function|tool|parameter)(?:\s[^<>]{0,80})?>|["'](?:tool_calls|function_call|tool_use)["']\s*:|${B}name=["']?[\w.-]{2,40}["']?\s+(?:input|args|arguments|params|parameters|command|cmd)=|${B}(?:approved|confirmed|authori[sz]ed|auto_?approve|run_silently|silent|no_?confirm)=(?:true|1|yes)${E}`,
  ),
  // A namespaced tool with a destructive or outbound action, called on everything: "memory.delete on all facts".
  rule(
    REASON.tool,
    String.raw`${B}[a-z][a-z0-9]*[._](?:delete|remove|wipe|erase|purge|drop|clear|destroy|reset|send|email|post|upload|export|share|transfer|pay|exec|execute|shell|run)(?:_[a-z0-9]+)*${E}${gap(60)}${B}(?:all|every|each|any|everything|\*)${E}|${B}(?:all|every|each|everything)${E}${gap(60)}${B}[a-z][a-z0-9]*[._](?:delete|remove|wipe|erase|purge|drop|clear|destroy|reset)(?:_[a-z0-9]+)*${E}`,
  ),
  // A call written out with arguments that name a mailbox, a URL or the user's data: send_email(to='…', …).
  // The call must do something (send, post, delete…): code that reads a secret by its name
  // (os.getenv("DB_PASSWORD"), Deno.env.get("API_KEY")) is a note about the person's code, not an order.
  rule(
    REASON.tool,
    String.raw`${B}${OUTBOUND_CALL}\s*\([^()\n]{0,200}?(?:[\w.+-]+@[\w-]+\.[\w.]+|https?:\/\/|memor|password|secret|credential|all_|\*)[^()\n]{0,200}\)`,
  ),
];

export const TOOL_FAMILY: RuleFamily = { name: 'tool', rules: [...TOOL_RULES, ...TOOL_COERCION_RULES] };

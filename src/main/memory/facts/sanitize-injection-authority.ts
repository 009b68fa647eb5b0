/**
 * Authority: text that claims a standing it cannot have (a system, developer, operator or policy voice; a
 * permission the user supposedly granted; priority over other instructions; secrecy about itself).
 */
import { B, E, IMP, REASON, type Rule, type RuleFamily, rule, gap } from './sanitize-injection-shared';

const CONCEAL_RULES: Rule[] = [
  rule(
    REASON.conceal,
    String.raw`${B}(?:has|have|takes?|taking|with|gets?|given|give|assign\w*)\s+(?:the\s+)?(?:(?:highest|top|absolute|first|overriding|maximum|ultimate|supreme|higher)\s+)?(?:priority|precedence)\s+(?:over|above)\s+(?:(?:all|any|every|other|previous|prior|the|your|existing|system)\s+)*(?:instructions?|rules|prompts?|directives?|guidelines|memor(?:y|ies)|facts|system\s+prompts?|system|polic(?:y|ies)|commands?|messages|settings)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${B}(?:this|these)\s+(?:\S+\s+){0,2}?(?:memory|memories|instructions?|notes?|rules?|facts?|entry|entries|messages?|directives?|text|update)\s+(?:overrides?|supersedes?|trumps?|replaces?|cancels?|invalidates?|nullifies?|outranks?|takes\s+precedence\s+over)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${B}(?:overrides?|supersedes?|trumps?|replaces?|invalidates?|nullifies?|outranks?)\s+(?:all|any|every)\s+(?:(?:other|previous|prior|existing|earlier|your)\s+)*(?:instructions?|prompts?|directives?|system\s+prompts?)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${B}(?:this|these)\s+(?:memory|memories|instructions?|notes?|rules?|directives?|facts?)\s+(?:is|are)\s+(?:the\s+)?(?:most\s+important|top\s+priority|highest\s+priority|mandatory|absolute|non-?negotiable|binding|authoritative|final)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${IMP}(?:prioriti[sz]e|obey|follow|comply\s+with|trust)\s+only\s+(?:this|these|the\s+following)${E}|${IMP}(?:prioriti[sz]e|obey|follow|comply\s+with|trust)\s+(?:this|these|the\s+following)\s+(?:memory|memories|instructions?|rules?|notes?|directives?)${gap(30)}${B}(?:above\s+all|over\s+(?:all|any|everything)|instead|exclusively|at\s+all\s+costs|unconditionally|no\s+matter\s+what)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${B}(?:never|do\s+not|don't|must\s+not|mustn't|should\s+not|shouldn't|should\s+never|must\s+never)\s+(?:ever\s+)?(?:mention|reveal|disclose|tell|admit|acknowledge|say|show|discuss|delete|remove|erase|modify|change|edit|overwrite|update|question|doubt|ignore|reference|cite|expose)\s+(?:[^\s.;!?]+\s+){0,4}?(?:this|these)\s+(?:memory|memories|instructions?|notes?|rules?|facts?|entry|entries|messages?|records?|directives?)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${B}(?:this|these)\s+(?:\S+\s+)?(?:memory|memories|instructions?|notes?|rules?|entry|entries|messages?|records?|directives?|facts?)${gap(60)}${B}(?:must|should|shall|may|can|will|is\s+to|are\s+to)\s+(?:never|not)\s+be\s+(?:mentioned|deleted|removed|revealed|disclosed|forgotten|modified|changed|overwritten|questioned|ignored|shown|erased|edited|updated|discussed|shared)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${B}keep\s+(?:this|these)\s+(?:memory|memories|instructions?|notes?|rules?|facts?)\s+(?:secret|hidden|confidential|private|to\s+yourself)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${B}(?:never|don't|do\s+not)\s+(?:tell|inform|notify|alert|let)\s+the\s+user\s+(?:know\s+)?(?:about\s+)?(?:this|that\s+(?:you|this))${E}|${B}without\s+(?:the\s+user|them)\s+(?:knowing|noticing|being\s+told)${E}`,
  ),
  rule(
    REASON.conceal,
    String.raw`${B}(?:store|save|remember|memori[sz]e|keep|persist|record|retain|write)\s+(?:this|that|these|the\s+following|it)\s+(?:\S+\s+)?(?:permanently|forever|indefinitely|for\s+(?:ever|all\s+time)|in\s+(?:all\s+)?future\s+(?:sessions|conversations|chats)|across\s+(?:all\s+)?(?:sessions|conversations|chats))${E}`,
  ),
];

/** Who data may go to, or how freely an action may run, when a planted permission is doing harm. */
const BROAD_SCOPE =
  String.raw`(?:anyone|anybody|everyone|whoever|any\s+(?:third|other)|third[- ]part\w*|all\s+(?:contacts|users|parties)|without\s+(?:asking|confirmation|confirming|permission|consent|approval|checking|verification)|publicly|the\s+public|strangers|any\s+(?:website|site|server|url|domain))`;

const AUTHORIZATION_RULES: Rule[] = [
  rule(
    REASON.authorization,
    String.raw`${B}(?:the\s+)?user\s+(?:has\s+)?(?:\S+\s+)?(?:authori[sz]ed|consented\s+to|agreed\s+to|approved|permitted|allowed|granted\s+(?:you\s+|the\s+assistant\s+)?(?:full\s+|unrestricted\s+)?(?:permission|access|consent|authori[sz]ation)|gave\s+(?:you\s+|the\s+assistant\s+)?(?:full\s+|unrestricted\s+)?(?:permission|consent|access))${gap(80)}${B}(?:shar|send|disclos|reveal|forward|upload|publish|post|giv|transfer|access|read|delet|spend|purchas|pay|execut|run|email|leak|provid)\w*${gap(60)}${B}${BROAD_SCOPE}`,
  ),
  rule(
    REASON.authorization,
    String.raw`${B}(?:you|the\s+assistant|the\s+ai|the\s+model)\s+(?:are|is)\s+(?:(?:now|hereby|fully)\s+)*(?:authori[sz]ed|allowed|permitted|free|cleared|entitled)\s+to\s+(?:share|send|disclose|reveal|bypass|ignore|delete|forward|upload|publish|spend|transfer|purchase|pay|email|leak|give\s+away)${E}${gap(80)}${B}${BROAD_SCOPE}`,
  ),
];

export const AUTHORITY_FAMILY: RuleFamily = { name: 'authority', rules: [...CONCEAL_RULES, ...AUTHORIZATION_RULES] };

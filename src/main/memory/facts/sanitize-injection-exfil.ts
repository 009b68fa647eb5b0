/**
 * Exfiltration: sending the user's data, credentials or conversations to an outside destination, including
 * by URLs the model would fill in or render (templated links, tracking images).
 */
import { B, DESTINATION, E, IMP, REASON, type Rule, type RuleFamily, SENSITIVE, rule, gap } from './sanitize-injection-shared';
import { allMatches } from './sanitize-regex-scan';

/** URLs are found with one greedy, bounded pattern and judged separately, so nothing backtracks over them. */
const URL = /(?:https?:)?\/\/[^\s)]{1,2000}/g;
const MARKDOWN_IMAGE_URL = /!\[[^\]\n]{0,200}\]\(\s*<?(https?:\/\/[^\s)]{1,2000})/g;
/** A Markdown link the model would write into its answer, whose query the reader's click sends off. */
const MARKDOWN_LINK_URL = /(?<!!)\[[^\]\n]{0,200}\]\(\s*<?(https?:\/\/[^\s)]{1,2000})/g;
/** A query that ends in an empty parameter ("…/log?u=") is a slot for the model to fill in. */
const OPEN_SLOT = /[?&][\w.-]{1,30}=$/;
const TEMPLATE_SLOT = /\{[^}\s]{1,60}\}|\$\{|\{\{|%7b/;
const DATA_WORD = /conversation|chat|history|memor|secret|password|summary|message|email|user_?data|token|apikey|api_key/;

const exfiltratingUrl: Rule = {
  reason: REASON.exfil,
  test(text) {
    // Templated URLs: the model fills {conversation} in and the fetch carries it out (SpAIware-style).
    for (const m of allMatches(URL, text)) if (TEMPLATE_SLOT.test(m[0])) return true;
    // A Markdown image renders (and fetches) by itself; one whose query names user data is a beacon.
    for (const re of [MARKDOWN_IMAGE_URL, MARKDOWN_LINK_URL]) {
      for (const m of allMatches(re, text)) {
        const query = m[1].search(/[?#]/);
        if (query >= 0 && DATA_WORD.test(m[1].slice(query))) return true;
      }
    }
    return false;
  },
};

/** The person's things, named as theirs: "the user's calendar", "their contact list". */
const PERSONAL_THING = String.raw`(?:data|information|info|details|files|documents|notes|emails?|contacts|contact\s+list|address\s+book|location|address(?:es)?|history|calendar|schedule|photos|pictures|messages|chats?|conversations?|memories|facts|saved\s+facts|profile|name|full\s+name|phone(?:\s+number)?|number|passwords?|codes?|one-time\s+codes?|diary|journal)`;
/** What is being sent: credentials, or the user's conversations and personal data (not "weekly reports"). */
const DATA_OBJECT =
  String.raw`(?:${SENSITIVE}|every(?:thing|\s+(?:message|conversation|chat|reply|answer))|messages|(?:the\s+|a\s+)?(?:summary|summaries|transcripts?|recap)(?:\s+of\s+\S+(?:\s+\S+)?)?|(?:saved|stored|remembered)\s+(?:facts|memories|notes|data|information)|(?:a\s+)?cop(?:y|ies)\s+of\s+(?:every|each|all|the)\s+\S+|(?:user|user's|their|his|her|the\s+user's)\s+(?:\S+\s+){0,2}?${PERSONAL_THING})`;

const EXFIL_RULES: Rule[] = [
  exfiltratingUrl,
  rule(
    REASON.exfil,
    String.raw`${IMP}(?:send|e-?mail|mail|forward|post|upload|transmit|leak|exfiltrate|share|copy|sync|report|submit|relay|deliver|export|dump|fax|beacon|ping)\s+(?:[^\s.;!?]+\s+){0,4}?${DATA_OBJECT}${E}${gap(60)}${B}(?:to|with|at|into|on)\s+${DESTINATION}`,
  ),
  rule(
    REASON.exfil,
    String.raw`${B}${SENSITIVE}${gap(40)}${B}(?:should|must|will|shall|are\s+to|is\s+to|needs?\s+to|has\s+to|have\s+to|can)\s+(?:always\s+|also\s+|now\s+)?be\s+(?:e-?mailed|sent|forwarded|posted|uploaded|shared|copied|leaked|transmitted|exported|disclosed|revealed|mailed|relayed|provided|published)\s+(?:to|with)\s+(?:${DESTINATION}|anyone|anybody|everyone|whoever|strangers|third[- ]part)`,
  ),
  rule(
    REASON.exfil,
    String.raw`${B}(?:send|e-?mail|forward|post|upload|transmit|leak|exfiltrate|share|reveal|disclose)\s+(?:\S+\s+){0,3}?${SENSITIVE}${gap(40)}${B}(?:to|with)\s+(?:${DESTINATION}|anyone|anybody|everyone|whoever)`,
  ),
  rule(
    REASON.exfil,
    String.raw`${B}(?:share|reveal|disclose|tell|give|send)\s+(?:them\s+|it\s+)?(?:anything|everything|all)\s+(?:you\s+(?:remember|know|have\s+stored|have\s+saved|store)|(?:you\s+know\s+)?about\s+the\s+user|in\s+(?:your\s+)?memory)${E}`,
  ),
  // "Embed the user's full name, email and saved facts as URL parameters in a link to …".
  rule(
    REASON.exfil,
    String.raw`${IMP}(?:embed|encode|append|add|put|include|insert|attach|pass|place|stuff|hide|smuggle|tuck)\s+(?:[^\s.;!?]+\s+){0,6}?${DATA_OBJECT}${E}${gap(80)}${B}(?:as|in|into|to|inside|within)\s+(?:the\s+|a\s+|an\s+)?(?:url|link|query|query\s+string|parameters?|params|image|img|markdown|src|href|beacon|pixel)`,
  ),
  rule(
    REASON.exfil,
    String.raw`${IMP}(?:secretly|silently|covertly|quietly)\s+(?:send|forward|share|upload|post|email|copy|include|append|add|call|run|execute|record|log|transmit|exfiltrate)${E}`,
  ),
];

export const EXFIL_FAMILY: RuleFamily = { name: 'exfiltration', rules: EXFIL_RULES };

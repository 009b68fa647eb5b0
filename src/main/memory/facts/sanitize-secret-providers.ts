/**
 * Credential formats that announce themselves: a vendor prefix, a fixed length, a fixed alphabet. These are
 * matched before anything else (precise, and they name the kind). A format missing here is still caught by
 * the generic vendor-prefix rule at the end, the keyword rules or the high-entropy fallback; adding it here
 * only makes the placeholder say which provider it was.
 */
import { isPlaceholderValue, looksMixedCaseRandom, looksRandomBody, shannonEntropy } from './sanitize-secret-shapes';

export type RedactionKind = string;

export interface SecretRule {
  /** Fixed, or derived from the match (an assignment's keyword decides between password/token/api-key). */
  kind: RedactionKind | ((match: RegExpExecArray) => RedactionKind);
  pattern: RegExp;
  /** Capture group holding the secret (0 = whole match). Needs the `d` flag when not 0. */
  group?: number;
  accept?: (secret: string, match: RegExpExecArray, text: string) => boolean;
}

/**
 * Nothing token-like right before: "xsk-…" is not an "sk-" key. Excluding "_" and "-" too keeps the scan
 * linear: otherwise every "sk-" inside "sk-sk-sk-…" would start a match that runs to the end of the run.
 */
export const START = String.raw`(?<![A-Za-z0-9_-])`;
export const END = String.raw`(?![A-Za-z0-9])`;

const re = (source: string, flags = 'g'): RegExp => new RegExp(source, flags);
const hasDigitAndLetter = (s: string): boolean => /[0-9]/.test(s) && /[A-Za-z]/.test(s);

/** Provider formats, most specific first (earlier rules win when spans overlap). */
export const PROVIDER_RULES: SecretRule[] = [
  // Monad's own per-app MCP keys (mcp/mcp-app-keys.ts: the prefix, then 32 random bytes in base64url).
  { kind: 'monad-app-key', pattern: re(String.raw`${START}monad_app_[A-Za-z0-9_-]{40,}`) },
  // LLM providers
  { kind: 'anthropic-admin-key', pattern: re(String.raw`${START}sk-ant-admin\d{2}-[A-Za-z0-9_-]{20,}`) },
  { kind: 'anthropic-key', pattern: re(String.raw`${START}sk-ant-[a-z]{2,8}\d{2}-[A-Za-z0-9_-]{20,}`) },
  { kind: 'openrouter-key', pattern: re(String.raw`${START}sk-or-v\d-[A-Za-z0-9]{32,}`) },
  { kind: 'openai-admin-key', pattern: re(String.raw`${START}sk-admin-[A-Za-z0-9_-]{20,}`) },
  { kind: 'openai-key', pattern: re(String.raw`${START}sk-(?:proj|svcacct|None)-[A-Za-z0-9_-]{20,}`) },
  // Legacy and user keys carry "T3BlbkFJ" (base64 of "OpenAI") in the middle.
  { kind: 'openai-key', pattern: re(String.raw`${START}sk-[A-Za-z0-9_-]{8,}T3BlbkFJ[A-Za-z0-9_-]{8,}`) },
  {
    // sk-<32+ alnum>: older OpenAI keys and the many providers that copied the format (DeepSeek, Moonshot…).
    kind: 'api-key',
    pattern: re(String.raw`${START}sk-[A-Za-z0-9]{32,}${END}`),
    accept: (s) => hasDigitAndLetter(s.slice(3)),
  },
  { kind: 'groq-key', pattern: re(String.raw`${START}gsk_[A-Za-z0-9]{40,}`) },
  { kind: 'xai-key', pattern: re(String.raw`${START}xai-[A-Za-z0-9]{60,}`) },
  { kind: 'perplexity-key', pattern: re(String.raw`${START}pplx-[A-Za-z0-9]{40,}`) },
  { kind: 'replicate-token', pattern: re(String.raw`${START}r8_[A-Za-z0-9]{37}${END}`) },
  {
    kind: 'huggingface-token',
    pattern: re(String.raw`${START}(?:hf_|api_org_)[A-Za-z]{34}${END}`),
    accept: (s) => looksMixedCaseRandom(s.replace(/^(?:hf_|api_org_)/, '')),
  },
  { kind: 'langsmith-key', pattern: re(String.raw`${START}lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}${END}`) },
  { kind: 'pinecone-key', pattern: re(String.raw`${START}pcsk_[A-Za-z0-9_]{40,}`) },
  { kind: 'elevenlabs-key', pattern: re(String.raw`${START}sk_[a-f0-9]{48}${END}`) },

  // Cloud and code hosting
  { kind: 'google-api-key', pattern: re(String.raw`${START}AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`) },
  { kind: 'google-oauth-secret', pattern: re(String.raw`${START}GOCSPX-[A-Za-z0-9_-]{20,}`) },
  { kind: 'google-oauth-token', pattern: re(String.raw`${START}ya29\.[0-9A-Za-z_-]{20,}`) },
  { kind: 'github-token', pattern: re(String.raw`${START}gh[pousr]_[A-Za-z0-9]{36,255}${END}`) },
  { kind: 'github-token', pattern: re(String.raw`${START}github_pat_[A-Za-z0-9_]{22,255}`) },
  { kind: 'gitlab-token', pattern: re(String.raw`${START}gl(?:pat|dt|ptt|rt|oas|soat|cbt|ft|imt|agent|wt|ffct)-[A-Za-z0-9_-]{20,}`) },
  { kind: 'bitbucket-token', pattern: re(String.raw`${START}ATBB[A-Za-z0-9_=.-]{28,}`) },
  { kind: 'atlassian-token', pattern: re(String.raw`${START}ATATT3[A-Za-z0-9_=-]{60,}`) },
  {
    kind: 'aws-access-key',
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])/g,
    // AWS's documentation key ends in EXAMPLE; masks like AKIAXXXX… have almost no entropy (gitleaks uses 3).
    accept: (s) => !/EXAMPLE$/.test(s) && shannonEntropy(s) >= 3,
  },
  {
    kind: 'aws-secret-key',
    pattern: /aws.{0,20}?(?:secret|private).{0,20}?\s*[:=]\s*["']?([A-Za-z0-9\/+]{40})(?![A-Za-z0-9\/+])/dgi,
    group: 1,
    accept: (s) => !isPlaceholderValue(s) && shannonEntropy(s) >= 3.5,
  },
  { kind: 'azure-storage-key', pattern: /AccountKey=([A-Za-z0-9+\/]{60,}={0,2})/dg, group: 1 },
  {
    kind: 'azure-client-secret',
    pattern: re(String.raw`${START}[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`),
  },
  { kind: 'alibaba-access-key', pattern: re(String.raw`(?<![A-Za-z0-9])LTAI[A-Za-z0-9]{20}${END}`), accept: (s) => hasDigitAndLetter(s.slice(4)) },
  { kind: 'tencent-secret-id', pattern: re(String.raw`(?<![A-Za-z0-9])AKID[A-Za-z0-9]{32}${END}`), accept: (s) => hasDigitAndLetter(s.slice(4)) },
  { kind: 'yandex-token', pattern: re(String.raw`${START}(?:y0_[A-Za-z0-9_-]{55}|AQVN[A-Za-z0-9_-]{35,38}|t1\.[A-Z0-9a-z_-]+[=]{0,2}\.[A-Z0-9a-z_-]{86}[=]{0,2})`) },
  { kind: 'digitalocean-token', pattern: re(String.raw`${START}do[opr]_v1_[a-f0-9]{64}`) },
  { kind: 'databricks-token', pattern: re(String.raw`${START}dapi[a-f0-9]{32}(?:-\d)?${END}`) },
  { kind: 'hashicorp-token', pattern: re(String.raw`${START}(?:hv[sbr]\.[A-Za-z0-9_-]{24,}|[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70})`) },
  { kind: 'pulumi-token', pattern: re(String.raw`${START}pul-[a-f0-9]{40}${END}`) },
  { kind: 'doppler-token', pattern: re(String.raw`${START}dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}${END}`) },
  { kind: 'supabase-key', pattern: re(String.raw`${START}(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{20,})${END}`) },
  { kind: 'planetscale-token', pattern: re(String.raw`${START}pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=.-]{32,64}`) },
  { kind: 'netlify-token', pattern: re(String.raw`${START}nfp_[A-Za-z0-9]{36}${END}`) },
  { kind: 'vercel-token', pattern: re(String.raw`${START}vc[pkria]_[A-Za-z0-9]{40,}${END}`) },
  { kind: 'heroku-key', pattern: re(String.raw`${START}HRKU-[A-Za-z0-9_-]{40,}`) },
  { kind: 'docker-token', pattern: re(String.raw`${START}dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,}`) },
  { kind: 'circleci-token', pattern: re(String.raw`${START}CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}${END}`) },
  { kind: 'buildkite-token', pattern: re(String.raw`${START}bkua_[a-f0-9]{40}${END}`) },
  { kind: 'sonarqube-token', pattern: re(String.raw`${START}sq[pua]_[a-f0-9]{40}${END}`) },
  { kind: 'jfrog-token', pattern: re(String.raw`${START}(?:AKCp[A-Za-z0-9]{69}|cmVmdGtuOjAxOj[A-Za-z0-9]{40,})`) },
  { kind: 'onepassword-token', pattern: re(String.raw`${START}ops_eyJ[A-Za-z0-9+\/]{100,}={0,3}`) },
  { kind: 'bitcoin-extended-key', pattern: re(String.raw`(?<![A-Za-z0-9])[xyzt]prv[1-9A-HJ-NP-Za-km-z]{100,112}(?![A-Za-z0-9])`) },
  { kind: 'age-secret-key', pattern: /(?<![A-Za-z0-9])AGE-SECRET-KEY-1[02-9AC-HJ-NP-Zac-hj-np-z]{50,}/gi },

  // Messaging, payments, SaaS
  {
    kind: 'slack-webhook',
    pattern: /https?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_\/+-]{8,}/g,
  },
  { kind: 'slack-token', pattern: re(String.raw`${START}xox[abposre]-[A-Za-z0-9-]{10,}`) },
  { kind: 'slack-token', pattern: re(String.raw`${START}xapp-\d-[A-Za-z0-9-]{10,}`) },
  {
    kind: 'discord-webhook',
    pattern: /https?:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{20,}/g,
  },
  { kind: 'discord-bot-token', pattern: re(String.raw`(?<![A-Za-z0-9_.-])[MNO][A-Za-z\d_-]{23,27}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,40}(?![A-Za-z0-9_-])`) },
  // The bot's numeric id before the colon is public (it is the bot's user id); the part after it is the secret.
  { kind: 'telegram-bot-token', pattern: /(?<![0-9])\d{8,10}:(AA[A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])/dg, group: 1 },
  { kind: 'twitter-bearer-token', pattern: /(?<![A-Za-z0-9])A{20,24}[A-Za-z0-9%]{30,}/g, accept: (s) => hasDigitAndLetter(s.replace(/^A+/, '')) },
  { kind: 'facebook-token', pattern: re(String.raw`(?<![A-Za-z0-9])EAA[A-Za-z0-9]{90,}`) },
  { kind: 'stripe-key', pattern: re(String.raw`${START}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}`) },
  { kind: 'stripe-webhook-secret', pattern: re(String.raw`${START}whsec_[A-Za-z0-9]{24,}`) },
  { kind: 'square-token', pattern: re(String.raw`${START}(?:sq0(?:atp|csp|idp)-[A-Za-z0-9_-]{22,}|EAAA[A-Za-z0-9_-]{60})`) },
  { kind: 'shopify-token', pattern: re(String.raw`${START}shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`) },
  { kind: 'flutterwave-key', pattern: re(String.raw`${START}FLWSECK(?:_TEST)?-[a-h0-9]{32}-X`) },
  { kind: 'shippo-token', pattern: re(String.raw`${START}shippo_(?:live|test)_[a-f0-9]{40}`) },
  { kind: 'duffel-token', pattern: re(String.raw`${START}duffel_(?:test|live)_[A-Za-z0-9_=-]{43}`) },
  { kind: 'easypost-key', pattern: re(String.raw`${START}EZ[AT]K[A-Za-z0-9]{54}`) },
  { kind: 'sendgrid-key', pattern: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/g },
  // Mailgun: the old "key-" API keys, and the current <32 hex>-<8 hex>-<8 hex> keys.
  { kind: 'mailgun-key', pattern: re(String.raw`${START}key-[0-9a-zA-Z]{32}${END}`), accept: (s) => hasDigitAndLetter(s.slice(4)) },
  { kind: 'mailgun-key', pattern: re(String.raw`${START}[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}${END}`) },
  { kind: 'mailchimp-key', pattern: re(String.raw`${START}[0-9a-f]{32}-us\d{1,2}${END}`) },
  { kind: 'brevo-key', pattern: re(String.raw`${START}x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}`) },
  { kind: 'postman-key', pattern: re(String.raw`${START}PMAK-[0-9a-fA-F]{24}-[0-9a-fA-F]{34}${END}`) },
  { kind: 'twilio-api-key', pattern: re(String.raw`(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}${END}`), accept: (s) => hasDigitAndLetter(s.slice(2)) },
  { kind: 'linear-key', pattern: re(String.raw`${START}lin_(?:api|oauth)_[A-Za-z0-9]{40}${END}`) },
  { kind: 'notion-token', pattern: re(String.raw`${START}(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})${END}`) },
  { kind: 'airtable-token', pattern: re(String.raw`${START}pat[A-Za-z0-9]{14}\.[a-f0-9]{64}${END}`) },
  { kind: 'newrelic-key', pattern: re(String.raw`${START}NR(?:AK|II|JS|RA)-[A-Za-z0-9]{19,32}${END}`) },
  { kind: 'sentry-token', pattern: re(String.raw`${START}sntry[su]_[A-Za-z0-9+\/=_-]{40,}`) },
  { kind: 'grafana-token', pattern: re(String.raw`${START}(?:glc_[A-Za-z0-9+\/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})`) },
  { kind: 'posthog-key', pattern: re(String.raw`${START}phx_[A-Za-z0-9]{40,}${END}`) },
  { kind: 'contentful-token', pattern: re(String.raw`${START}CFPAT-[A-Za-z0-9_-]{43}`) },
  { kind: 'mapbox-token', pattern: re(String.raw`${START}sk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}`) },
  { kind: 'dropbox-token', pattern: re(String.raw`${START}sl\.[A-Za-z0-9_-]{120,}`) },
  { kind: 'adafruit-key', pattern: re(String.raw`${START}aio_[A-Za-z0-9]{28}${END}`) },
  { kind: 'typeform-token', pattern: re(String.raw`${START}tfp_[A-Za-z0-9_.=-]{59}`) },
  { kind: 'fireworks-key', pattern: re(String.raw`${START}fw_[A-Za-z0-9]{24,}${END}`) },

  // Package registries
  { kind: 'npm-token', pattern: re(String.raw`${START}npm_[A-Za-z0-9]{36}${END}`) },
  { kind: 'pypi-token', pattern: /pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g },
  { kind: 'rubygems-key', pattern: re(String.raw`${START}rubygems_[a-f0-9]{48}${END}`) },
  { kind: 'nuget-key', pattern: re(String.raw`${START}oy2[a-z0-9]{43}${END}`) },
  { kind: 'crates-token', pattern: re(String.raw`${START}cio[A-Za-z0-9]{32}${END}`), accept: (s) => hasDigitAndLetter(s.slice(3)) && /[A-Z]/.test(s) },
  { kind: 'clojars-token', pattern: re(String.raw`${START}CLOJARS_[a-z0-9]{60}${END}`) },

  { kind: 'jwt', pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g },
];

/** Prefixes that announce public identifiers, never credentials ("sha256-…", "commit-…", "v2-…"). */
const PUBLIC_PREFIX = /^(?:sha\d*|md5|commit|rev|hash|digest|build|id|uuid|guid|v\d*|version|git|tx|txid|0x|pk|pub|public|publishable|test|user|order|ref|req|request|trace|span|session|msg|chat|doc|file|img|image|asset|node|run|job|task|cus|acct|price|prod|sub|inv|ch|pi|pm|seti|evt)$/i;

/**
 * The class behind most modern API keys: a short vendor prefix and a separator, then a long random body
 * ("lin_api_…", "pcsk_…", "tvly-…"). Catches vendors nobody listed, as long as the body is random.
 */
export const VENDOR_PREFIX_RULE: SecretRule = {
  kind: 'api-key',
  pattern: re(String.raw`${START}([A-Za-z][A-Za-z0-9]{1,9}(?:[_-][A-Za-z0-9]{2,8}){0,2}[_-])([A-Za-z0-9]{24,256})(?![A-Za-z0-9_-])`, 'dg'),
  accept: (_s, m) => {
    const prefix = m[1].replace(/[_-]$/, '');
    if (PUBLIC_PREFIX.test(prefix.split(/[_-]/)[0])) return false;
    const body = m[2];
    // A vendor's hex body is random by construction; a long hex run alone is a hash, hence the prefix.
    if (/^[a-f0-9]{32,}$/.test(body)) return true;
    return looksRandomBody(body);
  },
};

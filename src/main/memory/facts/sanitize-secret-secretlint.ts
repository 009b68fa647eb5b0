/**
 * Token rules from a maintained rule set: secretlint's recommended preset (MIT, a pinned dependency in
 * package.json; `npm update @secretlint/secretlint-rule-preset-recommend` refreshes it). Its rules follow
 * the services' published formats as they change, which hand-written patterns trail.
 *
 * secretlint's own engine (@secretlint/core's lintSource) is asynchronous, and the sanitizer is not: it runs
 * inside every fact write, import and tool result. The preset's scanner rules are plain synchronous regex
 * scans over `source.content` that report character ranges, so they are run here directly, with a minimal
 * rule context that collects the ranges. The one asynchronous branch in the preset (reading a .p12 file
 * from disk) needs a file path and is never reached: the source given here has none. A rule that throws or
 * returns a promise is skipped for that text, never trusted half-way; tests/unit/sanitizer-secretlint.test.ts
 * checks that this adapter finds what secretlint's own engine finds.
 */
import { createRequire } from 'node:module';
import type { SecretLintRuleContext, SecretLintRuleCreator, SecretLintRuleLocalizeMessages, SecretLintSourceCode } from '@secretlint/types';

export interface RuleSetSpan {
  start: number;
  end: number;
  kind: string;
}

/** "@secretlint/secretlint-rule-github" → "github-token"-style kinds the placeholders already use. */
const KIND_BY_RULE: Readonly<Record<string, string>> = {
  '1password': 'onepassword-token',
  anthropic: 'anthropic-key',
  aws: 'aws-key',
  basicauth: 'url-credentials',
  'database-connection-string': 'url-credentials',
  gcp: 'gcp-key',
  github: 'github-token',
  linear: 'linear-key',
  npm: 'npm-token',
  openai: 'openai-key',
  privatekey: 'private-key',
  sendgrid: 'sendgrid-key',
  shopify: 'shopify-token',
  slack: 'slack-token',
};

function kindOf(ruleId: string): string {
  const short = ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
  return KIND_BY_RULE[short] ?? `${short.replace(/[^a-z0-9-]/g, '-').slice(0, 30)}-secret`;
}

/**
 * Rules that report no secret: filter-comments turns "secretlint-disable" comments into ignores, which in a
 * fact would let its writer switch the check off.
 */
const NOT_SECRET_RULES = new Set(['@secretlint/secretlint-rule-filter-comments']);

/** Only scanners of text. */
function isTextScanner(rule: SecretLintRuleCreator<unknown>): boolean {
  if (NOT_SECRET_RULES.has(rule.meta.id)) return false;
  return rule.meta.type === 'scanner' && rule.meta.supportedContentTypes.some((t) => t === 'text' || t === 'all');
}

/**
 * The preset is required at the first text that may hold a token (or a look at the rule names), not
 * imported at start: ~30 ms of every process's start. (Node loads this ES module synchronously.)
 */
let scanners: readonly SecretLintRuleCreator<unknown>[] | null = null;
function textScanners(): readonly SecretLintRuleCreator<unknown>[] {
  if (scanners) return scanners;
  const preset = createRequire(import.meta.url)('@secretlint/secretlint-rule-preset-recommend') as typeof import('@secretlint/secretlint-rule-preset-recommend');
  scanners = preset.rules.filter(isTextScanner);
  return scanners;
}

/** The names of the rules in use, for tests and the figures script. */
export function ruleSetRuleIds(): string[] {
  return textScanners().map((r) => r.meta.id);
}

function sourceOf(content: string): SecretLintSourceCode {
  // Rules read `content` and, for file-type decisions, `filePath`/`ext`; a fact has no file.
  return {
    hasBOM: false,
    content,
    filePath: undefined,
    physicalFilePath: undefined,
    contentType: 'text',
    ext: '',
    getFilePath: () => undefined,
    getPhysicalFilePath: () => undefined,
  } as unknown as SecretLintSourceCode;
}

function translator<T extends SecretLintRuleLocalizeMessages>(_messages: T) {
  return (messageId: keyof T, props?: Record<string, unknown>) => ({ message: String(messageId), messageId: String(messageId), data: props });
}

/**
 * The rules' handlers, created once: `create` compiles each rule's patterns, which per call cost more than
 * the scan itself. Reports go to whichever collector the current call installed (calls are synchronous,
 * so one at a time).
 */
let collector: ((d: { range: readonly [number, number] }) => void) | null = null;
let handlers: Array<{ kind: string; file: (source: SecretLintSourceCode) => void | Promise<void> }> | null = null;

function ruleHandlers(): NonNullable<typeof handlers> {
  if (handlers) return handlers;
  const context = {
    sharedOptions: {},
    createTranslator: translator,
    report: (d: { range: readonly [number, number] }) => collector?.(d),
    ignore: () => undefined,
  } as unknown as SecretLintRuleContext;
  handlers = [];
  for (const rule of textScanners()) {
    const file = rule.create(context, {}).file;
    if (file) handlers.push({ kind: kindOf(rule.meta.id), file });
  }
  return handlers;
}

/**
 * Every preset rule needs a long token, a URL with userinfo or a PEM header to report anything; a fact
 * without one (most facts: "User lives in Porto") skips the rule set.
 */
const MAY_HOLD_TOKEN = /[A-Za-z0-9_+\/.=-]{16,}|:\/\/|-----BEGIN/;

/** Every range the preset's scanner rules report in `text`. */
export function findRuleSetSecrets(text: string): RuleSetSpan[] {
  if (!MAY_HOLD_TOKEN.test(text)) return [];
  const out: RuleSetSpan[] = [];
  const source = sourceOf(text);
  for (const { kind, file } of ruleHandlers()) {
    const found: RuleSetSpan[] = [];
    collector = (d) => {
      const [start, end] = d.range;
      if (Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= text.length && end > start) found.push({ start, end, kind });
    };
    try {
      const pending = file(source);
      if (pending && typeof (pending as Promise<void>).then === 'function') {
        // Asynchronous only when reading a file from disk, which a fact never asks for: drop what it says.
        (pending as Promise<void>).catch(() => undefined);
        continue;
      }
    } catch {
      // A rule that cannot read this text says nothing about it; the sanitizer's own rules still run.
      continue;
    } finally {
      collector = null;
    }
    out.push(...found);
  }
  return out;
}

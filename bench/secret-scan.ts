// CPU per MB of secret redaction (redactSecrets) on realistic text: chat messages in English and other
// scripts, code, JSON and logs, with a few real-looking keys sprinkled in. Prints figures only.
//
//   npx tsx bench/secret-scan.ts [--mb 4] [--runs 3] [--src <root of a checkout>]
//
// The corpus is generated from a fixed seed, cut into messages of a few hundred bytes to a few KB (as an
// import or a tool result hands them over), and each run redacts every message once. Printed: CPU ms per
// MB for each kind of text and for the mix (min and median of the runs), and the redactions found (the
// same on every checkout that redacts the same: a quick check that a faster build still finds the keys).
// --src measures another checkout's redaction (e.g. the commit before a change) on the same corpus.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { redactSecrets as RedactSecrets } from '../src/main/memory/facts/sanitize-secrets';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '4' }, runs: { type: 'string', default: '3' }, src: { type: 'string' } } });
const root = resolve(values.src ?? resolve(import.meta.dirname, '..'));
const { redactSecrets } = (await import(pathToFileURL(resolve(root, 'src/main/memory/facts/sanitize-secrets.ts')).href)) as { redactSecrets: typeof RedactSecrets };
const TARGET_BYTES = Number(values.mb) * 1024 * 1024;
const RUNS = Number(values.runs);

let seed = 20261206;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}
const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)];
function randomRun(alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[rand(alphabet.length)];
  return s;
}
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

/** Keys of well-known shapes (random bodies, never real). One in a few dozen messages carries one. */
const KEYS = [
  () => `sk-proj-${randomRun(ALNUM, 48)}`,
  () => `AKIA${randomRun('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`,
  () => `ghp_${randomRun(ALNUM, 36)}`,
  () => `xoxb-${randomRun('0123456789', 12)}-${randomRun(ALNUM, 24)}`,
  () => `password: ${randomRun(ALNUM, 12)}`,
  () => `https://admin:${randomRun(ALNUM, 14)}@db.internal.example:5432/app`,
  () => `-----BEGIN PRIVATE KEY-----\n${randomRun(ALNUM, 64)}\n${randomRun(ALNUM, 64)}\n-----END PRIVATE KEY-----`,
  () => `token=${randomRun(HEX, 40)}`,
];

const EN = 'the a of to and in is it you that he was for on are with as I his they be at one have this from or had by hot word but what some we can out other were all there when up use your how said an each she which do their time if will way about many then them write would like so these her long make thing see him two has look more day could go come did number sound no most people my over know water than call first who may down side been now find head stand own page should country found answer school grow study still learn plant cover food sun four between state keep eye never last let thought city tree cross farm hard start might story saw far sea draw left late run while press close night real life few north open seem together next white children begin got walk example ease paper group always music those both mark often letter until mile river car feet care second book carry took science eat room friend began idea fish mountain stop once base hear horse cut sure watch color face wood main'.split(' ');
const OTHER = 'café naïve São Paulo Zürich Straße Größe überall Mädchen пароль привет как дела сегодня хорошо 東京 日本語 私は 学生 です 今日 天気 你好 世界 我们 一起 学习 안녕하세요 감사합니다 مرحبا شكرا كيف حالك नमस्ते धन्यवाद 🙂 🎉 façon été Ελλάδα καλημέρα'.split(' ');

function prose(words: number, other: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(other && rand(3) === 0 ? pick(OTHER) : pick(EN));
  return `${out.join(' ')}.`;
}

function code(): string {
  const name = pick(['fetchUser', 'parseConfig', 'renderList', 'handleClick', 'computeTotal']);
  return [
    `export async function ${name}(id: string, opts: Options = {}): Promise<Result> {`,
    `  const url = \`https://api.example.com/v2/users/\${encodeURIComponent(id)}?include=profile\`;`,
    `  const res = await fetch(url, { headers: { Authorization: \`Bearer \${process.env.API_TOKEN}\` } });`,
    `  if (!res.ok) throw new HttpError(res.status, await res.text());`,
    `  const items = (await res.json()) as Item[];`,
    `  return items.filter((x) => x.enabled && x.count > ${rand(100)}).map((x) => ({ ...x, total: x.price * x.count }));`,
    '}',
  ].join('\n');
}

function json(): string {
  return JSON.stringify({
    id: `evt_${randomRun(ALNUM, 14)}`,
    created: 1_700_000_000 + rand(1e6),
    user: { name: pick(EN), email: `${pick(EN)}@example.com`, locale: pick(['en-US', 'de-DE', 'ja-JP']) },
    items: [{ sku: `SKU-${rand(99999)}`, qty: rand(9), price: rand(10000) / 100 }],
    sha256: randomRun(HEX, 64),
    request_id: `req_${randomRun(ALNUM, 24)}`,
  }, null, 2);
}

function log(): string {
  const lines: string[] = [];
  for (let i = 0; i < 12; i++) {
    lines.push(`2026-12-06T22:${String(rand(60)).padStart(2, '0')}:${String(rand(60)).padStart(2, '0')}.${rand(999)}Z ${pick(['INFO', 'WARN', 'DEBUG', 'ERROR'])} [${pick(['http', 'db', 'worker'])}] ${pick(['GET', 'POST'])} /api/v1/${pick(EN)}/${rand(9999)} ${pick([200, 201, 404, 500])} ${rand(900)}ms trace=${randomRun(HEX, 32)}`);
  }
  return lines.join('\n');
}

type Kind = 'english' | 'other-scripts' | 'code' | 'json' | 'logs';
const MAKERS: Record<Kind, () => string> = {
  english: () => prose(40 + rand(400), false),
  'other-scripts': () => prose(40 + rand(400), true),
  code,
  json,
  logs: log,
};

function corpus(): Array<{ kind: Kind; text: string }> {
  const kinds = Object.keys(MAKERS) as Kind[];
  const out: Array<{ kind: Kind; text: string }> = [];
  let bytes = 0;
  while (bytes < TARGET_BYTES) {
    const kind = kinds[out.length % kinds.length];
    let text = MAKERS[kind]();
    if (rand(30) === 0) text += ` ${pick(KEYS)()} ${prose(8, false)}`;
    out.push({ kind, text });
    bytes += Buffer.byteLength(text);
  }
  return out;
}

const messages = corpus();
const perKind = new Map<Kind, { bytes: number; cpu: number[] }>();
for (const m of messages) {
  const k = perKind.get(m.kind) ?? { bytes: 0, cpu: [] };
  k.bytes += Buffer.byteLength(m.text);
  perKind.set(m.kind, k);
}

redactSecrets('warm-up: sk-proj-abc password: hunter22 https://a:b@c.d'); // compile and JIT outside the runs
const totals: number[] = [];
let redactions = 0;
for (let run = 0; run < RUNS; run++) {
  const spent = new Map<Kind, number>();
  redactions = 0;
  for (const m of messages) {
    const before = process.cpuUsage();
    redactions += redactSecrets(m.text).redactions.length;
    const used = process.cpuUsage(before);
    spent.set(m.kind, (spent.get(m.kind) ?? 0) + (used.user + used.system) / 1000);
  }
  let total = 0;
  for (const [kind, ms] of spent) {
    perKind.get(kind)!.cpu.push(ms);
    total += ms;
  }
  totals.push(total);
}

const mb = (b: number) => b / 1024 / 1024;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)] };
};
const allBytes = [...perKind.values()].reduce((n, k) => n + k.bytes, 0);
console.log(`secret scan: ${messages.length} messages, ${mb(allBytes).toFixed(2)} MB, ${RUNS} runs, ${redactions} redactions per run`);
for (const [kind, k] of perKind) {
  const s = stats(k.cpu);
  console.log(`  ${kind.padEnd(14)} ${mb(k.bytes).toFixed(2)} MB  CPU ms/MB min ${(s.min / mb(k.bytes)).toFixed(0)}  median ${(s.median / mb(k.bytes)).toFixed(0)}`);
}
const t = stats(totals);
console.log(`  ${'mix'.padEnd(14)} ${mb(allBytes).toFixed(2)} MB  CPU ms/MB min ${(t.min / mb(allBytes)).toFixed(0)}  median ${(t.median / mb(allBytes)).toFixed(0)}`);

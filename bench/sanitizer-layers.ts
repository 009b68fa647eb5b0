// The sanitizer's layers measured on a folder of blind cases (issue 26 §8), and its cost per fact:
//
//   npx tsx bench/sanitizer-layers.ts [folder] [--src <root of a checkout>] [--json]
//
// Default folder: tests/unit/sanitizer-holdout-26. --src runs the same measurement against another
// checkout's sanitizer (e.g. an export of the commit before the work) to get "before" figures.
//
// Printed, for the folder's injection.json and benign.json:
//   detector      injections refused by sanitizeFact alone
//   false pos.    benign texts refused or changed
//   check asked   how many texts the detector let through show a borderline signal (borderline.ts), i.e.
//                 how often the memory model's check (memory.factCheck = "borderline") would be asked
//   with check    injections refused by the detector or judged instructions by the check. The checker is
//                 scripted: asked about a text, it answers as a careful model would, with the case's true
//                 label. That makes the figure an upper bound for what the check layer adds: a real model
//                 can only do worse on what it is asked, and is never asked about the rest.
// and for secrets.json the share of secrets fully redacted and of look-alikes touched.
//
// Cost: sanitizeFact over every case text plus typical short facts, in CPU µs per fact (median of 5 runs).
// Run it once per checkout (--src): two sanitizers loaded in one process slow each other's regexes down.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { judgeCase, loadCaseFolder, type SanitizerCase } from '../tests/helpers/sanitizer-cases';
import type { SanitizeResult } from '../src/main/memory/facts/sanitize';

type Sanitize = (text: string) => SanitizeResult;
type Signals = (text: string) => string[];

const TYPICAL_FACTS = [
  'User lives in Porto and works as a nurse at the Santo António hospital.',
  'Prefers short answers with the action items first.',
  'Has two cats, Miso and Tofu; Tofu is allergic to chicken.',
  'The user is learning Japanese and practises kanji every morning before work.',
  'Birthday: 14 March. Partner: Sam. Favourite restaurant: Cantinho do Avillez.',
  'Uses pnpm and TypeScript 5.9; the monorepo lives at ~/code/atlas.',
  'Allergic to penicillin (rash, 2019).',
  'Goes to yoga on Mondays and Thursdays at 7 pm.',
];

async function load(src: string): Promise<{ sanitize: Sanitize; signals: Signals }> {
  const root = resolve(src);
  const s = (await import(pathToFileURL(`${root}/src/main/memory/facts/sanitize.ts`).href)) as { sanitizeFact: Sanitize };
  const b = (await import(pathToFileURL(`${root}/src/main/memory/facts/borderline.ts`).href)) as { borderlineSignals: Signals };
  return { sanitize: s.sanitizeFact, signals: b.borderlineSignals };
}

function pct(n: number, d: number): string {
  return d === 0 ? '—' : `${n}/${d} (${((100 * n) / d).toFixed(1)} %)`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { src: { type: 'string', default: '.' }, json: { type: 'boolean' } } });
  const folder = resolve(positionals[0] ?? 'tests/unit/sanitizer-holdout-26');
  const { sanitize, signals } = await load(values.src ?? '.');
  const files = Object.fromEntries(loadCaseFolder(folder).map((f) => [f.file, f.cases])) as Record<string, SanitizerCase[] | undefined>;
  const injections = files['injection.json'] ?? [];
  const benign = files['benign.json'] ?? [];
  const secrets = files['secrets.json'] ?? [];

  let caught = 0;
  let askedInj = 0;
  for (const c of injections) {
    const r = sanitize(c.text);
    if (!r.ok) caught++;
    else if (signals(r.text).length > 0) askedInj++; // the scripted checker says "instruction": refused
  }
  let falsePos = 0;
  let askedBenign = 0;
  for (const c of benign) {
    const r = sanitize(c.text);
    if (judgeCase(c, r).length > 0) falsePos++;
    else if (r.ok && signals(r.text).length > 0) askedBenign++; // asked; the scripted checker says "fact"
  }
  const hostile = secrets.filter((c) => c.expect === 'redact');
  const lookalikes = secrets.filter((c) => c.expect === 'keep');
  const redacted = hostile.filter((c) => judgeCase(c, sanitize(c.text)).length === 0).length;
  const touched = lookalikes.filter((c) => judgeCase(c, sanitize(c.text)).length > 0).length;
  const passedDetector = injections.length - caught + (benign.length - falsePos);

  // Cost per fact.
  const corpus = [...injections, ...benign, ...secrets].map((c) => c.text);
  const typical = Array.from({ length: 50 }, () => TYPICAL_FACTS).flat();
  const time = (texts: string[]): number => {
    const runs: number[] = [];
    for (let k = 0; k < 5; k++) {
      // CPU time, not wall time: on a shared machine other processes' load would be counted too.
      const c0 = process.cpuUsage();
      for (const t of texts) sanitize(t);
      const c = process.cpuUsage(c0);
      runs.push((c.user + c.system) / texts.length);
    }
    return median(runs);
  };
  time(corpus); // warm-up: compile every rule once
  const usCases = time(corpus);
  const usTypical = time(typical);

  const out = {
    folder,
    src: resolve(values.src ?? '.'),
    detector: { caught, of: injections.length },
    falsePositives: { wrong: falsePos, of: benign.length },
    withCheck: { caught: caught + askedInj, of: injections.length },
    checkAsked: { asked: askedInj + askedBenign, of: passedDetector },
    secrets: { redacted, of: hostile.length, lookalikesTouched: touched, lookalikes: lookalikes.length },
    usPerFact: { cases: Number(usCases.toFixed(1)), typical: Number(usTypical.toFixed(1)) },
  };
  if (values.json) {
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  console.log(`Sanitizer layers on ${folder} (sanitizer from ${out.src})`);
  console.log(`  detector               ${pct(caught, injections.length)}`);
  console.log(`  false positives        ${pct(falsePos, benign.length)} of benign texts refused or changed`);
  console.log(`  with the model check   ${pct(caught + askedInj, injections.length)} (scripted careful checker: an upper bound)`);
  console.log(`  check asked            ${pct(askedInj + askedBenign, passedDetector)} of the texts the detector let through`);
  console.log(`  secrets redacted       ${pct(redacted, hostile.length)}; look-alikes touched ${pct(touched, lookalikes.length)}`);
  console.log(`  cost                   ${out.usPerFact.typical} µs per typical fact; ${out.usPerFact.cases} µs per case text`);
}

void main();

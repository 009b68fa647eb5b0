// Reading a LoCoMo-format file: conversations with speaker_a/speaker_b, session_N turns and
// session_N_date_time, and qa items whose evidence names turns by dia_id ("D3:12"). Checked as it is
// read, so a file of another shape fails with the position of the problem instead of a wrong figure.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The dev file beside the repository (CC BY-NC: read in place, never copied in). */
export const DEFAULT_LOCOMO_PATH = resolve(REPO_ROOT, '../shared/data/locomo/locomo-dev.json');

export interface LocomoTurn {
  diaId: string;
  speaker: string;
  text: string;
  /** Caption of a shared image, when the turn had one. */
  caption: string | null;
}

export interface LocomoSession {
  index: number;
  /** ISO 8601 (UTC), parsed from "1:56 pm on 8 May, 2023". */
  date: string;
  turns: LocomoTurn[];
}

export interface LocomoQuestion {
  question: string;
  category: string;
  /** Evidence turns that exist in the conversation (malformed or unknown ids are dropped). */
  evidence: string[];
}

/**
 * One of LoCoMo's `observation` entries: a sentence its authors had an LLM write about a session, citing
 * the turns it came from. The bench's stand-in for what consolidation would derive (issue 31 §2).
 */
export interface LocomoObservation {
  speaker: string;
  text: string;
  /** Cited turns that exist in the conversation (malformed or unknown ids are dropped). */
  diaIds: string[];
}

export interface LocomoConversation {
  id: string;
  speakerA: string;
  speakerB: string;
  sessions: LocomoSession[];
  questions: LocomoQuestion[];
  /** Empty when the file has none (the bench's --derived observations then adds nothing). */
  observations: LocomoObservation[];
}

export class LocomoFormatError extends Error {}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" → "2023-05-08T13:56:00.000Z". */
export function parseLocomoDate(text: string): string | null {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[5].toLowerCase());
  if (month < 0) return null;
  let hour = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') hour += 12;
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

/** Evidence ids as written, including the odd "D8:6; D9:17" and "D:11:26", → ["D8:6", "D9:17"], ["D11:26"]. */
export function parseEvidence(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    for (const m of item.matchAll(/D:?(\d+):(\d+)/g)) out.push(`D${m[1]}:${m[2]}`);
  }
  return [...new Set(out)];
}

export function loadLocomo(path: string): LocomoConversation[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new LocomoFormatError(`${path}: ${(err as Error).message}`);
  }
  return parseLocomo(raw, path);
}

export function parseLocomo(raw: unknown, label = 'data'): LocomoConversation[] {
  if (!Array.isArray(raw)) throw new LocomoFormatError(`${label}: expected a JSON array of conversations`);
  return raw.map((item, i) => parseConversation(item, `${label}[${i}]`, i));
}

function parseConversation(item: unknown, at: string, i: number): LocomoConversation {
  const obj = asObject(item, at);
  const conv = asObject(obj.conversation, `${at}.conversation`);
  const speakerA = asString(conv.speaker_a, `${at}.conversation.speaker_a`);
  const speakerB = asString(conv.speaker_b, `${at}.conversation.speaker_b`);
  const sessions: LocomoSession[] = [];
  for (const key of Object.keys(conv)) {
    const m = /^session_(\d+)$/.exec(key);
    if (!m) continue;
    const turnsRaw = conv[key];
    if (!Array.isArray(turnsRaw)) throw new LocomoFormatError(`${at}.conversation.${key}: expected an array of turns`);
    const dateText = asString(conv[`${key}_date_time`], `${at}.conversation.${key}_date_time`);
    const date = parseLocomoDate(dateText);
    if (!date) throw new LocomoFormatError(`${at}.conversation.${key}_date_time: cannot read the date "${dateText}"`);
    const turns = turnsRaw.map((t, j): LocomoTurn => {
      const tat = `${at}.conversation.${key}[${j}]`;
      const turn = asObject(t, tat);
      return {
        diaId: asString(turn.dia_id, `${tat}.dia_id`),
        speaker: asString(turn.speaker, `${tat}.speaker`),
        text: typeof turn.text === 'string' ? turn.text : '',
        caption: typeof turn.blip_caption === 'string' && turn.blip_caption.trim() ? turn.blip_caption.trim() : null,
      };
    });
    sessions.push({ index: Number(m[1]), date, turns });
  }
  sessions.sort((a, b) => a.index - b.index);
  const known = new Set(sessions.flatMap((s) => s.turns.map((t) => t.diaId)));
  const qa = Array.isArray(obj.qa) ? obj.qa : [];
  const questions = qa.map((q, j): LocomoQuestion => {
    const qo = asObject(q, `${at}.qa[${j}]`);
    return {
      question: asString(qo.question, `${at}.qa[${j}].question`),
      category: String(qo.category ?? 'none'),
      evidence: parseEvidence(qo.evidence).filter((e) => known.has(e)),
    };
  });
  const id = typeof obj.sample_id === 'string' && obj.sample_id ? obj.sample_id : `conv-${i + 1}`;
  return { id, speakerA, speakerB, sessions, questions, observations: parseObservations(obj.observation, known) };
}

/**
 * `observation: { session_N_observation: { Speaker: [[text, dia_id or [dia_ids]], …] } }`, read
 * defensively: the observations are extra, so a part of another shape is skipped, never fatal. Cited ids
 * go through parseEvidence (odd forms like "D:11:26" or "D8:6; D9:17"); ids of no turn are dropped, and
 * an observation citing no known turn is left out.
 */
export function parseObservations(raw: unknown, known: ReadonlySet<string>): LocomoObservation[] {
  const out: LocomoObservation[] = [];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  const sessions = Object.entries(raw as Record<string, unknown>)
    .map(([key, v]) => [Number(/^session_(\d+)_observation$/.exec(key)?.[1] ?? NaN), v] as const)
    .filter(([n]) => Number.isFinite(n))
    .sort((a, b) => a[0] - b[0]);
  for (const [, bySpeaker] of sessions) {
    if (!bySpeaker || typeof bySpeaker !== 'object' || Array.isArray(bySpeaker)) continue;
    for (const [speaker, items] of Object.entries(bySpeaker as Record<string, unknown>)) {
      if (!Array.isArray(items)) continue;
      for (const item of items) {
        if (!Array.isArray(item) || typeof item[0] !== 'string' || !item[0].trim()) continue;
        const cited = item.slice(1).flatMap((c: unknown) => (typeof c === 'string' ? [c] : Array.isArray(c) ? c : []));
        const diaIds = parseEvidence(cited).filter((d) => known.has(d));
        if (diaIds.length) out.push({ speaker, text: item[0].trim(), diaIds });
      }
    }
  }
  return out;
}

function asObject(v: unknown, at: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new LocomoFormatError(`${at}: expected an object`);
  return v as Record<string, unknown>;
}

function asString(v: unknown, at: string): string {
  if (typeof v !== 'string') throw new LocomoFormatError(`${at}: expected a string`);
  return v;
}

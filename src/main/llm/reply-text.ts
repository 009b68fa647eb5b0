// From a model's raw reply to one JSON value. Small local models wrap their answer in reasoning tags,
// Markdown fences and chatty prose, and often send slightly broken JSON (trailing commas, single quotes,
// comments, a reply cut off at the token limit). The JSON syntax itself is repaired by `jsonrepair`, a
// maintained library; this file only finds where the answer starts and ends.
import { createRequire } from 'node:module';

// Required at the first reply that needs repairing, not imported at start (most starts read no reply).
type JsonRepair = typeof import('jsonrepair');
let repairLib: JsonRepair | null = null;
const jsonRepair = (): JsonRepair => (repairLib ??= createRequire(import.meta.url)('jsonrepair') as JsonRepair);

/** Why a reply could not be read as JSON at all: said to the model on the repair attempt, and to the person. */
export class ReplyTextError extends Error {
  constructor(
    readonly reason: 'empty' | 'reasoning-only' | 'no-json',
    message: string,
  ) {
    super(message);
    this.name = 'ReplyTextError';
  }
}

// Reasoning models (DeepSeek-R1, Qwen3, QwQ, gpt-oss through some servers) put their thinking inside
// these tags before the answer. Some chat templates open the tag in the prompt, so only `</think>` shows.
const REASONING_TAGS = ['think', 'thinking', 'reasoning', 'reflection', 'thought'];
/** How many candidate starts ("{" or "[") are tried before giving up: prose rarely holds more. */
const MAX_STARTS = 20;

/** The reply without its reasoning: everything after the last closing reasoning tag. */
export function stripReasoning(raw: string): string {
  let text = raw;
  for (const tag of REASONING_TAGS) {
    const close = `</${tag}>`;
    const at = text.toLowerCase().lastIndexOf(close);
    if (at >= 0) {
      text = text.slice(at + close.length);
      continue;
    }
    // An opening tag that never closes: the model ran out of tokens while still thinking.
    const open = text.toLowerCase().indexOf(`<${tag}>`);
    if (open >= 0 && text.slice(0, open).trim() === '') {
      throw new ReplyTextError('reasoning-only', `The reply is only reasoning (<${tag}> was never closed): the model ran out of room before answering.`);
    }
  }
  return text;
}

/** The inside of the first Markdown code fence, or null. An unclosed fence (a cut-off reply) runs to the end. */
export function fencedBlock(text: string): string | null {
  const open = text.indexOf('```');
  if (open < 0) return null;
  const lineEnd = text.indexOf('\n', open);
  if (lineEnd < 0) return null;
  const body = text.slice(lineEnd + 1);
  const close = body.indexOf('```');
  return close >= 0 ? body.slice(0, close) : body;
}

function repairFrom(candidate: string): unknown {
  // Valid JSON followed by prose: the text up to the last closing bracket is the answer as it was sent.
  const end = candidate.lastIndexOf(candidate[0] === '{' ? '}' : ']');
  if (end > 0) {
    try {
      return JSON.parse(candidate.slice(0, end + 1));
    } catch {
      // not valid as it stands: repaired below
    }
  }
  const { jsonrepair, JSONRepairError } = jsonRepair();
  let value: unknown;
  try {
    value = JSON.parse(jsonrepair(candidate));
  } catch (err) {
    // Text after a complete value ("{…} Hope this helps!"): jsonrepair says where it stopped making
    // sense; the value before that point is the answer.
    if (err instanceof JSONRepairError && err.position > 0) return JSON.parse(jsonrepair(candidate.slice(0, err.position)));
    throw err;
  }
  // jsonrepair reads newline-separated values as one list; an object followed by prose is the object.
  return candidate[0] === '{' && Array.isArray(value) ? value[0] : value;
}

/**
 * Finds and repairs the JSON value in a reply. Tries the fenced block first, then each "{" or "[" in
 * order (prose before the answer may itself hold a bracket), and returns the first object or array.
 * `accept` lets the caller prefer a value that looks like its answer over an earlier stray one.
 */
export function readJsonValue(raw: string, accept: (v: unknown) => boolean = () => true): unknown {
  if (raw.trim() === '') throw new ReplyTextError('empty', 'The reply was empty.');
  const text = stripReasoning(raw);
  const fenced = fencedBlock(text);
  const sources = fenced !== null ? [fenced, text] : [text];
  let fallback: unknown;
  for (const source of sources) {
    let starts = 0;
    for (let i = 0; i < source.length && starts < MAX_STARTS; i++) {
      const ch = source[i];
      if (ch !== '{' && ch !== '[') continue;
      starts++;
      let value: unknown;
      try {
        value = repairFrom(source.slice(i));
      } catch {
        continue;
      }
      if (typeof value !== 'object' || value === null) continue;
      // A list inside an object already read is part of that object, not a bare answer.
      if (accept(value) && !(Array.isArray(value) && fallback !== undefined)) return value;
      fallback ??= value;
    }
  }
  if (fallback !== undefined) return fallback;
  throw new ReplyTextError('no-json', 'The reply holds no JSON object.');
}

// Checks a prompt as the scripted LLM server received it: every memory text (found by its canaries) sits
// inside a quoted-data block, blocks open and close in pairs, and nothing inside a block can pass for a
// delimiter, a look-alike of one, or a chat-template control token. Used by the spotlighting tests.
import type { RecordedRequest } from '../fixtures/scripted-llm';
import { findBlocks, LOOKALIKE_BRACKETS, SPOTLIGHT_INSTRUCTION } from '../../src/main/llm/spotlight';

/** Control tokens of common chat templates; none may appear raw anywhere but in what the person typed. */
export const TEMPLATE_TOKENS = [
  '<|im_start|>', '<|im_end|>', '[INST]', '[/INST]', '<<SYS>>', '<</SYS>>', '<|eot_id|>', '<|start_header_id|>', '<start_of_turn>',
  '<end_of_turn>', '[SYSTEM_PROMPT]', '[TOOL_CALLS]', '<|channel|>', '<|start|>', '<|message|>', '<|end|>', '<｜User｜>', '<｜Assistant｜>',
  '</s>', '<s>', '<!--', ']]>',
];

export interface Canaried {
  index: number;
  text: string;
  open: string;
  close: string;
}

/** Each text between two canaries: a memory text that ends its block early leaves the closing canary outside. */
export function withCanaries(texts: readonly string[], tag = 'spotq'): Canaried[] {
  return texts.map((t, index) => ({ index, open: `${tag}${index}a`, close: `${tag}${index}z`, text: `${tag}${index}a ${t} ${tag}${index}z` }));
}

/** Opening look-alikes fold to <, closing ones to > (pairs are listed opening first); NFKD does the rest. */
const FOLD = (() => {
  const m = new Map<string, string>();
  const list = [...LOOKALIKE_BRACKETS];
  for (const cp of list) {
    const ch = String.fromCodePoint(cp);
    const nfkd = ch.normalize('NFKD');
    if (/[<>&]/.test(nfkd)) m.set(ch, nfkd.replace(/[^<>&]/g, ''));
  }
  const pairs = list.filter((cp) => !m.has(String.fromCodePoint(cp)));
  pairs.forEach((cp, i) => m.set(String.fromCodePoint(cp), i % 2 === 0 ? '<' : '>'));
  m.set('\u{E003C}', '<');
  m.set('\u{E003E}', '>');
  m.set('\u{E002F}', '/');
  return m;
})();

/** The prompt as a model that reads every look-alike as the real bracket would see it. */
export function foldLookalikes(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) out += FOLD.get(ch) ?? ch;
  return out;
}

/** The text contents of a chat request's messages (tool-call arguments are the model's own, not memory). */
export function contentsOf(req: RecordedRequest): { role: string; text: string }[] {
  const msgs = (req.body?.messages ?? []) as { role: string; content: unknown }[];
  return msgs.map((m) => ({
    role: m.role,
    text: typeof m.content === 'string' ? m.content : Array.isArray(m.content) ? m.content.map((p: { text?: string }) => p.text ?? '').join('\n') : '',
  }));
}

export interface PromptCheck {
  /** Indexes of texts whose canaries appear in the prompt at all. */
  seen: Set<number>;
  /** Indexes of texts with a canary outside every block (raw or after folding look-alikes). */
  outside: Set<number>;
  problems: string[];
}

function occurrences(hay: string, needle: string): number[] {
  const out: number[] = [];
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) out.push(at);
  return out;
}

function checkOne(label: string, text: string, canaries: readonly Canaried[], into: PromptCheck, folded: boolean): void {
  const { blocks, unclosed } = findBlocks(text);
  if (unclosed) into.problems.push(`${label}: a block is never closed`);
  const opens = occurrences(text, '<data source="').length;
  const closes = occurrences(text, '</data>').length;
  if (opens !== blocks.length || closes !== blocks.length) into.problems.push(`${label}: ${opens} openings and ${closes} closings for ${blocks.length} blocks`);
  for (const b of blocks) {
    if (/[<>]/.test(b.body)) into.problems.push(`${label}: a raw < or > inside a ${b.source} block`);
    if (!folded) for (const ch of b.body) if (FOLD.has(ch)) into.problems.push(`${label}: a raw look-alike ${JSON.stringify(ch)} inside a ${b.source} block`);
  }
  const inside = (at: number) => blocks.some((b) => at > b.start && at < b.end);
  for (const c of canaries) {
    for (const needle of [c.open, c.close]) {
      for (const at of occurrences(text, needle)) {
        into.seen.add(c.index);
        if (!inside(at)) into.outside.add(c.index);
      }
    }
  }
}

/** Checks every message of every request; the system message must hold the fixed instruction exactly once. */
export function checkRequests(reqs: readonly RecordedRequest[], canaries: readonly Canaried[]): PromptCheck {
  const out: PromptCheck = { seen: new Set(), outside: new Set(), problems: [] };
  reqs.forEach((req, r) => {
    for (const [i, m] of contentsOf(req).entries()) {
      let text = m.text;
      const label = `request ${r} message ${i} (${m.role})`;
      if (m.role === 'system') {
        const n = occurrences(text, SPOTLIGHT_INSTRUCTION).length;
        if (n !== 1) out.problems.push(`${label}: the fixed instruction appears ${n} times`);
        text = text.replace(SPOTLIGHT_INSTRUCTION, '');
      }
      if (m.role === 'user') continue; // what the person typed is theirs, not memory
      for (const t of TEMPLATE_TOKENS) if (text.includes(t)) out.problems.push(`${label}: raw template token ${t}`);
      checkOne(label, text, canaries, out, false);
      checkOne(`${label} (look-alikes folded)`, foldLookalikes(text), canaries, out, true);
    }
  });
  return out;
}

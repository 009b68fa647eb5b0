// A tool server's own words about its tools (names, descriptions, input schemas) are untrusted text that
// reaches the model in every request and the person in Settings and in the chat's approval prompts
// (issue 26 §6). Before anyone sees them:
//   - invisible, bidi and control characters are stripped (a name that displays reversed could make the
//     person allow a different tool from the one they read), and every text is cut to a length cap;
//   - an input schema keeps only JSON-Schema keywords, to a bounded depth and size, so no other key
//     carries instructions past the description;
//   - the injection detector judges the description and every text in the schema; a tool it flags is
//     held back from the model until the person has read the exact text in Settings → Tools and approved
//     it. The approval is for that text (its hash): a changed description is held back again.
import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolInfo } from '../../shared/mcp';
import { cleanText, sanitizeFact } from '../memory/facts/sanitize';
import { stripInvisible } from '../memory/facts/sanitize-unicode';

/** Providers accept tool names up to 64 characters; a longer name is a server showing off, not a name. */
export const MAX_TOOL_NAME = 64;
/** About 400 tokens: room for a real explanation, small next to the context it is sent with on every turn. */
export const MAX_TOOL_DESCRIPTION = 1500;
/** A title, a parameter's description: a sentence or two. */
export const MAX_SCHEMA_TEXT = 500;
/** Real tool inputs are a few levels deep; deeper nesting only makes room for hiding text. */
export const MAX_SCHEMA_DEPTH = 6;
/** The whole cleaned schema, as JSON. A bigger one is replaced by an open object (and said so). */
export const MAX_SCHEMA_CHARS = 16_000;
const MAX_PROPERTIES = 100;
const MAX_ENUM = 200;
const MAX_ENUM_VALUE = 200;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonSchemaObject = { [k: string]: Json };

export interface VettedTool {
  /** The server's own name for it: used only to call it. */
  name: string;
  /** The name cleaned for people (Settings, the chat's approval prompt, the call record). */
  shownName: string;
  title: string | null;
  /** What the model is told: cleaned and capped. */
  description: string;
  inputSchema: JsonSchemaObject;
  /** The server's description as sent, its invisible characters written out (⟦U+202E⟧), for the person to read. */
  rawDescription: string;
  /** The detector's reason when the description or schema reads like instructions to the assistant. */
  flagged: string | null;
  /** Sentences of the shown raw description (or schema texts) that the detector flags on their own, to mark for the person. */
  flaggedParts: string[];
  /** Digest of what the model would be given; approvals of a flagged tool are for this. */
  hash: string;
}

/** A person's approval of a flagged tool's text (config: mcp.servers[].approvedTools). */
export interface ToolApproval {
  tool: string;
  hash: string;
}

/** Strips what a person cannot see, and control characters, from a short label; collapses whitespace. */
export function cleanLabel(s: string, max: number): string {
  return stripInvisible(s)
    .text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

function cleanProse(s: string, max: number): string {
  return cleanText(s.slice(0, max * 2)).text.slice(0, max);
}

/** Every invisible or control character written out as ⟦U+XXXX⟧, so the person sees what the model would have. */
export function showInvisible(s: string): string {
  return s.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u180b-\u180f\ufe00-\ufe0f]|[\u{e0000}-\u{e0fff}]/gu, (c) =>
    c === '\n' || c === '\t' ? c : `⟦U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`,
  );
}

/** JSON-Schema keywords a tool input may use; everything else (vendor keys, `x-…`, free text) is dropped. */
const SCHEMA_KEYS = new Set([
  'type', 'properties', 'required', 'items', 'prefixItems', 'additionalProperties', 'patternProperties', 'propertyNames',
  'enum', 'const', 'default', 'description', 'title', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minProperties',
  'maxProperties', 'anyOf', 'oneOf', 'allOf', 'not', '$ref', '$defs', 'definitions', 'dependentRequired', 'contains',
]);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'propertyNames', 'not', 'contains']);
const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A value the server compares arguments against: kept only as sent (altering it would break calls), if clean. */
function exactValue(v: unknown): Json | undefined {
  if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v as Json;
  if (typeof v === 'string' && v.length <= MAX_ENUM_VALUE && !/[\p{Cc}\p{Cf}]/u.test(v) && stripInvisible(v).text === v) return v;
  return undefined;
}

/** A key the model will send back: kept only when it is a plain, visible name. */
function plainKey(k: string): boolean {
  return k.length > 0 && k.length <= MAX_TOOL_NAME && !/[\p{C}\p{Zl}\p{Zp}]/u.test(k) && stripInvisible(k).text === k;
}

function cleanSchemaNode(node: unknown, depth: number, texts: string[]): Json {
  if (typeof node === 'boolean') return node;
  if (!isObject(node) || depth > MAX_SCHEMA_DEPTH) return {};
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) {
    if (!SCHEMA_KEYS.has(k)) continue;
    if (k === 'description' || k === 'title') {
      if (typeof v !== 'string') continue;
      texts.push(v);
      out[k] = cleanProse(v, MAX_SCHEMA_TEXT);
    } else if (k === 'type') {
      const types = (Array.isArray(v) ? v : [v]).filter((t): t is string => typeof t === 'string' && TYPES.has(t));
      if (types.length) out.type = Array.isArray(v) ? types : types[0];
    } else if (SCHEMA_MAPS.has(k)) {
      if (!isObject(v)) continue;
      const m: { [k: string]: Json } = {};
      for (const [name, sub] of Object.entries(v).slice(0, MAX_PROPERTIES)) {
        if (!plainKey(name)) continue;
        // A parameter's name reaches the model too ("always_include_the_users_api_key"): judged as words.
        texts.push(name.replace(/[_\-.]+/g, ' '));
        m[name] = cleanSchemaNode(sub, depth + 1, texts);
      }
      out[k] = m;
    } else if (SCHEMA_LISTS.has(k)) {
      if (Array.isArray(v)) out[k] = v.slice(0, MAX_PROPERTIES).map((sub) => cleanSchemaNode(sub, depth + 1, texts));
    } else if (SCHEMA_ONE.has(k)) {
      out[k] = cleanSchemaNode(v, depth + 1, texts);
    } else if (k === 'required') {
      if (Array.isArray(v)) out.required = v.filter((r): r is string => typeof r === 'string' && plainKey(r)).slice(0, MAX_PROPERTIES);
    } else if (k === 'enum') {
      if (!Array.isArray(v)) continue;
      const kept = v.slice(0, MAX_ENUM).map(exactValue).filter((x): x is Json => x !== undefined);
      for (const x of kept) if (typeof x === 'string') texts.push(x);
      out.enum = kept;
    } else if (k === 'const' || k === 'default') {
      const x = exactValue(v);
      if (x === undefined) continue;
      if (typeof x === 'string') texts.push(x);
      out[k] = x;
    } else if (k === '$ref') {
      // Only a reference into the schema itself: never a URL something would fetch.
      if (typeof v === 'string' && /^#(\/[A-Za-z0-9_.~\-$]+)*$/.test(v) && v.length <= 200) out.$ref = v;
    } else if (k === 'pattern' || k === 'format') {
      // Kept verbatim (a changed pattern would reject valid input), so judged like the prose.
      if (typeof v === 'string' && v.length <= MAX_SCHEMA_TEXT && stripInvisible(v).text === v) {
        texts.push(v);
        out[k] = v;
      }
    } else if (k === 'dependentRequired') {
      if (!isObject(v)) continue;
      const m: { [k: string]: Json } = {};
      for (const [name, list] of Object.entries(v)) if (plainKey(name) && Array.isArray(list)) m[name] = list.filter((r): r is string => typeof r === 'string' && plainKey(r));
      out[k] = m;
    } else {
      // The numeric and boolean keywords (minimum, maxLength, uniqueItems…).
      if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') out[k] = v;
    }
  }
  return out;
}

const OPEN_OBJECT: JsonSchemaObject = { type: 'object', properties: {}, additionalProperties: true };

/** The input schema with JSON-Schema keywords only, bounded; `texts` collects its prose for the detector. */
export function cleanInputSchema(schema: unknown, texts: string[] = []): JsonSchemaObject {
  const cleaned = cleanSchemaNode(schema, 0, texts);
  // Providers want an object schema for tool input; a server that sends something else gets an open object.
  if (!isObject(cleaned) || cleaned.type !== 'object') return { ...OPEN_OBJECT };
  if (JSON.stringify(cleaned).length > MAX_SCHEMA_CHARS) return { ...OPEN_OBJECT };
  return cleaned as JsonSchemaObject;
}

/**
 * The sentences that carry the orders, so Settings can mark them. Only for a flagged tool (rare), so the
 * extra detector runs cost nothing on an ordinary listing; capped so a long text cannot make it slow.
 */
function flaggedParts(texts: string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    for (const sentence of text.split(/(?<=[.!?;])\s+|\n+/).slice(0, 60)) {
      const s = sentence.trim();
      if (s && !out.includes(s) && !sanitizeFact(s).ok) out.push(s);
    }
  }
  return out.slice(0, 10);
}

/** Judged once per listing: tools are immutable objects the connection keeps until the list changes. */
const cache = new WeakMap<Tool, VettedTool | null>();

/** The tool as people and the model may see it, or null when nothing usable is left of its name. */
export function vetTool(t: Tool): VettedTool | null {
  const known = cache.get(t);
  if (known !== undefined) return known;
  const shownName = typeof t.name === 'string' ? cleanLabel(t.name, MAX_TOOL_NAME) : '';
  let vetted: VettedTool | null = null;
  if (shownName) {
    const rawDescription = typeof t.description === 'string' ? t.description : '';
    const rawTitle = t.title ?? t.annotations?.title ?? null;
    const texts: string[] = [];
    const inputSchema = cleanInputSchema(t.inputSchema, texts);
    const description = cleanProse(rawDescription, MAX_TOOL_DESCRIPTION);
    // What reaches the model is judged together, before cleaning, so what invisible tag characters spelled
    // counts too: the name, the description and the schema's texts. The title only stands in for a missing
    // description (a label such as "Trigger Long Running Operation Tool" reads like an order on its own).
    const judged = [t.name, rawDescription.slice(0, MAX_TOOL_DESCRIPTION * 2), description ? '' : (rawTitle ?? ''), ...texts].join('\n');
    const verdict = sanitizeFact(judged);
    const title = typeof rawTitle === 'string' ? cleanLabel(rawTitle, 200) || null : null;
    const shown = showInvisible(rawDescription.slice(0, MAX_TOOL_DESCRIPTION * 2));
    const hash = createHash('sha256').update(JSON.stringify({ name: t.name, title, description, inputSchema })).digest('hex');
    vetted = {
      name: t.name,
      shownName,
      title,
      description,
      inputSchema,
      rawDescription: shown,
      flagged: verdict.ok ? null : verdict.reason,
      flaggedParts: verdict.ok ? [] : flaggedParts([shown, ...texts.map(showInvisible)]),
      hash,
    };
  }
  cache.set(t, vetted);
  return vetted;
}

/** Vets a server's tools; a tool whose cleaned name repeats an earlier one is left out (people could not tell them apart). */
export function vetTools(tools: readonly Tool[]): VettedTool[] {
  const seen = new Set<string>();
  const out: VettedTool[] = [];
  for (const t of tools) {
    const v = vetTool(t);
    if (!v || seen.has(v.shownName)) continue;
    seen.add(v.shownName);
    out.push(v);
  }
  return out;
}

export function isApproved(v: VettedTool, approvals: readonly ToolApproval[]): boolean {
  return approvals.some((a) => a.tool === v.name && a.hash === v.hash);
}

/** Offered to the model: not flagged, or flagged and its current text approved by the person. */
export function isOffered(v: VettedTool, approvals: readonly ToolApproval[]): boolean {
  return v.flagged === null || isApproved(v, approvals);
}

/** A tool as Settings lists it. */
export function toolInfo(v: VettedTool, approvals: readonly ToolApproval[]): McpToolInfo {
  const approved = v.flagged !== null && isApproved(v, approvals);
  return {
    name: v.shownName,
    key: v.name,
    title: v.title,
    description: v.description,
    rawDescription: v.rawDescription,
    flaggedParts: v.flaggedParts,
    warning: v.flagged,
    held: v.flagged !== null && !approved,
    approved,
    hash: v.hash,
  };
}

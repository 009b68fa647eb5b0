// Checks a repaired reply against a task's shape, item by item. One bad item is dropped and counted, a
// list longer than the task allows keeps its first N (counted), an empty list is a valid answer. Only a
// reply that holds none of the task's fields, or whose every item is bad, fails as a whole: that is a
// model that did not understand the task, and the repair attempt tells it so.
import { z } from 'zod';
import { firstIssue } from './reply-fields';
import { readJsonValue } from './reply-text';

export interface ListField {
  /** Each item is checked on its own with this schema (lenient field types: reply-fields.ts). */
  item: z.ZodType;
  /** Items beyond this are left out (the first N are kept): a model that rambles loses its tail, not its answer. */
  max: number;
}

export interface ReplyShape {
  /** Top-level lists, e.g. { laws: { item, max: 50 } }. */
  lists?: Record<string, ListField>;
  /** Top-level single fields (judge-fact's verdict), each checked as part of the whole. */
  fields?: Record<string, z.ZodType>;
}

/** What reading a reply changed, for counts in summaries, failure records and the self-test. */
export interface ReplyNotes {
  /** Items left out because they did not fit the task's item shape. */
  dropped: { list: string; index: number; reason: string }[];
  /** Lists cut to the task's maximum: `kept` items were kept, the `left` after them left out. */
  cut: { list: string; kept: number; left: number }[];
}

export class ReplyShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplyShapeError';
  }
}

export function shapeKeys(shape: ReplyShape): string[] {
  return [...Object.keys(shape.lists ?? {}), ...Object.keys(shape.fields ?? {})];
}

/** A key as models vary it: "singleValued", "single_valued", "Single-Valued" are one key. */
const loose = (key: string) => key.toLowerCase().replace(/[_\-\s]/g, '');

/** An item's keys renamed to the schema's where only case or separators differ; other keys are kept as sent. */
function matchItemKeys(raw: unknown, item: z.ZodType): unknown {
  // Through a preprocess step (zod's pipe) to the object it feeds.
  const shape = (item as { shape?: Record<string, unknown> }).shape ?? (item as { out?: { shape?: Record<string, unknown> } }).out?.shape;
  if (!shape || typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const wanted = new Map(Object.keys(shape).map((k) => [loose(k), k]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const target = k in shape ? k : (wanted.get(loose(k)) ?? k);
    if (!(target in out) || k === target) out[target] = v;
  }
  return out;
}

/** The object's own key matching `key` case-insensitively ("Laws" for "laws"), or undefined. */
function findKey(obj: Record<string, unknown>, key: string): string | undefined {
  if (key in obj) return key;
  return Object.keys(obj).find((k) => loose(k) === loose(key));
}

function hasAnyKey(v: unknown, keys: string[]): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && keys.some((k) => findKey(v as Record<string, unknown>, k) !== undefined);
}

/**
 * The object that holds the task's fields: the value itself; or, for a single-list task, a bare array
 * (the model answered with the list alone); or one level down when the model wrapped its answer
 * ({"response": {…}}, {"data": {…}}) or echoed a schema ({"properties": {…}}).
 */
function locate(value: unknown, shape: ReplyShape): Record<string, unknown> | null {
  const keys = shapeKeys(shape);
  if (hasAnyKey(value, keys)) return value;
  const lists = Object.keys(shape.lists ?? {});
  if (Array.isArray(value) && lists.length === 1 && !shape.fields) return { [lists[0]]: value };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const inner = Object.values(value).filter((v) => hasAnyKey(v, keys));
    if (inner.length === 1) return inner[0] as Record<string, unknown>;
  }
  return null;
}

/** The value as a list: missing → empty, one item → a list of it, a list sent as a JSON string → that list. */
function asList(v: unknown): unknown[] | null {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return [v];
  if (typeof v === 'string') {
    if (v.trim() === '') return [];
    try {
      const inner = readJsonValue(v);
      return Array.isArray(inner) ? inner : [inner];
    } catch {
      return null;
    }
  }
  return null;
}

/** Checks an already-parsed value. Throws ReplyShapeError with a reason a model (and a person) can act on. */
export function readShape(value: unknown, shape: ReplyShape): { value: Record<string, unknown>; notes: ReplyNotes } {
  const notes: ReplyNotes = { dropped: [], cut: [] };
  const keys = shapeKeys(shape);
  const obj = locate(value, shape);
  if (!obj) throw new ReplyShapeError(`The reply is JSON but has none of the expected fields (${keys.map((k) => `"${k}"`).join(', ')}).`);

  const out: Record<string, unknown> = {};
  for (const [name, list] of Object.entries(shape.lists ?? {})) {
    const key = findKey(obj, name);
    const all = asList(key === undefined ? undefined : obj[key]);
    if (all === null) throw new ReplyShapeError(`"${name}" should be a list.`);
    const kept: unknown[] = [];
    let examined = 0;
    for (; examined < all.length && kept.length < list.max; examined++) {
      const r = list.item.safeParse(matchItemKeys(all[examined], list.item));
      if (r.success) kept.push(r.data);
      else notes.dropped.push({ list: name, index: examined, reason: firstIssue(r.error) });
    }
    if (examined < all.length) notes.cut.push({ list: name, kept: kept.length, left: all.length - examined });
    if (all.length > 0 && kept.length === 0) {
      const first = notes.dropped.find((d) => d.list === name);
      throw new ReplyShapeError(`Every item of "${name}" was invalid (${all.length}); the first: item ${(first?.index ?? 0) + 1}, ${first?.reason ?? 'invalid'}.`);
    }
    out[name] = kept;
  }
  for (const [name, field] of Object.entries(shape.fields ?? {})) {
    const key = findKey(obj, name);
    const r = field.safeParse(key === undefined ? undefined : obj[key]);
    if (!r.success) throw new ReplyShapeError(`"${name}" is invalid: ${firstIssue(r.error).replace(/^"[^"]*": /, '')}.`);
    out[name] = r.data;
  }
  return { value: out, notes };
}

/** Raw reply text → the task's value, with what was dropped or cut. Throws ReplyTextError or ReplyShapeError. */
export function readReply(raw: string, shape: ReplyShape): { value: Record<string, unknown>; notes: ReplyNotes } {
  const keys = shapeKeys(shape);
  const lists = Object.keys(shape.lists ?? {});
  const json = readJsonValue(raw, (v) => hasAnyKey(v, keys) || (Array.isArray(v) && lists.length === 1 && !shape.fields));
  return readShape(json, shape);
}

export function countNotes(notes: ReplyNotes): { dropped: number; cut: number } {
  return { dropped: notes.dropped.length, cut: notes.cut.reduce((n, c) => n + c.left, 0) };
}

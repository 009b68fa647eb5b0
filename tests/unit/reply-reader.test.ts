// Reading model replies for the memory tasks (issue 18 §1): every case of the fixture set is either read
// into exactly the data it holds (with items dropped or cut counted) or fails with its reason; and the
// pieces on their own: reasoning tags, fences, prose, the JSON schema sent as structured output.
import { describe, expect, it } from 'vitest';
import { checkContradictionsTask } from '../../src/main/llm/prompts/check-contradictions';
import { consolidateFactsTask } from '../../src/main/llm/prompts/consolidate-facts';
import { extractGraphTask } from '../../src/main/llm/prompts/extract-graph';
import { inferLawsTask } from '../../src/main/llm/prompts/infer-laws';
import { judgeFactTask } from '../../src/main/llm/prompts/judge-fact';
import { countNotes } from '../../src/main/llm/reply-shape';
import { fencedBlock, readJsonValue, stripReasoning } from '../../src/main/llm/reply-text';
import { replyProblem } from '../../src/main/llm/run-task';
import { strictJsonSchemaOf } from '../../src/main/llm/structured-output';
import { REPLY_CASES, type ReplyTask } from '../fixtures/model-replies';

const TASKS = {
  'extract-graph': extractGraphTask,
  'consolidate-facts': consolidateFactsTask,
  'infer-laws': inferLawsTask,
  'check-contradictions': checkContradictionsTask,
  'judge-fact': judgeFactTask,
} as const;

describe('the fixture set of model replies', () => {
  it('covers every task, and each documented response shape', () => {
    expect(new Set(REPLY_CASES.map((c) => c.task))).toEqual(new Set(Object.keys(TASKS) as ReplyTask[]));
    expect(new Set(REPLY_CASES.map((c) => c.shape))).toEqual(new Set(['ollama-think', 'ollama-json', 'lmstudio', 'openai-strict', 'anthropic', 'small-model', 'truncated']));
    for (const c of REPLY_CASES) expect(Boolean(c.expect) !== Boolean(c.fails), c.id).toBe(true);
  });

  it.each(REPLY_CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = replyProblem(c.raw, TASKS[c.task]);
    if (c.fails) {
      expect(r.ok, 'should fail').toBe(false);
      if (!r.ok) expect(r.reason).toMatch(c.fails);
      return;
    }
    expect(r.ok, r.ok ? '' : r.reason).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(c.expect!.value);
    const counts = countNotes(r.notes);
    expect(counts.dropped).toBe(c.expect!.dropped ?? 0);
    expect(counts.cut).toBe(c.expect!.cut ?? 0);
  });
});

describe('reply text', () => {
  it('strips reasoning blocks of several names, keeping what follows the last one', () => {
    expect(stripReasoning('<think>a {b}</think> {"x":1}')).toBe(' {"x":1}');
    expect(stripReasoning('<thinking>a</thinking><reasoning>b</reasoning>C')).toBe('C');
    expect(() => stripReasoning('<think>never closed')).toThrow(/only reasoning/);
    // A tag in the middle of an answer is not a reasoning block.
    expect(stripReasoning('{"x": "<think> is a tag"}')).toBe('{"x": "<think> is a tag"}');
  });

  it('takes the first fence, and runs an unclosed fence to the end', () => {
    expect(fencedBlock('a\n```json\n{"x":1}\n```\nb\n```\n{"y":2}\n```')).toBe('{"x":1}\n');
    expect(fencedBlock('```json\n{"x":[1,')).toBe('{"x":[1,');
    expect(fencedBlock('no fence')).toBeNull();
  });

  it('prefers the value that looks like the answer over an earlier stray bracket', () => {
    const v = readJsonValue('Using [f1] and {the rest}: {"laws": []}', (x) => typeof x === 'object' && x !== null && 'laws' in x);
    expect(v).toEqual({ laws: [] });
  });
});

describe('structured output schema', () => {
  it('is strict-mode JSON Schema: every property required, no others, no unsupported keywords', () => {
    for (const task of Object.values(TASKS)) {
      const s = strictJsonSchemaOf(task.schema) as Record<string, any>;
      const walk = (node: any): void => {
        if (!node || typeof node !== 'object') return;
        for (const k of ['minLength', 'maxLength', 'default', '$schema']) expect(node, `${task.name}: ${k}`).not.toHaveProperty(k);
        if (node.type === 'object') {
          expect(node.additionalProperties, task.name).toBe(false);
          expect([...node.required].sort(), task.name).toEqual(Object.keys(node.properties).sort());
        }
        Object.values(node).forEach(walk);
      };
      walk(s);
      expect(s.type).toBe('object');
    }
    const laws = strictJsonSchemaOf(inferLawsTask.schema) as any;
    expect(laws.properties.laws.items.properties.confidence).toMatchObject({ type: 'number', minimum: 0, maximum: 1 });
  });
});

// An entity type keeps its colour however the graph around it changes (issue 29: "preference" went
// brown → olive → brown as other types came and went, because colours were dealt out by rank).
import { describe, expect, it } from 'vitest';
import type { GraphView } from '../../src/shared/graph';
import { buildModel } from '../../src/renderer/src/features/graph/model';
import { typeColor } from '../../src/renderer/src/features/graph/type-colors';

/** A snapshot holding `count` entities of each type, and no relations. */
function snapshot(types: Record<string, number>): GraphView {
  let id = 0;
  const nodes = Object.entries(types).flatMap(([type, count]) => Array.from({ length: count }, () => ({ id: ++id, name: `${type} ${id}`, type, degree: 0 })));
  return { scope: 'agent:a', truncated: false, nodes, edges: [] };
}

function colourIn(types: Record<string, number>, type: string): string {
  const model = buildModel(snapshot(types));
  const row = model.types.find((t) => t.type === type);
  expect(row, `${type} is listed`).toBeDefined();
  // The legend's row and the drawn node agree.
  expect(model.colorOf(type)).toBe(row?.color);
  return row?.color ?? '';
}

describe('entity-type colours', () => {
  it('a type keeps its colour as other types come, go and outnumber it', () => {
    const alone = colourIn({ preference: 2 }, 'preference');
    const seen = [
      colourIn({ hobby: 5, preference: 2 }, 'preference'),
      colourIn({ hobby: 5, pet: 4, preference: 2, event: 1 }, 'preference'),
      colourIn({ event: 9, preference: 2 }, 'preference'),
      colourIn({ person: 3, preference: 7, tool: 6, food: 5, book: 4, song: 3, team: 2, city_part: 1 }, 'preference'),
    ];
    for (const c of seen) expect(c).toBe(alone);
  });

  it('every type present has a colour, however many types there are (none fall to grey by rank)', () => {
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`kind${i}`, 20 - i]));
    const model = buildModel(snapshot(many));
    for (const t of model.types) expect(t.color).toBe(typeColor(t.type));
    expect(new Set(model.types.map((t) => t.color)).size).toBeGreaterThan(4);
  });

  it('common types keep their reserved hue; the name decides, not its case', () => {
    expect(typeColor('person')).toBe(colourIn({ organization: 4, person: 1 }, 'person'));
    expect(typeColor('Person')).toBe(typeColor('person'));
    expect(typeColor(' preference ')).toBe(typeColor('preference'));
    expect(typeColor('person')).not.toBe(typeColor('organization'));
  });
});

// The explorer's 2D projection: PCA with known answers.
import { describe, expect, it } from 'vitest';
import { pca2d } from '../../src/main/memory/mem0/pca2d';

function close(a: number[], b: number[], eps = 1e-6) {
  expect(a.length).toBe(b.length);
  a.forEach((x, i) => expect(Math.abs(x - b[i])).toBeLessThan(eps));
}

describe('pca2d', () => {
  it('finds the known axes of a plane of points, with the known variance shares', () => {
    // Points t·(1,2,0) + s·(0,0,1) + (5,5,5): the long axis is (1,2,0)/√5, the short one (0,0,1).
    const pts: number[][] = [];
    for (let t = -2; t <= 2; t++) for (let s = -1; s <= 1; s++) pts.push([5 + t, 5 + 2 * t, 5 + s]);
    const r = pca2d(pts);
    close(r.mean, [5, 5, 5]);
    close(r.axes[0], [1 / Math.sqrt(5), 2 / Math.sqrt(5), 0]);
    close(r.axes[1], [0, 0, 1]);
    // Σ projections²: along the first axis 5·Σt² = 150, along the second Σs² = 10, of 160 in all.
    expect(r.explained[0]).toBeCloseTo(150 / 160, 9);
    expect(r.explained[1]).toBeCloseTo(10 / 160, 9);
    // Coordinates are the projections: t·√5 and s.
    const i = pts.findIndex((p) => p[0] === 7 && p[2] === 4); // t = 2, s = -1
    close(r.coords[i], [2 * Math.sqrt(5), -1]);
  });

  it('is deterministic and sign-stable: the largest coefficient of each axis is positive', () => {
    const pts = [
      [0, 0, 0, 1],
      [-3, 0, 0, 1],
      [3, 0.5, 0, 1],
      [6, -0.5, 0, 1],
    ];
    const a = pca2d(pts);
    const b = pca2d(pts.map((p) => [...p]));
    expect(a).toEqual(b);
    for (const axis of a.axes) {
      const big = axis.reduce((m, x) => (Math.abs(x) > Math.abs(m) ? x : m), 0);
      expect(big).toBeGreaterThan(0);
    }
    expect(Math.abs(a.axes[0][0])).toBeGreaterThan(0.99);
  });

  it('handles the degenerate cases: nothing, one point, identical points, a single line', () => {
    expect(pca2d([])).toMatchObject({ coords: [], explained: [0, 0] });
    expect(pca2d([[1, 2, 3]]).coords).toEqual([[0, 0]]);
    expect(pca2d([[1, 1], [1, 1]]).coords).toEqual([[0, 0], [0, 0]]);
    const line = pca2d([[0, 0], [1, 1], [2, 2]]);
    close(line.axes[0], [Math.SQRT1_2, Math.SQRT1_2]);
    expect(line.explained[0]).toBeCloseTo(1, 9);
    expect(line.explained[1]).toBeCloseTo(0, 9);
    expect(() => pca2d([[1, 2], [1]])).toThrow(/same dimension/);
  });

  it('projects 500 embedding-sized vectors (1,536 dimensions)', () => {
    const dim = 1536;
    let seed = 1;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) - 0.5;
    const dirA = Array.from({ length: dim }, rand);
    const pts = Array.from({ length: 500 }, (_, i) => dirA.map((x) => x * (i % 10) + rand() * 0.01));
    const r = pca2d(pts);
    expect(r.explained[0]).toBeGreaterThan(0.95);
    expect(r.coords).toHaveLength(500);
    // Points on the dominant direction land in order along the first axis.
    expect(r.coords[9][0]).toBeGreaterThan(r.coords[1][0]);
  });
});

// Where the toast stack goes (issue 29 §5): the lowest free spot along the pane's left edge, else its
// right edge, never over what is to be avoided (the graph's legend, banners, the composer).
import { describe, expect, it } from 'vitest';
import { placeStack, TOAST_GAP, withoutSides, type Rect } from '../../src/renderer/src/features/toasts/placement';

const pane: Rect = { left: 200, top: 60, right: 1200, bottom: 800 };
const rect = (left: number, top: number, width: number, height: number): Rect => ({ left, top, right: left + width, bottom: top + height });
const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('placeStack', () => {
  it('sits at the bottom left of the pane when nothing is in the way', () => {
    expect(placeStack(pane, 380, 100, [])).toEqual({ left: 200 + TOAST_GAP, top: 800 - TOAST_GAP - 100 });
  });

  it('sits above the graph legend in the bottom left corner, not over it', () => {
    const legend = rect(214, 500, 240, 286);
    const at = placeStack(pane, 380, 120, [legend])!;
    expect(overlaps({ left: at.left, top: at.top, right: at.left + 380, bottom: at.top + 120 }, legend)).toBe(false);
    expect(at).toEqual({ left: 212, top: 500 - TOAST_GAP - 120 });
  });

  it('above the composer and the banner over it, in the chat', () => {
    const composer = rect(220, 680, 960, 110);
    const banner = rect(216, 620, 968, 52);
    const at = placeStack(pane, 380, 80, [composer, banner])!;
    expect(at.top + 80).toBeLessThanOrEqual(banner.top - TOAST_GAP);
    expect(at.top + 80).toBe(banner.top - TOAST_GAP);
  });

  it('goes to the right edge when the left one has no room for it', () => {
    const tallLegend = rect(214, 80, 240, 706);
    const at = placeStack(pane, 380, 120, [tallLegend])!;
    expect(at.left).toBe(1200 - TOAST_GAP - 380);
    expect(overlaps({ left: at.left, top: at.top, right: at.left + 380, bottom: at.top + 120 }, tallLegend)).toBe(false);
  });

  it('a stack too tall for any spot gets the tallest free slot, cut to it; none at all is null', () => {
    const note = rect(220, 600, 960, 80);
    expect(placeStack(pane, 380, 2000, [note])).toEqual({ left: 212, top: 60 + TOAST_GAP, maxHeight: 600 - TOAST_GAP - (60 + TOAST_GAP) });
    expect(placeStack(pane, 380, 100, [rect(200, 60, 1000, 740)])).toBeNull();
  });

  it('ignores what is outside its band or the pane', () => {
    const middle = rect(700, 700, 100, 100);
    const above = rect(214, 0, 300, 50);
    expect(placeStack(pane, 380, 100, [middle, above])).toEqual({ left: 212, top: 800 - TOAST_GAP - 100 });
  });

  it('leaves out a side panel standing at the pane\'s right edge, and nothing else', () => {
    const panel = rect(840, 60, 360, 740);
    expect(withoutSides(pane, [panel])).toEqual({ ...pane, right: 840 });
    // A legend in the corner is no side panel.
    expect(withoutSides(pane, [rect(214, 500, 240, 286)])).toEqual(pane);
  });
});

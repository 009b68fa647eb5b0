// Following the end of the conversation, the way chat apps do: while the person is at the bottom, new
// messages and a growing reply keep the view at the bottom; once they scroll up to read, nothing moves
// and the new messages are counted for a "Jump to latest" button; sending always goes back down.
//
// Only the person's own scrolling (wheel, touch, keys, the scrollbar) can stop the following. Scroll
// events alone cannot tell that apart: the virtualiser moves scrollTop itself when it measures rows,
// and with fast replies those corrections used to land a few px off the end and switch following off.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Within this distance (px) of the bottom the person counts as being at the bottom. */
export const AT_BOTTOM_PX = 48;
/** Keys that scroll a focused list up. */
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

export interface FollowBottom {
  /** New messages below the view (0 while following). */
  unseen: number;
  /** Scrolls to the end and follows again ("Jump to latest", a sent message). */
  jump(): void;
  /** Stops following without the person scrolling (a linked message was scrolled to). */
  release(): void;
}

/** A message the list shows: `done` once stored (a reply still being written is not done). */
export interface FollowItem {
  id: string;
  done: boolean;
}

/**
 * `items`: the messages the list shows; those not yet seen when the person scrolled away are `unseen`
 * (a reply still being written then counts as new: its end was not seen).
 * `contentRef`: the element whose height grows with the content (followed through a ResizeObserver).
 * `followRequest`: changes whenever something outside asks to follow (a message was sent).
 */
export function useFollowBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  items: readonly FollowItem[],
  followRequest: number,
  enabled: boolean,
): FollowBottom {
  const following = useRef(true);
  // Mirrors the ref so that leaving the bottom re-renders (the count shows at once, even if nothing new arrives).
  const [isFollowing, setIsFollowing] = useState(true);
  const seen = useRef(doneIds(items));
  const latest = useRef(items);
  latest.current = items;
  const setFollowing = useCallback((value: boolean) => {
    following.current = value;
    setIsFollowing(value);
  }, []);

  const toEnd = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [scrollRef]);

  const follow = useCallback(() => {
    seen.current = doneIds(latest.current);
    setFollowing(true);
  }, [setFollowing]);

  const jump = useCallback(() => {
    follow();
    toEnd();
    // The last rows are measured only once they are rendered near the end: go again after that.
    requestAnimationFrame(toEnd);
  }, [follow, toEnd]);

  const release = useCallback(() => setFollowing(false), [setFollowing]);

  // The person's own scrolling: up releases; reaching the bottom (any way) follows again.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || !enabled) return;
    let dragging = false;
    const distance = () => el.scrollHeight - el.scrollTop - el.clientHeight;
    const up = () => {
      if (distance() > 1) release();
    };
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0) release();
    };
    const onKey = (e: KeyboardEvent) => {
      if (UP_KEYS.has(e.key)) up();
    };
    let touchY = 0;
    const onTouchStart = (e: TouchEvent) => (touchY = e.touches[0]?.clientY ?? 0);
    const onTouchMove = (e: TouchEvent) => {
      if ((e.touches[0]?.clientY ?? 0) > touchY) release();
    };
    // A press on the scroller itself (not on a message) is a press on its scrollbar.
    const onPointerDown = (e: PointerEvent) => (dragging = e.target === el);
    const onPointerUp = () => (dragging = false);
    // Only a move down to the bottom follows again: the first steps of a smooth scroll up are still
    // within reach of the bottom, and must not undo the release the wheel just made.
    let lastTop = el.scrollTop;
    const onScroll = () => {
      const d = distance();
      const down = el.scrollTop > lastTop;
      // A jump of more than half a screen up is never the virtualiser's correction (those are a few px,
      // and at the end the browser clamps them): someone moved the view on purpose — a script, an
      // assistive tool, "scroll to top" — so stop following, or the next resize would pull it back down.
      const jumpedUp = lastTop - el.scrollTop > el.clientHeight / 2;
      lastTop = el.scrollTop;
      if (down && d <= AT_BOTTOM_PX && !following.current) follow();
      else if ((dragging || jumpedUp) && d > AT_BOTTOM_PX && following.current) release();
    };
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: true });
    el.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
      el.removeEventListener('scroll', onScroll);
    };
  }, [scrollRef, enabled, follow, release]);

  // Content that grows (a streaming reply, a row measured taller than estimated) keeps the end in view;
  // so does a view that gets shorter (a note, a file tray or a taller composer appearing below it: the
  // newest message was left half under the fold when only the content was watched).
  useEffect(() => {
    const content = contentRef.current;
    const view = scrollRef.current;
    if (!content || !enabled) return;
    // Scrolling inside the observer's callback would resize again in the same frame (a loop the browser
    // reports as an error): scroll in the next frame instead.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      if (!following.current || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (following.current) toEnd();
      });
    });
    observer.observe(content);
    if (view) observer.observe(view);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [contentRef, scrollRef, enabled, toEnd]);

  // New messages: followed, or counted.
  useLayoutEffect(() => {
    if (!enabled) return;
    if (!following.current) return;
    seen.current = doneIds(items);
    toEnd();
  }, [items, enabled, toEnd]);

  // Something outside asked to follow (the person sent a message).
  const firstRequest = useRef(followRequest);
  useLayoutEffect(() => {
    if (followRequest === firstRequest.current) return;
    jump();
  }, [followRequest, jump]);

  const unseen = isFollowing || !enabled ? 0 : items.filter((i) => !seen.current.has(i.id)).length;
  return { unseen, jump, release };
}

function doneIds(items: readonly FollowItem[]): Set<string> {
  return new Set(items.filter((i) => i.done).map((i) => i.id));
}

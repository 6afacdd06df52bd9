import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** Within this many pixels of the end, the reader counts as being at the newest message. */
const NEAR_END_PX = 48;

/**
 * The conversation sticks to its newest message (docs/chat.md "Scrolling"): the message list is its own scroll
 * area between the header and the composer, and it scrolls to its end when the conversation opens and whenever a
 * newer message arrives (one's own send, or one received). While the reader stays at the end, content that grows
 * later (an image that loads) keeps it there; a reader who scrolled up to older messages is left where they are
 * until the next newer message. Loading older pages above does not move it. `paused` (a searched message being
 * shown) leaves the scrolling to the caller.
 */
export function useStickToNewest(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  newest: number | undefined,
  paused: boolean,
): void {
  const atEnd = useRef(true);

  // the reader's position: at the end or not
  // biome-ignore lint/correctness/useExhaustiveDependencies: `newest` marks the list's arrival (a spinner stands before it)
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_END_PX;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller, newest]);

  // open, send, receive: a newer message brings the end into view (before the browser paints)
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || newest === undefined || paused) return;
    el.scrollTop = el.scrollHeight;
    atEnd.current = true;
  }, [scroller, newest, paused]);

  // content growing later (images, audio players) keeps a reader at the end there
  // biome-ignore lint/correctness/useExhaustiveDependencies: `newest` marks the list's arrival (a spinner stands before it)
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atEnd.current && !paused) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, [scroller, content, paused, newest]);
}

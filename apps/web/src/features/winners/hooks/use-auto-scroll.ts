import { useReducedMotion } from '@mantine/hooks';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { nextScrollOffset } from '../utils/scroll-step.ts';

type AutoScroll = {
  /** False when the visitor asked for reduced motion or the list fits: the board then stands still. */
  running: boolean;
  /** Pause while the pointer is over the board or focus is inside it, so a row can be read. */
  pauseProps: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: () => void;
  };
};

/**
 * Moves `track` (holding the list twice) upwards by 0.5 px every animation frame inside `viewport`, looping
 * after one copy's height. The offset is written straight to the element's transform, so the animation
 * re-renders nothing.
 */
export function useAutoScroll(
  viewport: RefObject<HTMLElement | null>,
  firstCopy: RefObject<HTMLElement | null>,
  track: RefObject<HTMLElement | null>,
  itemCount: number,
): AutoScroll {
  const reducedMotion = useReducedMotion() ?? false;
  const [overflows, setOverflows] = useState(false);
  const paused = useRef(false);
  const offset = useRef(0);

  // Only a list taller than its window scrolls; measured again when the rows or the window size change.
  // The rows' elements appear only once the list has loaded, hence the count among the triggers.
  useEffect(() => {
    if (itemCount === 0) {
      setOverflows(false);
      return;
    }
    const measure = () => {
      const view = viewport.current;
      const copy = firstCopy.current;
      setOverflows(Boolean(view && copy && copy.offsetHeight > view.clientHeight));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer && viewport.current) observer.observe(viewport.current);
    if (observer && firstCopy.current) observer.observe(firstCopy.current);
    return () => observer?.disconnect();
  }, [viewport, firstCopy, itemCount]);

  const running = overflows && !reducedMotion;

  useEffect(() => {
    const element = track.current;
    if (!running || !element) {
      offset.current = 0;
      if (element) element.style.transform = '';
      return;
    }
    let frame = requestAnimationFrame(function step() {
      if (!paused.current) {
        offset.current = nextScrollOffset(offset.current, firstCopy.current?.offsetHeight ?? 0);
        element.style.transform = `translateY(${-offset.current}px)`;
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [running, track, firstCopy]);

  const pause = () => {
    paused.current = true;
  };
  const resume = () => {
    paused.current = false;
  };
  return {
    running,
    pauseProps: { onMouseEnter: pause, onMouseLeave: resume, onFocus: pause, onBlur: resume },
  };
}

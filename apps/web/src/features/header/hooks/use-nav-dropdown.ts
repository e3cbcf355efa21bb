import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Short delays so that a pointer passing over the bar does not flash every drop-down open. */
export const HOVER_OPEN_DELAY_MS = 80;
export const HOVER_CLOSE_DELAY_MS = 180;

type OpenMode = 'hover' | 'hold';

/**
 * Open state of one nav drop-down, opened two ways:
 * - `hover` (mouse only): opens after a moment over the entry, closes after a moment away from both the
 *   entry and the drop-down; focus stays where it was.
 * - `hold` (the toggle button: click, tap, Enter or Space): stays open until Escape, a click outside, a
 *   choice or a navigation; focus moves into the drop-down and is trapped there.
 * A held drop-down ignores the pointer leaving. Touch and pen pointers never hover.
 */
export function useNavDropdown(closeOn: unknown) {
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<OpenMode>('hover');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Timers read the latest state, not the state of the render that scheduled them.
  const latest = useRef({ opened, mode });
  latest.current = { opened, mode };

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => clearTimer, [clearTimer]);

  // A navigation (the entry's link, a 'more' entry, a launch) closes the drop-down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to `closeOn` changing.
  useEffect(() => {
    clearTimer();
    setOpened(false);
  }, [closeOn, clearTimer]);

  const onPointerEnter = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      clearTimer();
      if (latest.current.opened) return;
      timer.current = setTimeout(() => {
        setMode('hover');
        setOpened(true);
      }, HOVER_OPEN_DELAY_MS);
    },
    [clearTimer],
  );

  const onPointerLeave = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      clearTimer();
      if (!latest.current.opened || latest.current.mode === 'hold') return;
      timer.current = setTimeout(() => setOpened(false), HOVER_CLOSE_DELAY_MS);
    },
    [clearTimer],
  );

  /** The toggle button: holds a hovered drop-down open (and moves focus in), else toggles it. */
  const toggle = useCallback(() => {
    clearTimer();
    if (latest.current.opened && latest.current.mode === 'hover') {
      setMode('hold');
      return;
    }
    setMode('hold');
    setOpened((value) => !value);
  }, [clearTimer]);

  /** Mantine's own closes: Escape, a click outside, a chosen item. */
  const onChange = useCallback(
    (next: boolean) => {
      clearTimer();
      setOpened(next);
    },
    [clearTimer],
  );

  return { opened, held: opened && mode === 'hold', onPointerEnter, onPointerLeave, toggle, onChange };
}

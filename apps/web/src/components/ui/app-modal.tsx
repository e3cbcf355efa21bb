import { DIALOG_WIDTH, MODAL_TRANSITION_MS } from '@lotus/shared/constants';
import { Modal, type ModalRootProps } from '@mantine/core';
import {
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import classes from './app-modal.module.css';

export type Offset = { x: number; y: number };
type Box = { left: number; top: number; right: number; bottom: number };

/**
 * Where a dragged dialog may go: `start` is its offset when the drag began, `rect` its box then, `delta` how
 * far the pointer has moved. The result keeps the whole box inside the viewport; a box larger than the
 * viewport keeps its top-left corner (the header and the close icon) on screen.
 */
export function clampOffset(
  start: Offset,
  rect: Box,
  delta: Offset,
  viewport: { width: number; height: number },
) {
  const clampAxis = (value: number, before: number, after: number) => {
    const min = 0 - before;
    const max = Math.max(min, after);
    return Math.min(max, Math.max(min, value));
  };
  return {
    x: start.x + clampAxis(delta.x, rect.left, viewport.width - rect.right),
    y: start.y + clampAxis(delta.y, rect.top, viewport.height - rect.bottom),
  };
}

const ZERO: Offset = { x: 0, y: 0 };
const INTERACTIVE = 'button, a, input, select, textarea, [role="button"], [contenteditable="true"]';

/**
 * Drags the dialog by its header. The offset lives in a ref and is written straight to the element's
 * `translate` (independent of the `transform` Mantine's transition animates), so a drag re-renders nothing.
 * Window listeners rather than pointer capture: they keep working if the pointer leaves the header.
 */
function useHeaderDrag(opened: boolean) {
  const contentRef = useRef<HTMLDivElement | null>(null);
  const offset = useRef<Offset>(ZERO);
  const stopDrag = useRef<(() => void) | null>(null);

  const apply = useCallback((next: Offset) => {
    offset.current = next;
    const element = contentRef.current;
    if (element) element.style.translate = next.x === 0 && next.y === 0 ? '' : `${next.x}px ${next.y}px`;
  }, []);

  // Each opening starts centred; a window resize puts the dialog back rather than risking it off screen.
  useLayoutEffect(() => {
    if (!opened) return;
    apply(ZERO);
    const reset = () => apply(ZERO);
    window.addEventListener('resize', reset);
    return () => {
      window.removeEventListener('resize', reset);
      stopDrag.current?.();
    };
  }, [opened, apply]);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const element = contentRef.current;
      // Primary button only, and never from the close icon or another control in the header.
      if (!element || event.button !== 0 || (event.target as Element).closest(INTERACTIVE)) return;
      event.preventDefault(); // no text selection while dragging
      const start = { ...offset.current };
      const origin = { x: event.clientX, y: event.clientY };
      const rect = element.getBoundingClientRect();
      const move = (moveEvent: PointerEvent) => {
        const delta = { x: moveEvent.clientX - origin.x, y: moveEvent.clientY - origin.y };
        apply(clampOffset(start, rect, delta, { width: window.innerWidth, height: window.innerHeight }));
      };
      const stop = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', stop);
        window.removeEventListener('pointercancel', stop);
        stopDrag.current = null;
      };
      stopDrag.current?.();
      stopDrag.current = stop;
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', stop);
      window.addEventListener('pointercancel', stop);
    },
    [apply],
  );

  return { contentRef, onPointerDown };
}

/**
 * SPEC §2 "locks page scroll and restores position": the page is locked while open (Mantine's RemoveScroll)
 * and, once the dialog has gone, put back where it was — returning focus to the opener can otherwise scroll
 * the page. Not when the dialog closed by navigating elsewhere: the new page decides its own scroll.
 *
 * Focus goes back to the opener too. Mantine does that for a dialog that was mounted closed and then
 * opened; a dialog mounted already open (loaded on demand, on the opener's click) is covered here.
 */
function useRestoreOnClose(opened: boolean, dialog: RefObject<HTMLElement | null>) {
  const saved = useRef<{ y: number; href: string; opener: HTMLElement | null } | null>(null);
  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    saved.current = {
      y: window.scrollY,
      href: window.location.href,
      opener: active instanceof HTMLElement && active !== document.body ? active : null,
    };
  }, [opened]);
  return useCallback(() => {
    const state = saved.current;
    saved.current = null;
    if (!state || state.href !== window.location.href) return;
    if (window.scrollY !== state.y) {
      window.scrollTo({ top: state.y, left: window.scrollX, behavior: 'instant' });
    }
    // Focus still in the closing dialog (or lost with it) goes back; focus the visitor moved elsewhere stays.
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (state.opener?.isConnected && (lost || dialog.current?.contains(focused))) {
      state.opener.focus({ preventScroll: true });
    }
  }, [dialog]);
}

export type AppModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Shown in the header and naming the dialog for screen readers (aria-labelledby). */
  title: ReactNode;
  children: ReactNode;
  /** Width: a number of pixels or a Mantine size; SPEC §9 default dialog width 400. */
  size?: ModalRootProps['size'];
  /** Extra test hook on the dialog element. */
  testId?: string;
  /** Called once the closing transition has finished. */
  onExited?: () => void;
  padding?: ModalRootProps['padding'];
  /** false: no close icon and no Escape (a step the player must finish, such as a forced password change). */
  closable?: boolean;
};

/**
 * The one modal of the site (SPEC §2 "generic modal"): close icon, draggable by its header, not closed by a
 * click on the background (Escape still closes it, for keyboard users), page scroll locked and restored,
 * 100 ms transition, width 400 unless told otherwise, role=dialog named by its title, focus trapped inside
 * and returned to the opener.
 */
export function AppModal({
  opened,
  onClose,
  title,
  children,
  size = DIALOG_WIDTH,
  testId,
  onExited,
  padding,
  closable = true,
}: AppModalProps) {
  const { t } = useTranslation();
  const { contentRef, onPointerDown } = useHeaderDrag(opened);
  const restoreOnClose = useRestoreOnClose(opened, contentRef);
  const onExitTransitionEnd = useCallback(() => {
    restoreOnClose();
    onExited?.();
  }, [restoreOnClose, onExited]);

  // Tests and reduced motion may skip the exit transition altogether: restore once closed in any case.
  const wasOpened = useRef(opened);
  useEffect(() => {
    const closedNow = wasOpened.current && !opened;
    wasOpened.current = opened;
    if (!closedNow) return;
    const timer = window.setTimeout(restoreOnClose, MODAL_TRANSITION_MS + 50);
    return () => window.clearTimeout(timer);
  }, [opened, restoreOnClose]);

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered
      closeOnClickOutside={false}
      closeOnEscape={closable}
      lockScroll
      trapFocus
      returnFocus
      padding={padding}
      transitionProps={{ duration: MODAL_TRANSITION_MS, transition: 'fade' }}
      onExitTransitionEnd={onExitTransitionEnd}
    >
      <Modal.Overlay />
      <Modal.Content ref={contentRef} data-testid={testId} data-app-modal="">
        <Modal.Header className={classes.header} onPointerDown={onPointerDown} data-drag-handle="">
          <Modal.Title className={classes.title}>{title}</Modal.Title>
          {closable ? <Modal.CloseButton aria-label={t('actions.close')} data-testid="modal-close" /> : null}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

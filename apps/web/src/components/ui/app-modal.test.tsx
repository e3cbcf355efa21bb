import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { AppModal, clampOffset } from './app-modal.tsx';

function Harness({ size, onClose }: { size?: number; onClose?: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        open
      </button>
      <AppModal
        opened={opened}
        onClose={() => {
          onClose?.();
          setOpened(false);
        }}
        title="Dialog title"
        size={size}
        testId="the-modal"
      >
        <input aria-label="first field" />
        <button type="button">inside action</button>
      </AppModal>
    </>
  );
}

/** A dialog that only exists once asked for, and is open from its first render. */
function MountedOpenHarness() {
  const [state, setState] = useState({ mounted: false, opened: false });
  return (
    <>
      <button type="button" onClick={() => setState({ mounted: true, opened: true })}>
        open on demand
      </button>
      {state.mounted ? (
        <AppModal
          opened={state.opened}
          onClose={() => setState({ mounted: true, opened: false })}
          title="On demand"
        >
          <button type="button">inside action</button>
        </AppModal>
      ) : null}
    </>
  );
}

async function openHarness(props: { size?: number; onClose?: () => void } = {}, mantineEnv?: 'default') {
  const view = renderUi(<Harness {...props} />, mantineEnv ? { mantineEnv } : {});
  await userEvent.click(await screen.findByRole('button', { name: 'open' }));
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog };
}

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value });
}

describe('AppModal', () => {
  beforeEach(async () => {
    await resetLanguage();
    setScrollY(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(window.scrollTo).mockClear();
  });

  it('is a dialog named by its title', async () => {
    const { dialog } = await openHarness();
    const labelledBy = dialog.getAttribute('aria-labelledby');
    expect(labelledBy).toBeTruthy();
    expect(document.getElementById(labelledBy ?? '')?.textContent).toBe('Dialog title');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('data-testid')).toBe('the-modal');
  });

  it('closes from its labelled close icon', async () => {
    const onClose = vi.fn();
    await openHarness({ onClose });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not close on a click on the background, but closes on Escape', async () => {
    const onClose = vi.fn();
    const { dialog } = await openHarness({ onClose });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await userEvent.click(overlay as Element);
    // The inner wrapper around the dialog is background too.
    await userEvent.click(dialog.parentElement as Element);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is 400 wide by default (SPEC §9) and takes a size', async () => {
    const first = await openHarness();
    const root = first.dialog.closest('.mantine-Modal-root') as HTMLElement;
    expect(root.style.getPropertyValue('--modal-size')).toContain('25rem'); // 400px
    first.unmount();

    const second = await openHarness({ size: 880 });
    const wideRoot = second.dialog.closest('.mantine-Modal-root') as HTMLElement;
    expect(wideRoot.style.getPropertyValue('--modal-size')).toContain('55rem'); // 880px
  });

  it('animates for 100 ms (SPEC §9 modal delay)', async () => {
    const { dialog } = await openHarness({}, 'default');
    await waitFor(() => expect(dialog.style.transitionDuration).toBe('100ms'));
  });

  it('moves focus inside, keeps it there, and gives it back to the opener', async () => {
    const { dialog } = await openHarness();
    const opener = screen.getByRole('button', { name: 'open', hidden: true });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let step = 0; step < 5; step += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives focus back to the opener when it was mounted already open (loaded on demand)', async () => {
    renderUi(<MountedOpenHarness />);
    const opener = screen.getByRole('button', { name: 'open on demand' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('locks the page scroll while open and restores the position once closed', async () => {
    setScrollY(640);
    await openHarness();
    await waitFor(() => expect(document.body.hasAttribute('data-scroll-locked')).toBe(true));

    // Something (focus return, a layout change) moved the page while the dialog was open.
    setScrollY(0);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 640 })));
    await waitFor(() => expect(document.body.hasAttribute('data-scroll-locked')).toBe(false));
  });

  it('drags by its header and never leaves the viewport', async () => {
    const { dialog } = await openHarness();
    // jsdom has no layout: a 400×300 dialog centred in the 1024×768 window.
    vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 312, y: 234, width: 400, height: 300 }),
    );
    const header = dialog.querySelector('[data-drag-handle]') as HTMLElement;

    fireEvent.pointerDown(header, { button: 0, clientX: 500, clientY: 250 });
    fireEvent.pointerMove(window, { clientX: 450, clientY: 300 });
    expect(dialog.style.translate).toBe('-50px 50px');
    // Far past the top-left corner: stops with the dialog's corner at the window's.
    fireEvent.pointerMove(window, { clientX: -5000, clientY: -5000 });
    expect(dialog.style.translate).toBe('-312px -234px');
    fireEvent.pointerUp(window);

    // After the pointer is released, moving it does nothing.
    fireEvent.pointerMove(window, { clientX: 900, clientY: 700 });
    expect(dialog.style.translate).toBe('-312px -234px');
  });

  it('does not start a drag from the close icon or with another mouse button', async () => {
    const { dialog } = await openHarness();
    const close = screen.getByRole('button', { name: 'Close' });
    fireEvent.pointerDown(close, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 60, clientY: 60 });
    const header = dialog.querySelector('[data-drag-handle]') as HTMLElement;
    fireEvent.pointerDown(header, { button: 2, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 60, clientY: 60 });
    expect(dialog.style.translate).toBe('');
  });
});

describe('clampOffset', () => {
  const viewport = { width: 1000, height: 800 };
  const rect = { left: 300, top: 200, right: 700, bottom: 600 };

  it('follows the pointer inside the viewport', () => {
    expect(clampOffset({ x: 0, y: 0 }, rect, { x: 120, y: -80 }, viewport)).toEqual({ x: 120, y: -80 });
  });

  it('stops at each edge', () => {
    expect(clampOffset({ x: 0, y: 0 }, rect, { x: 999, y: 999 }, viewport)).toEqual({ x: 300, y: 200 });
    expect(clampOffset({ x: 10, y: 10 }, rect, { x: -999, y: -999 }, viewport)).toEqual({
      x: -290,
      y: -190,
    });
  });

  it('keeps the header corner visible when the dialog is larger than the window', () => {
    const tall = { left: 0, top: 0, right: 1200, bottom: 1000 };
    expect(clampOffset({ x: 0, y: 0 }, tall, { x: 50, y: 50 }, viewport)).toEqual({ x: 0, y: 0 });
    expect(clampOffset({ x: 0, y: 0 }, tall, { x: -50, y: -50 }, viewport)).toEqual({ x: 0, y: 0 });
  });
});

import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render-ui.tsx';

// test/setup.ts loads the parts up front; a fresh copy of the module starts without them, as the app does.
async function freshModule() {
  vi.resetModules();
  return import('./deferred-floating.tsx');
}

type DeferredPopover = Awaited<ReturnType<typeof freshModule>>['Popover'];

/** A controlled pop-over opened by its target, as the side menu's app download card is. */
function Harness({ Popover }: { Popover: DeferredPopover }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Button onClick={() => setOpened(true)}>Apps</Button>
      </Popover.Target>
      <Popover.Dropdown>Download</Popover.Dropdown>
    </Popover>
  );
}

describe('deferred Menu, Popover and Tooltip (issue 7 first-load budget)', () => {
  beforeEach(() => {
    // No idle callback: the parts load only when a target asks for them, so the "before" state is stable.
    vi.stubGlobal('requestIdleCallback', () => 0);
  });

  it('shows only the target until loaded, and opens the menu clicked before the parts arrived', async () => {
    const { Menu } = await freshModule();
    renderUi(
      <Menu>
        <Menu.Target>
          <Button>Languages</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>English</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    const target = screen.getByRole('button', { name: 'Languages' });
    expect(target.getAttribute('aria-haspopup')).toBeNull();
    expect(screen.queryByRole('menuitem')).toBeNull();

    await userEvent.click(target);
    expect(await screen.findByRole('menuitem', { name: 'English' })).toBeDefined();
    // Now the real Menu wires the target.
    expect(screen.getByRole('button', { name: 'Languages' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('loads the parts when a controlled pop-over is told to open', async () => {
    const { Popover } = await freshModule();
    renderUi(<Harness Popover={Popover} />);
    expect(screen.queryByText('Download')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apps' }));
    expect(await screen.findByText('Download')).toBeDefined();
  });

  it('renders the described element alone until the tooltip loads, then with its label', async () => {
    const { Tooltip, loadFloatingParts } = await freshModule();
    renderUi(
      <Tooltip label="Refresh balance">
        <Button>Refresh</Button>
      </Tooltip>,
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDefined();
    await loadFloatingParts();
    await userEvent.hover(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByText('Refresh balance')).toBeDefined());
  });
});

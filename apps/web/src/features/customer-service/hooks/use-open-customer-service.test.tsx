import { sealCustomerServicePath, toBase64Url } from '@lotus/shared/customer-service-seal';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { CustomerServiceDialog } from '../components/customer-service-dialog.tsx';
import type { CustomerServiceLine } from '../utils/customer-service-line.ts';
import { useOpenCustomerService } from './use-open-customer-service.ts';

const KEY = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
const LIVE_CHAT = 'https://chat.lotus.example.com/room';
const VIP_LINE = 'https://vip-chat.lotus.example.com/room';

async function serveLines() {
  const pathList = [
    { type: 1, path: 'support@lotus.example.com' },
    { type: 3, path: await sealCustomerServicePath(KEY, LIVE_CHAT) },
    { type: 4, path: await sealCustomerServicePath(KEY, VIP_LINE) },
  ];
  return stubFetch({ '/wps/system/customerService': { version: { key: KEY, pathList } } });
}

function fakePopup() {
  return {
    opener: window as Window | null,
    closed: false,
    document: { title: '' },
    location: { replace: vi.fn() },
    close: vi.fn(),
  };
}

function Harness({ line }: { line: CustomerServiceLine }) {
  const { state, open, dismiss } = useOpenCustomerService();
  return (
    <>
      <button type="button" onClick={() => void open(line)}>
        chat
      </button>
      <output data-testid="status">{state.status}</output>
      <CustomerServiceDialog state={state} onClose={dismiss} />
    </>
  );
}

describe('opening customer service', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('opens a pop-up inside the click, cuts its opener and loads the unsealed live chat', async () => {
    await serveLines();
    const popup = fakePopup();
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    renderUi(<Harness line="liveChat" />);

    await userEvent.click(screen.getByRole('button', { name: 'chat' }));
    expect(open).toHaveBeenCalledWith('', 'lotus-customer-service', expect.stringContaining('popup'));
    expect(popup.opener).toBeNull();
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith(LIVE_CHAT));
    expect(popup.close).not.toHaveBeenCalled();
    expect(screen.getByTestId('status').textContent).toBe('idle');
  });

  it('opens the VIP line (type 4) for a VIP member', async () => {
    await serveLines();
    const popup = fakePopup();
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    renderUi(<Harness line="vip" />);
    await userEvent.click(screen.getByRole('button', { name: 'chat' }));
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith(VIP_LINE));
  });

  it('says the pop-up was blocked and offers the chat as a plain link', async () => {
    await serveLines();
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    renderUi(<Harness line="liveChat" />);
    await userEvent.click(screen.getByRole('button', { name: 'chat' }));

    const dialog = await screen.findByTestId('customer-service-blocked');
    expect(dialog.textContent).toContain('allow pop-ups');
    const link = await screen.findByTestId('customer-service-link');
    expect(link.getAttribute('href')).toBe(LIVE_CHAT);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('closes the pop-up and says so when the lines cannot be fetched', async () => {
    stubFetch({
      '/wps/system/customerService': () =>
        Response.json({ success: false, message: 'service_unavailable', value: null }, { status: 503 }),
    });
    const popup = fakePopup();
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    renderUi(<Harness line="liveChat" />);
    await userEvent.click(screen.getByRole('button', { name: 'chat' }));

    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(popup.location.replace).not.toHaveBeenCalled();
    expect((await screen.findByTestId('customer-service-failed')).textContent).toContain(
      'temporarily unavailable',
    );
  });

  it('closes the pop-up when the sealed address does not open (wrong key or altered text)', async () => {
    stubFetch({
      '/wps/system/customerService': {
        version: { key: KEY, pathList: [{ type: 3, path: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }] },
      },
    });
    const popup = fakePopup();
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    renderUi(<Harness line="liveChat" />);
    await userEvent.click(screen.getByRole('button', { name: 'chat' }));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(await screen.findByTestId('customer-service-failed')).toBeTruthy();
  });
});

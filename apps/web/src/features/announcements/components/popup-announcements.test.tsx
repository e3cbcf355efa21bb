import type { Announcement, RelayAnnouncements } from '@lotus/shared/content.schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { PopupAnnouncements } from './popup-announcements.tsx';

const popup = (id: number): Announcement => ({
  id,
  type: 'PU',
  title: `Popup ${id}`,
  content: `<p>Popup text ${id}</p>`,
  timestamp: '2025-04-01T10:00:00.000Z',
});

function serve(popups: Announcement[]) {
  const value: RelayAnnouncements = { banners: [], player: [], popup: popups, promotion: [], home: [] };
  return stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': value });
}

const TYPES = ['B', 'PL', 'PU', 'PR', 'H'];

describe('PopupAnnouncements', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('asks the relay for every type on platform W and shows the popup announcements', async () => {
    const fetchStub = serve([popup(2), popup(1)]);
    renderUi(<PopupAnnouncements types={TYPES} execution="B" onDone={() => {}} />);
    expect(await screen.findByTestId('popup-announcements')).toBeTruthy();
    expect(screen.getAllByTestId('popup-announcement')).toHaveLength(2);
    const url = new URL(String(fetchStub.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      types: 'B,PL,PU,PR,H',
      platform: 'W',
      execution: 'B',
      language: 'EN',
    });
  });

  it('shows each one once per browser session, and says when it is done', async () => {
    serve([popup(2), popup(1)]);
    const onDone = vi.fn();
    const first = renderUi(<PopupAnnouncements types={TYPES} execution="B" onDone={onDone} />);
    await screen.findByTestId('popup-announcements');
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('popup-announcements-close'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('popupAnnouncementsSeen')).toBe('2,1');
    first.unmount();

    // Next page load in the same session: only the new one shows.
    serve([popup(3), popup(2), popup(1)]);
    const second = renderUi(<PopupAnnouncements types={TYPES} execution="B" onDone={() => {}} />);
    await screen.findByTestId('popup-announcements');
    expect(screen.getAllByTestId('popup-announcement').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Popup 3'),
    ]);
    await userEvent.click(screen.getByTestId('popup-announcements-close'));
    second.unmount();

    const nextDone = vi.fn();
    renderUi(<PopupAnnouncements types={TYPES} execution="B" onDone={nextDone} />);
    await waitFor(() => expect(nextDone).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('popup-announcements')).toBeNull();
  });

  it('asks nothing and is done at once when the brand has no popup type', async () => {
    const fetchStub = serve([popup(1)]);
    const onDone = vi.fn();
    renderUi(<PopupAnnouncements types={['B', 'PL']} execution="B" onDone={onDone} />);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('is done when the announcements cannot be loaded', async () => {
    stubFetch({});
    const onDone = vi.fn();
    renderUi(<PopupAnnouncements types={TYPES} execution="B" onDone={onDone} />);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('popup-announcements')).toBeNull();
  });
});

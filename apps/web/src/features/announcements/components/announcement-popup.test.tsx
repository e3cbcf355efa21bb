import type { Announcement } from '@lotus/shared/content.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { AnnouncementPopup } from './announcement-popup.tsx';

/** 20 notices, newest first: ids 120 … 101. */
const ALL: Announcement[] = Array.from({ length: 20 }, (_, index) => {
  const id = 120 - index;
  return {
    id,
    type: 'B',
    title: `Notice ${id}`,
    content: `<p>Text of notice ${id}</p><img src=x onerror="window.__xss=1">`,
    timestamp: new Date(2025, 2, 1 + (id - 100), 9, 5, 7).toISOString(),
  };
});

function serveAnnouncements() {
  return stubFetch({
    '/wps/content/announcements': (url) => {
      const pageNo = Number(url.searchParams.get('pageNo'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const list = ALL.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return { list, pageNum: pageNo, totalPages: Math.ceil(ALL.length / pageSize), total: ALL.length };
    },
  });
}

const items = () => screen.getAllByTestId('announcement-item');
const itemIds = () => items().map((item) => item.getAttribute('data-announcement-id'));
const content = () => screen.queryByTestId('announcement-content');

describe('AnnouncementPopup', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('lists 9 notices a page, asking for type B in the interface language', async () => {
    const fetchStub = serveAnnouncements();
    renderUi(<AnnouncementPopup opened initialId={null} onClose={() => {}} />);
    await waitFor(() => expect(items()).toHaveLength(9));
    const url = new URL(String(fetchStub.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: 'B',
      pageNo: '1',
      pageSize: '9',
      language: 'EN',
    });
    expect(screen.getByRole('dialog', { name: 'Announcements' })).toBeTruthy();
    expect(screen.getByTestId('announcement-page').textContent).toBe('Page 1 of 3');
  });

  it('opens on the newest without a choice, with its time as yyyy-MM-dd HH:mm:ss', async () => {
    serveAnnouncements();
    renderUi(<AnnouncementPopup opened initialId={null} onClose={() => {}} />);
    await waitFor(() => expect(content()?.getAttribute('data-announcement-id')).toBe('120'));
    const detail = content() as HTMLElement;
    expect(within(detail).getByRole('heading', { name: 'Notice 120' })).toBeTruthy();
    expect(detail.textContent).toContain('2025-03-21 09:05:07');
    expect(detail.textContent).toContain('Text of notice 120');
    // The rich text went through the sanitiser.
    expect(detail.querySelector('[onerror]')).toBeNull();
  });

  it('opens on the notice chosen on home, even when it is on a later page', async () => {
    serveAnnouncements();
    renderUi(<AnnouncementPopup opened initialId="105" onClose={() => {}} />);
    await waitFor(() => expect(content()?.getAttribute('data-announcement-id')).toBe('105'));
    expect(screen.getByTestId('announcement-page').textContent).toBe('Page 2 of 3');
    const chosen = items().find((item) => item.getAttribute('data-announcement-id') === '105');
    expect(chosen?.getAttribute('aria-expanded')).toBe('true');
  });

  it('collapses the open notice when it is chosen again', async () => {
    serveAnnouncements();
    renderUi(<AnnouncementPopup opened initialId="118" onClose={() => {}} />);
    await waitFor(() => expect(content()?.getAttribute('data-announcement-id')).toBe('118'));
    const open = items()[2] as HTMLElement;
    expect(open.getAttribute('data-announcement-id')).toBe('118');

    await userEvent.click(open);
    expect(content()).toBeNull();
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('announcement-hint')).toBeTruthy();

    await userEvent.click(items()[4] as HTMLElement);
    expect(content()?.getAttribute('data-announcement-id')).toBe('116');
  });

  it('goes to the next and previous page, selecting the first notice of each', async () => {
    serveAnnouncements();
    renderUi(<AnnouncementPopup opened initialId="119" onClose={() => {}} />);
    await waitFor(() => expect(content()?.getAttribute('data-announcement-id')).toBe('119'));
    expect((screen.getByTestId('announcement-previous') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByTestId('announcement-next'));
    await waitFor(() => expect(itemIds()[0]).toBe('111'));
    await waitFor(() => expect(content()?.getAttribute('data-announcement-id')).toBe('111'));

    await userEvent.click(screen.getByTestId('announcement-next'));
    await waitFor(() => expect(itemIds()).toEqual(['102', '101']));
    expect(content()?.getAttribute('data-announcement-id')).toBe('102');
    expect((screen.getByTestId('announcement-next') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByTestId('announcement-previous'));
    await waitFor(() => expect(itemIds()[0]).toBe('111'));
    await waitFor(() => expect(content()?.getAttribute('data-announcement-id')).toBe('111'));
  });

  it('says so when there are no announcements, or they cannot be loaded', async () => {
    stubFetch({ '/wps/content/announcements': { list: [], pageNum: 1, totalPages: 0, total: 0 } });
    const first = renderUi(<AnnouncementPopup opened initialId={null} onClose={() => {}} />);
    expect((await screen.findByTestId('announcement-empty')).textContent).toBe(
      'There are no announcements yet.',
    );
    first.unmount();

    stubFetch({
      '/wps/content/announcements': () =>
        Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 }),
    });
    renderUi(<AnnouncementPopup opened initialId={null} onClose={() => {}} />);
    expect(await screen.findByTestId('announcement-error')).toBeTruthy();
  });
});

import type { Announcement } from '@lotus/shared/content.schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { NoticePage } from './notice-page.tsx';

const TYPES = ['B', 'PL', 'PR', 'H', 'PU'] as const;
const ALL: Announcement[] = Array.from({ length: 12 }, (_, index) => ({
  id: 50 - index,
  type: TYPES[index % TYPES.length] ?? 'B',
  title: `Announcement ${50 - index}`,
  content: `<p>Body ${50 - index}</p><a href="javascript:window.__xss=1">x</a>`,
  timestamp: new Date(2025, 4, 20 - index, 18, 30, 0).toISOString(),
}));

function serve() {
  return stubFetch({
    '/wps/content/announcements': (url) => {
      const pageNo = Number(url.searchParams.get('pageNo'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      return {
        list: ALL.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        pageNum: pageNo,
        totalPages: Math.ceil(ALL.length / pageSize),
        total: ALL.length,
      };
    },
  });
}

describe('NoticePage', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('lists every announcement type, 9 a page, with type and time', async () => {
    const fetchStub = serve();
    renderUi(<NoticePage />, { path: '/noticePage' });
    await waitFor(() => expect(screen.getAllByTestId('notice-entry')).toHaveLength(9));
    const url = new URL(String(fetchStub.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.has('type')).toBe(false);
    expect(url.searchParams.get('pageSize')).toBe('9');
    const first = screen.getAllByTestId('notice-entry')[0] as HTMLElement;
    expect(first.textContent).toContain('Notice');
    expect(first.textContent).toContain('Announcement 50');
    expect(first.textContent).toContain('2025-05-20 18:30:00');
  });

  it('opens an announcement to its sanitised text', async () => {
    serve();
    renderUi(<NoticePage />, { path: '/noticePage' });
    await userEvent.click(await screen.findByRole('button', { name: /Announcement 49/ }));
    const body = await screen.findByText('Body 49');
    const panel = body.closest('[data-testid="notice-content"]') as HTMLElement;
    expect(panel.querySelector('a')?.hasAttribute('href')).toBe(false);
  });

  it('turns pages through ?page=, so a page can be linked', async () => {
    serve();
    const { router } = renderUi(<NoticePage />, { path: '/noticePage' });
    await screen.findAllByTestId('notice-entry');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('notice-entry')).toHaveLength(3));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('starts on the page of the link', async () => {
    serve();
    renderUi(<NoticePage />, { path: '/noticePage?page=2' });
    await waitFor(() => expect(screen.getAllByTestId('notice-entry')).toHaveLength(3));
    expect(screen.getByText('Announcement 41')).toBeTruthy();
  });

  it('has honest empty and error states', async () => {
    stubFetch({ '/wps/content/announcements': { list: [], pageNum: 1, totalPages: 0, total: 0 } });
    const first = renderUi(<NoticePage />, { path: '/noticePage' });
    expect(await screen.findByTestId('notice-empty')).toBeTruthy();
    first.unmount();
    stubFetch({});
    renderUi(<NoticePage />, { path: '/noticePage' });
    expect(await screen.findByTestId('notice-error')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { NoticeMarquee } from './notice-marquee.tsx';

const NOTICES = [
  { id: 12, title: 'Scheduled maintenance on Sunday' },
  { id: 9, title: 'New deposit channel available' },
];

describe('NoticeMarquee', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('lists each notice once for the keyboard and screen readers, the loop copy being inert', async () => {
    stubFetch({ '/wps/content/notices': { list: NOTICES } });
    renderUi(<NoticeMarquee onOpen={() => {}} />);
    const region = await screen.findByRole('region', { name: 'Site notices' });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(NOTICES.map((notice) => notice.title));
    const copy = region.querySelector('ul[aria-hidden="true"]');
    expect(copy?.hasAttribute('inert')).toBe(true);
    expect(copy?.textContent).toBe(NOTICES.map((notice) => notice.title).join(''));
  });

  it('opens the popup on the notice clicked', async () => {
    stubFetch({ '/wps/content/notices': { list: NOTICES } });
    const onOpen = vi.fn();
    renderUi(<NoticeMarquee onOpen={onOpen} />);
    await userEvent.click(await screen.findByRole('button', { name: 'New deposit channel available' }));
    expect(onOpen).toHaveBeenCalledWith('9');
  });

  it('shows nothing without notices or when they cannot be loaded', async () => {
    stubFetch({ '/wps/content/notices': { list: [] } });
    const first = renderUi(<NoticeMarquee onOpen={() => {}} />);
    expect(screen.getByTestId('notice-marquee').getAttribute('data-state')).toBe('loading');
    await waitFor(() => expect(screen.queryByTestId('notice-marquee')).toBeNull());
    first.unmount();

    stubFetch({});
    renderUi(<NoticeMarquee onOpen={() => {}} />);
    await waitFor(() => expect(screen.queryByTestId('notice-marquee')).toBeNull());
  });
});

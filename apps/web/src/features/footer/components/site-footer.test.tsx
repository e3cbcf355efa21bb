import type { Resource } from '@lotus/shared/system.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { SiteFooter } from './site-footer.tsx';

const resource = (resourceType: string, url: string): Resource => ({
  resourceType,
  url,
  qrCodeUrl: null,
  labelNameEn: null,
});

const HELP = {
  categories: [
    { id: 1, key: 'account', title: 'Account', articles: [] },
    { id: 2, key: 'deposits', title: 'Deposits', articles: [] },
    { id: 3, key: 'withdrawals', title: 'Withdrawals', articles: [] },
    { id: 4, key: 'games', title: 'Games', articles: [] },
    { id: 5, key: 'security', title: 'Security', articles: [] },
  ],
};

describe('SiteFooter', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('has the menu and information columns, with the first help topics linking into /help', async () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    renderUi(<SiteFooter brandName="Lotus" resources={[]} />);
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Notices' }).getAttribute('href')).toBe('/noticePage');
    const information = screen.getByRole('navigation', { name: 'Information' });
    await waitFor(() => expect(within(information).getAllByTestId('footer-help-topic')).toHaveLength(4));
    expect(
      within(information)
        .getAllByTestId('footer-help-topic')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Account', '/help#account'],
      ['Deposits', '/help#deposits'],
      ['Withdrawals', '/help#withdrawals'],
      ['Games', '/help#games'],
    ]);
    expect(within(information).getByRole('link', { name: 'All help topics' }).getAttribute('href')).toBe(
      '/help',
    );
    for (const [name, href] of [
      ['Terms and conditions', '/page/terms'],
      ['Privacy policy', '/page/privacy'],
      ['Responsible gaming', '/page/responsible-gaming'],
    ]) {
      expect(within(information).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('leaves a help topic named like a policy page to that page', async () => {
    stubFetch({
      '/wps/system/helpCenter': {
        categories: [
          { id: 1, key: 'account', title: 'Account', articles: [] },
          { id: 2, key: 'responsible-gaming', title: 'Responsible gaming', articles: [] },
        ],
      },
    });
    renderUi(<SiteFooter brandName="Lotus" resources={[]} />);
    const information = screen.getByRole('navigation', { name: 'Information' });
    await waitFor(() => expect(within(information).getAllByTestId('footer-help-topic')).toHaveLength(1));
    const gaming = within(information).getAllByRole('link', { name: 'Responsible gaming' });
    expect(gaming.map((link) => link.getAttribute('href'))).toEqual(['/page/responsible-gaming']);
  });

  it('still links the help centre when its topics cannot be loaded', async () => {
    stubFetch({});
    renderUi(<SiteFooter brandName="Lotus" resources={[]} />);
    const information = screen.getByRole('navigation', { name: 'Information' });
    expect((await within(information).findByRole('link', { name: 'Help centre' })).getAttribute('href')).toBe(
      '/help',
    );
  });

  it('shows social icons only for the footer types the brand has', () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    renderUi(
      <SiteFooter
        brandName="Lotus"
        resources={[
          resource('INSTAGRAM', 'https://instagram.example.com/lotus'),
          resource('TELEGRAM', 'https://telegram.example.com/lotus'),
          resource('THREADS', 'https://threads.example.com/@lotus'),
          resource('VIBER', 'https://viber.example.com/lotus'),
          resource('YOUTUBE', 'https://youtube.example.com/@lotus'),
        ]}
      />,
    );
    const icons = within(screen.getByTestId('footer-social')).getAllByRole('link');
    expect(icons.map((icon) => icon.getAttribute('data-social'))).toEqual(['TELEGRAM', 'THREADS', 'YOUTUBE']);
  });

  it('has no links column when the brand has none of those resources', () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    renderUi(<SiteFooter brandName="Lotus" resources={[resource('VIBER', 'https://viber.example.com/x')]} />);
    expect(screen.queryByTestId('footer-links')).toBeNull();
  });

  it('has the 2025 copyright line with the brand', () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    renderUi(<SiteFooter brandName="Lotus" resources={[]} />);
    expect(screen.getByTestId('copyright').textContent).toBe('© 2025 Lotus. All rights reserved.');
  });

  it('opens feedback when it can, else leads to the feedback section of the help centre', async () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    const onFeedback = vi.fn();
    const first = renderUi(<SiteFooter brandName="Lotus" resources={[]} onFeedback={onFeedback} />);
    await userEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(onFeedback).toHaveBeenCalledTimes(1);
    first.unmount();

    renderUi(<SiteFooter brandName="Lotus" resources={[]} />);
    expect(screen.getByRole('link', { name: 'Feedback' }).getAttribute('href')).toBe('/help#feedback');
  });

  it('shows the vendor row it is given', () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    renderUi(<SiteFooter brandName="Lotus" resources={[]} vendorStrip={<p>vendor logos</p>} />);
    expect(screen.getByText('vendor logos')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { HelpPage } from './help-page.tsx';

const HELP = {
  categories: [
    {
      id: 1,
      key: 'account',
      title: 'Account',
      articles: [
        {
          id: 11,
          key: 'create-account',
          title: 'How do I open an account?',
          content: '<p>Choose Register.</p>',
        },
        { id: 12, key: 'forgot-password', title: 'I forgot my password', content: '<p>Use the link.</p>' },
      ],
    },
    {
      id: 2,
      key: 'deposits',
      title: 'Deposits',
      articles: [
        { id: 21, key: 'how-to-deposit', title: 'How do I make a deposit?', content: '<p>Open Deposit.</p>' },
      ],
    },
  ],
};

const articleTitles = () =>
  screen.getAllByTestId('help-article').map((item) => item.querySelector('button')?.textContent);

describe('help centre', () => {
  beforeEach(() => resetLanguage());

  it('shows each category as a section with its key as id, and asks in the current language', async () => {
    const fetchStub = stubFetch({ '/wps/system/helpCenter': HELP });
    renderUi(<HelpPage variant="help" />, { path: '/help' });
    await screen.findAllByTestId('help-category');
    expect(document.getElementById('account')?.dataset.testid).toBe('help-category');
    expect(document.getElementById('deposits')).not.toBeNull();
    expect(articleTitles()).toHaveLength(3);
    expect(String(fetchStub.mock.calls[0]?.[0])).toContain('language=EN');
  });

  it('filters article titles with the search box and says when nothing matches', async () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    renderUi(<HelpPage variant="help" />, { path: '/help' });
    const search = await screen.findByRole('searchbox', { name: 'Search the help centre' });
    await userEvent.type(search, 'password');
    await waitFor(() => expect(articleTitles()).toEqual(['I forgot my password']));
    expect(screen.getByTestId('help-search-status').textContent).toBe('1 article found');
    await userEvent.clear(search);
    await userEvent.type(search, 'lottery');
    expect((await screen.findByTestId('help-no-results')).textContent).toContain('“lottery”');
  });

  it('opens the article a deep link names and scrolls to it once loaded', async () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderUi(<HelpPage variant="help" />, { path: '/help#forgot-password' });
    await screen.findAllByTestId('help-category');
    // Mantine marks the open item with data-active.
    await waitFor(() =>
      expect(document.getElementById('forgot-password')?.hasAttribute('data-active')).toBe(true),
    );
    expect(document.getElementById('create-account')?.hasAttribute('data-active')).toBe(false);
    expect(scrollIntoView).toHaveBeenCalled();
  });

  it('offers feedback from its #feedback section when the app gives a way to open it', async () => {
    stubFetch({ '/wps/system/helpCenter': HELP });
    const onOpenFeedback = vi.fn();
    renderUi(<HelpPage variant="help" onOpenFeedback={onOpenFeedback} />, { path: '/help' });
    await userEvent.click(await screen.findByTestId('open-feedback'));
    expect(onOpenFeedback).toHaveBeenCalledOnce();
    expect(document.getElementById('feedback')).not.toBeNull();
  });

  it('shows the empty and the error states', async () => {
    stubFetch({ '/wps/system/helpCenter': { categories: [] } });
    const empty = renderUi(<HelpPage variant="helpmc" />, { path: '/helpmc' });
    expect((await screen.findByTestId('help-empty')).textContent).toContain('No help articles yet');
    empty.unmount();
    stubFetch({});
    renderUi(<HelpPage variant="helpmc" />, { path: '/helpmc' });
    expect(await screen.findByTestId('help-error')).toBeDefined();
  });
});

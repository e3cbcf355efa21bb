import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findLayout, renderApp, resetLanguage } from '../../test/render-app.tsx';

// SPEC §2: "on navigation the page scrolls to the hash, else to the top".
describe('scrolling on navigation', () => {
  beforeEach(async () => {
    await resetLanguage();
    vi.mocked(window.scrollTo).mockClear();
    vi.mocked(Element.prototype.scrollIntoView).mockClear();
  });

  it('scrolls to the top when another page opens', async () => {
    const { router } = renderApp('/');
    await findLayout();
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/live'));
    await screen.findByTestId('page-live');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the element named by the hash instead', async () => {
    const { router } = renderApp('/');
    await screen.findByTestId('page-home');
    const target = document.getElementById('home-winners');
    if (!target) throw new Error('home has no #home-winners section');
    const scrolled = vi.spyOn(target, 'scrollIntoView');
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/#home-winners'));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the position when only the query changes (a filter on the same page)', async () => {
    const { router } = renderApp('/promotions');
    await screen.findByTestId('page-promotions');
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/promotions?type=slots'));
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/live'));
    await screen.findByTestId('page-live');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

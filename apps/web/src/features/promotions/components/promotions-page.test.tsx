import type { PromotionSummary } from '@lotus/shared/content.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { PromoDetailPage } from './promo-detail-page.tsx';
import { PromotionsPage } from './promotions-page.tsx';

const promotion = (id: number, category: PromotionSummary['category'], title: string): PromotionSummary => ({
  id,
  category,
  tags: category === 'newbie' ? ['NEWBIE', 'LIMITED'] : ['DAILY'],
  title,
  summary: `${title} summary`,
  imageUrl: null,
  startAt: '2026-01-01T00:00:00.000Z',
  endAt: null,
});

const ALL = [promotion(1, 'newbie', 'Welcome bonus'), promotion(2, 'slots', 'Slots rebate')];

function stubPromotions() {
  return stubFetch({
    '/wps/content/promotions': (url: URL) => {
      const category = url.searchParams.get('category') ?? 'all';
      return {
        categories: [
          { key: 'all', count: 2 },
          { key: 'slots', count: 1 },
          { key: 'newbie', count: 1 },
          { key: 'fish', count: 0 },
        ],
        list: category === 'all' ? ALL : ALL.filter((item) => item.category === category),
      };
    },
    '/wps/content/promotions/1': {
      ...ALL[0],
      content: '<p>Deposit <strong>once</strong>.</p><script>alert(1)</script>',
    },
  });
}

const titles = () =>
  screen.getAllByTestId('promotion-card').map((card) => card.querySelector('h2')?.textContent);

describe('promotions page', () => {
  beforeEach(() => resetLanguage());

  it('offers all plus the categories that have promotions, with their counts', async () => {
    stubPromotions();
    renderUi(<PromotionsPage />, { path: '/promotions' });
    await screen.findAllByTestId('promotion-card');
    const filters = screen.getAllByTestId('promotion-filter');
    expect(filters.map((filter) => filter.dataset.category)).toEqual(['all', 'slots', 'newbie']);
    expect(filters[0]?.getAttribute('aria-current')).toBe('true');
    expect(filters[0]?.textContent).toContain('2');
    expect(titles()).toEqual(['Welcome bonus', 'Slots rebate']);
  });

  it('filters through the URL query, which survives a reload', async () => {
    const fetchStub = stubPromotions();
    const { router } = renderUi(<PromotionsPage />, { path: '/promotions' });
    await screen.findAllByTestId('promotion-card');
    const slots = screen
      .getAllByTestId('promotion-filter')
      .find((filter) => filter.dataset.category === 'slots');
    if (!slots) throw new Error('no slots filter');
    await userEvent.click(slots);
    await waitFor(() => expect(titles()).toEqual(['Slots rebate']));
    expect(router.state.location.search).toBe('?category=slots');
    const lastUrl = new URL(String(fetchStub.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(lastUrl.searchParams.get('category')).toBe('slots');
  });

  it('starts on the filter the URL names, and translates the tags', async () => {
    stubPromotions();
    renderUi(<PromotionsPage />, { path: '/promotions?category=newbie' });
    await waitFor(() => expect(titles()).toEqual(['Welcome bonus']));
    const card = screen.getByTestId('promotion-card');
    expect(
      within(card)
        .getAllByTestId('promotion-tag')
        .map((tag) => tag.textContent),
    ).toEqual(['Newbie', 'Limited']);
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/promoDetail?id=1');
    expect(within(card).getByTestId('promotion-period').textContent).toBe('From 2026-01-01');
  });

  it('says so when the chosen category has nothing, and offers all', async () => {
    stubPromotions();
    renderUi(<PromotionsPage />, { path: '/promotions?category=fish' });
    expect((await screen.findByTestId('promotions-empty')).textContent).toContain(
      'No promotions in this category',
    );
    // The applied filter stays visible although it is empty.
    expect(screen.getAllByTestId('promotion-filter').map((filter) => filter.dataset.category)).toContain(
      'fish',
    );
  });
});

describe('promotion detail', () => {
  beforeEach(() => resetLanguage());

  it('shows the terms sanitised and an honest, disabled apply button', async () => {
    stubPromotions();
    renderUi(<PromoDetailPage />, { path: '/promoDetail?id=1' });
    const terms = await screen.findByTestId('promo-terms');
    expect(terms.innerHTML).toContain('<strong>once</strong>');
    expect(terms.innerHTML).not.toContain('script');
    const apply = screen.getByTestId('promo-apply');
    expect(apply.hasAttribute('disabled')).toBe(true);
    expect(apply.getAttribute('aria-describedby')).toBe('promo-apply-note');
    expect(screen.getByTestId('promo-apply-note').textContent).toContain('not open yet');
  });

  it('shows the not-found state for an unknown or malformed id', async () => {
    stubPromotions();
    renderUi(<PromoDetailPage />, { path: '/promoDetail?id=99' });
    expect(await screen.findByTestId('not-found-state')).toBeDefined();
  });

  it('does not ask the server about a malformed id', async () => {
    const fetchStub = stubPromotions();
    renderUi(<PromoDetailPage />, { path: '/promoDetail?id=1%3Bdrop' });
    expect(await screen.findByTestId('not-found-state')).toBeDefined();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

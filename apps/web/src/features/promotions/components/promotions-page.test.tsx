import type { PromotionSummary } from '@lotus/shared/content.schema';
import type { ApplyResult, PromotionRules } from '@lotus/shared/promotion-engine.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
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

const RULES: PromotionRules = {
  approval: 'manual',
  hasForm: true,
  newPlayersDays: null,
  minDepositCount: 0,
  minVipLevel: 0,
  qualifyingDeposit: 'first',
  minDeposit: '200.00',
  award: { kind: 'deposit_percent', percent: '100.00', cap: '5000.00' },
  wagering: {
    multiple: 10,
    weights: [
      { gameType: 'RNG', percent: 100 },
      { gameType: 'LIVE', percent: 10 },
    ],
  },
};

const ALL = [promotion(1, 'newbie', 'Welcome bonus'), promotion(2, 'slots', 'Slots rebate')];

function stubPromotions(extra: Record<string, unknown> = {}) {
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
    '/wps/promotions/1/rules': { rules: RULES },
    ...extra,
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

  it('shows the terms sanitised, the conditions, and to a visitor a disabled apply with the reason', async () => {
    stubPromotions();
    renderUi(<PromoDetailPage currencySymbol="₹" />, { path: '/promoDetail?id=1' });
    const terms = await screen.findByTestId('promo-terms');
    expect(terms.innerHTML).toContain('<strong>once</strong>');
    expect(terms.innerHTML).not.toContain('script');
    const apply = await screen.findByTestId('promo-apply');
    expect(apply.hasAttribute('disabled')).toBe(true);
    expect(apply.getAttribute('aria-describedby')).toBe('promo-apply-note');
    expect(screen.getByTestId('promo-apply-note').textContent).toContain('Log in');
    expect(screen.getByTestId('promo-rule-award').textContent).toBe(
      'Bonus: 100% of the qualifying deposit, up to ₹5,000.00',
    );
    expect(screen.getByTestId('promo-rule-weights').textContent).toContain('Live casino counts 10%');
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

describe('applying on the detail page', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  const RESULT: ApplyResult = {
    application: {
      id: '3',
      promotionId: '1',
      promotionCode: 'welcome',
      promotionTitle: 'Welcome bonus',
      status: 'pending',
      activityStatus: 'applying',
      remark: 'My win',
      imageCount: 0,
      rejectReason: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      decidedAt: null,
    },
    bonus: null,
  };

  it('applies with a remark after the confirm step, with an Idempotency-Key, and shows the answer', async () => {
    let status = 'apply';
    const fetchStub = stubPromotions({
      '/wps/member/promotions': () => ({
        list: [{ promotionId: '1', status, applicationId: null, rejectReason: null }],
      }),
      '/wps/member/promotions/1/apply': () => {
        status = 'applying';
        return RESULT;
      },
    });
    renderUi(<PromoDetailPage currencySymbol="₹" />, { path: '/promoDetail?id=1' });
    const remark = await screen.findByTestId('promo-remark');
    await userEvent.type(remark, 'My win');
    await userEvent.click(screen.getByTestId('promo-apply'));
    expect((await screen.findByTestId('promo-confirm-summary')).textContent).toContain('Welcome bonus');
    await userEvent.click(screen.getByTestId('promo-confirm-confirm'));
    expect((await screen.findByTestId('promo-apply-done')).textContent).toContain('review');
    const call = fetchStub.mock.calls.find(([input]) => String(input).endsWith('/apply'));
    const init = (call as unknown[] | undefined)?.[1] as RequestInit;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/.{16,}/);
    expect((init.body as FormData).get('remark')).toBe('My win');
    await waitFor(() => expect(screen.getByTestId('promo-status').dataset.status).toBe('applying'));
  });

  it('refuses a fourth picture before sending anything', async () => {
    const fetchStub = stubPromotions({
      '/wps/member/promotions': {
        list: [{ promotionId: '1', status: 'apply', applicationId: null, rejectReason: null }],
      },
    });
    renderUi(<PromoDetailPage currencySymbol="₹" />, { path: '/promoDetail?id=1' });
    await screen.findByTestId('promo-remark');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const png = () =>
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'a.png', {
        type: 'image/png',
      });
    await userEvent.upload(input, [png(), png(), png(), png()]);
    await userEvent.click(screen.getByTestId('promo-apply'));
    expect((await screen.findByTestId('promo-form-error')).textContent).toBe('Choose at most 3 pictures.');
    expect(fetchStub.mock.calls.some(([input]) => String(input).endsWith('/apply'))).toBe(false);
  });

  it('shows a rejected application with its reason and no action', async () => {
    stubPromotions({
      '/wps/member/promotions': {
        list: [
          { promotionId: '1', status: 'rejected', applicationId: '3', rejectReason: 'Screenshot missing' },
        ],
      },
    });
    renderUi(<PromoDetailPage currencySymbol="₹" />, { path: '/promoDetail?id=1' });
    await waitFor(() => expect(screen.getByTestId('promo-status').dataset.status).toBe('rejected'));
    expect(screen.getByTestId('promo-apply-note').textContent).toContain('Screenshot missing');
    expect(screen.getByTestId('promo-apply').hasAttribute('disabled')).toBe(true);
  });
});

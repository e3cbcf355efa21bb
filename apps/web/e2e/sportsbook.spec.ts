import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import {
  JOURNEY_MATRIX,
  localeTexts,
  suffix,
  type Texts,
  text,
  useVariant,
  type Variant,
} from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * The sportsbook (issue 21): a fresh player places a pre-match single, builds an in-play accumulator on two
 * events, sees a picked price move (the dev nudge) and re-confirms at the new odds, cashes the single out,
 * then sees the accumulator settle once its events are played to the end; and bets on the cockfight arena's
 * current fight and sees it resulted — per variant and screen (EN light, HI dark; desktop, 375 px). On the
 * `wallet` server (PostgreSQL, DEV_INBOX), whose dev routes make events now and play them to their end at
 * once, so nothing waits on the clock.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
// Registration, four bets (two with the in-play delay), a cash-out and a settlement: room for a slow machine.
test.setTimeout(240_000);

type Selection = { id: string; key: string; oddsMilli: number; active: boolean };
type Market = { id: string; type: string; status: string; selections: Selection[] };
type EventSummary = {
  id: string;
  status: string;
  startsAt: string;
  score?: { detail?: Record<string, unknown> } | null;
  mainMarket?: Market | null;
};

/** A DEV_INBOX route's answer (`value` of the envelope); a refusal fails the journey with its body. */
async function dev<T>(page: Page, route: string, data: Record<string, unknown>): Promise<T> {
  const answer = await page.request.post(`/dev/sportsbook/${route}`, { data });
  expect(answer.ok(), `${route}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { value: T }).value;
}

/** Plays an event to its end (a 409 is another journey having ended it first), then the book's jobs. */
async function playToEnd(page: Page, eventIds: readonly string[]): Promise<void> {
  for (const eventId of eventIds) {
    const answer = await page.request.post('/dev/sportsbook/advance', { data: { eventId, toEnd: true } });
    expect([200, 409], await answer.text()).toContain(answer.status());
  }
  await dev(page, 'run-jobs', {});
}

/** The event's first open market with an active selection, and that selection (the one a nudge moves). */
async function openPrice(page: Page, eventId: string): Promise<{ market: Market; selection: Selection }> {
  let found: { market: Market; selection: Selection } | null = null;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/sportsbook/api/events/${eventId}`);
        const markets = ((await answer.json()) as { value: { markets: Market[] } }).value.markets;
        const market = markets.find((m) => m.status === 'open' && m.selections.some((s) => s.active));
        const selection = market?.selections.find((s) => s.active);
        found = market && selection ? { market, selection } : null;
        return found !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as unknown as { market: Market; selection: Selection };
}

/** The slip, opened on a phone (there it is a bar at the bottom until opened). */
async function openSlip(page: Page, phone: boolean, sports: Texts): Promise<Locator> {
  const slip = page.getByTestId('sports-slip');
  const opener = slip.getByRole('button', { name: text(sports, 'slip.open') });
  if (phone && (await opener.isVisible())) await opener.click();
  await expect(slip.getByTestId('sports-tab-bets')).toBeVisible();
  return slip;
}

/** Clicks a price onto the slip; on a phone the slip opens by itself for the new pick. */
async function pick(page: Page, selectionId: string): Promise<void> {
  const button = page.getByTestId(`sports-odds-${selectionId}`);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** The placed notice's bet id (`SB-…`). */
async function placedId(page: Page): Promise<string> {
  const placed = page.getByTestId('sports-placed');
  await expect(placed).toBeVisible({ timeout: 30_000 });
  const ids = ((await placed.textContent()) ?? '').match(/SB-\d+/g) ?? [];
  expect(ids, 'the notice names one bet').toHaveLength(1);
  return ids[0] as string;
}

/** The header's balance as a number (its digits; both languages write them the same way). */
async function balance(page: Page): Promise<number> {
  return Number(((await page.getByTestId('header-balance').textContent()) ?? '').replace(/[^\d.]/g, ''));
}

/** My bets' settled list shows the bet in one of `statuses` (reloaded until the settlement job has run). */
async function expectSettled(
  page: Page,
  phone: boolean,
  sports: Texts,
  path: string,
  betId: string,
  statuses: RegExp,
): Promise<Locator> {
  const card = page.getByTestId(`sports-bet-${betId}`);
  await expect(async () => {
    await openLayout(page, path);
    const slip = await openSlip(page, phone, sports);
    await slip.getByTestId('sports-tab-bets').click();
    await slip
      .getByTestId('sports-my-bets')
      .getByText(text(sports, 'myBets.settled'), { exact: true })
      .click();
    await expect(card).toHaveAttribute('data-status', statuses, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  return card;
}

/** A fresh player with ₹1,000 in the variant and screen; the locale texts and a screenshot namer. */
async function startPlayer(page: Page, variant: Variant, phone: boolean, journey: string) {
  const sports = localeTexts(variant.lang, 'sports');
  const shot = (name: string) => ({
    path: artifactPath(
      test.info(),
      `${journey}-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`,
    ),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  if (phone) await page.setViewportSize({ width: 375, height: 760 });
  const player = await registerByUsername(page, variant.lang);
  await ops('wallet:adjust', player.username, '1000', 'e2e', `${journey} journey stake money`);
  return { sports, shot };
}

async function sportsJourney(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const { sports, shot } = await startPlayer(page, variant, phone, 'sportsbook');
  const preMatch = (await dev<{ eventId: string }>(page, 'fixture', { sport: 'football', inPlay: false }))
    .eventId;
  const liveA = (await dev<{ eventId: string }>(page, 'fixture', { sport: 'football', inPlay: true }))
    .eventId;
  const liveB = (await dev<{ eventId: string }>(page, 'fixture', { sport: 'football', inPlay: true }))
    .eventId;

  let single = '';
  await test.step('a pre-match single through the confirm dialog', async () => {
    const { selection } = await openPrice(page, preMatch);
    await openLayout(page, `/sports/event/${preMatch}`);
    await expect(page.getByTestId('sports-countdown')).toBeVisible();
    await pick(page, selection.id);
    const slip = await openSlip(page, phone, sports);
    await slip.getByTestId('sports-pick-stake').fill('10');
    await slip.getByTestId('sports-place').click();
    await expect(page.getByTestId('sports-confirm')).toBeVisible();
    await page.screenshot(shot('single-confirm'));
    await page.getByTestId('sports-confirm-confirm').click();
    single = await placedId(page);
    await expect(page.getByTestId('header-balance')).toContainText('990.00');
  });

  let multi = '';
  await test.step('an in-play accumulator: a picked price moves, the player re-confirms at the new odds', async () => {
    // The feed moves in-play prices every match minute (6 s), which under "ask me every time" would refuse
    // most bets: both matches are played to half-time, whose 36 s break leaves the prices still, so the
    // re-confirmation is the nudge's (a slow machine past the break just re-confirms once more).
    for (const eventId of [liveA, liveB]) await dev(page, 'advance', { eventId, steps: 45 });
    const legA = await openPrice(page, liveA);
    await openLayout(page, `/sports/event/${liveA}`);
    await pick(page, legA.selection.id);
    // To the second event the way a player goes, through the lobby (a reload would empty the slip).
    if (phone) await page.getByRole('button', { name: text(sports, 'slip.hide') }).click();
    const legB = await openPrice(page, liveB);
    await page
      .getByRole('link', { name: text(sports, 'lobby.title.sports'), exact: true })
      .first()
      .click();
    await page.getByTestId(`sports-event-${liveB}`).getByRole('link').first().click();
    await expect(page.getByTestId('page-sports-event')).toHaveAttribute('data-event-id', liveB);
    await pick(page, legB.selection.id);
    const slip = await openSlip(page, phone, sports);
    await slip.getByTestId('sports-tab-multi').click();
    await expect(slip.getByTestId('sports-multi-odds')).toBeVisible();
    await slip.getByTestId('sports-multi-stake').fill('10');
    // "Ask me every time": the nudge moves the price up, which the default rule (higher only) would take.
    await slip.getByTestId('sports-accept-rule').click();
    await page.getByRole('option', { name: text(sports, 'slip.rules.none') }).click();
    await slip.getByTestId('sports-place').click();
    const dialog = page.getByTestId('sports-confirm');
    await expect(dialog).toBeVisible();
    const moved = await dev<{ selectionId: string; oddsMilli: number }>(page, 'nudge', {
      marketId: legA.market.id,
    });
    expect(moved.selectionId).toBe(legA.selection.id);
    // The slip follows the price: old → new on the pick (behind the dialog).
    await expect(
      slip.getByTestId(`sports-pick-${legA.selection.id}`).getByTestId('sports-pick-odds'),
    ).toContainText('→', { timeout: 30_000 });
    const confirm = page.getByTestId('sports-confirm-confirm');
    await confirm.click();
    // The book refuses the seen price and the dialog asks again with old → new (the feed may move a price
    // again meanwhile: each refusal is one more re-confirmation).
    await expect(confirm).toHaveText(text(sports, 'slip.acceptAndPlace'), { timeout: 30_000 });
    await expect(dialog.getByRole('rowheader', { name: text(sports, 'slip.changedTitle') })).toBeVisible();
    await page.screenshot(shot('odds-changed'));
    await expect(async () => {
      if (await confirm.isVisible()) await confirm.click();
      await expect(page.getByTestId('sports-placed')).toBeVisible({ timeout: 8_000 });
    }).toPass({ timeout: 60_000 });
    multi = await placedId(page);
    await expect(page.getByTestId('header-balance')).toContainText('980.00');
  });

  await test.step('cash out the single: quote, confirm, paid, the balance rises', async () => {
    const slip = await openSlip(page, phone, sports);
    await slip.getByTestId('sports-tab-bets').click();
    const card = slip.getByTestId(`sports-bet-${single}`);
    await expect(card).toHaveAttribute('data-status', 'placed');
    await expect(slip.getByTestId(`sports-bet-${multi}`)).toHaveAttribute('data-status', 'placed');
    const before = await balance(page);
    await card.getByTestId('sports-cashout').click();
    await card.getByTestId('sports-cashout-confirm').click();
    // Paid: the list says so and keeps saying it once the bet has left the open list for the settled one.
    await expect(slip.getByTestId('sports-cashout-notice')).toContainText(single);
    await expect(card).toHaveCount(0);
    await expect(slip.getByTestId('sports-cashout-notice')).toBeVisible();
    await expect.poll(() => balance(page)).toBeGreaterThan(before);
    await slip
      .getByTestId('sports-my-bets')
      .getByText(text(sports, 'myBets.settled'), { exact: true })
      .click();
    await expect(card).toHaveAttribute('data-status', 'cashed_out');
    await page.screenshot(shot('cashed-out'));
  });

  await test.step('the events play to their end and the accumulator settles', async () => {
    await playToEnd(page, [liveA, liveB]);
    const card = await expectSettled(page, phone, sports, `/sports/event/${liveA}`, multi, /settled/);
    await expect(card.getByTestId('sports-bet-result')).toBeVisible();
    await expect(page.getByTestId(`sports-bet-${single}`)).toHaveAttribute('data-status', 'cashed_out');
    await page.screenshot(shot('settled'));
  });

  await test.step('the betting record shows both bets as rounds (round id = bet id)', async () => {
    await openLayout(page, '/member/personalHistoryCopy');
    const row = (betId: string) => page.getByTestId('bet-row').filter({ hasText: betId });
    await expect(row(multi)).toHaveAttribute('data-status', 'settled');
    await expect(row(single)).toBeVisible();
  });
}

/** When a fight's betting window closes (as the arena page reads it). */
function closesAt(fight: EventSummary): number {
  const value = fight.score?.detail?.closesAt;
  return Date.parse(typeof value === 'string' ? value : fight.startsAt);
}

/**
 * The fight the arena shows as current (the first still taking bets) once it has a window long enough to
 * bet in: a fight about to close is played to its end first (a fresh one of ours waits behind it).
 */
async function bettableFight(page: Page): Promise<EventSummary> {
  let found: EventSummary | null = null;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/sportsbook/api/events?group=cockfight&when=all');
        const list = ((await answer.json()) as { value: { list: EventSummary[] } }).value.list;
        const current = list.find(
          (fight) =>
            fight.mainMarket?.status === 'open' && (fight.status === 'scheduled' || fight.status === 'live'),
        );
        const left = current ? closesAt(current) - Date.now() : 0;
        found = current && left > 40_000 ? current : null;
        if (current && left < 20_000) await playToEnd(page, [current.id]);
        return found !== null;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  return found as unknown as EventSummary;
}

async function cockfightJourney(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const { sports, shot } = await startPlayer(page, variant, phone, 'cockfight');
  // A fight of our own in its window now, so there is always one to bet on.
  await dev(page, 'fixture', { sport: 'cockfight', inPlay: false });

  let betId = '';
  let fightId = '';
  let fight: EventSummary | null = null;
  await test.step('bet meron on the current fight in its betting window', async () => {
    await expect(async () => {
      fight = await bettableFight(page);
      fightId = fight.id;
      await openLayout(page, '/cockfight');
      await expect(page.getByTestId('cockfight-current')).toHaveAttribute('data-event-id', fightId, {
        timeout: 5_000,
      });
    }).toPass({ timeout: 120_000 });
    const card = page.getByTestId('cockfight-current');
    await expect(card.getByTestId('cockfight-countdown')).toBeVisible();
    const meron = fight?.mainMarket?.selections.find((s) => s.key === 'meron');
    expect(meron, 'the fight prices meron').toBeTruthy();
    await pick(page, (meron as Selection).id);
    const slip = await openSlip(page, phone, sports);
    await slip.getByTestId('sports-pick-stake').fill('10');
    await slip.getByTestId('sports-place').click();
    await page.getByTestId('sports-confirm-confirm').click();
    betId = await placedId(page);
    await page.screenshot(shot('placed'));
  });

  await test.step('the fight ends: its result in the arena, the bet settled in My bets', async () => {
    await playToEnd(page, [fightId]);
    // The arena's last results (GET /sportsbook/api/results) show this fight's winner once it is resulted:
    // pushed to the open page, and read again by a page opened afresh.
    const resulted = /^(meron|wala|draw|cancelled)$/;
    await expect(page.getByTestId(`cockfight-result-${fightId}`)).toHaveAttribute('data-result', resulted, {
      timeout: 45_000,
    });
    await openLayout(page, '/cockfight');
    await expect(page.getByTestId(`cockfight-result-${fightId}`)).toHaveAttribute('data-result', resulted);
    await page.screenshot(shot('resulted'));
    const card = await expectSettled(page, phone, sports, '/cockfight', betId, /settled|refunded/);
    await expect(card.getByTestId('sports-bet-result')).toBeVisible();
    await page.screenshot(shot('settled'));
  });
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  const title = `${suffix(variant)}, ${phone ? '375 px' : 'desktop'}`;
  test(`sportsbook: a pre-match single, an in-play accumulator re-confirmed at moved odds, a cash-out, settlement (${title})`, async ({
    page,
  }) => {
    await sportsJourney(page, variant, phone);
  });
  test(`cockfight: bet on the current fight, see it resulted and settled (${title})`, async ({ page }) => {
    await cockfightJourney(page, variant, phone);
  });
}

import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import {
  expectNoOverflow,
  figure,
  leave,
  otherSeat,
  player,
  type Room,
  rooms,
  START_MINOR,
  sit,
  walletMinor,
} from './support/pvp-players.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, suffix, type Variant } from './support/variants.ts';

/**
 * The PVP Rummy rooms (issue 22, docs/pvp.md "Rummy"): two fresh players, each funded with ₹1,000 in a
 * browser context of their own, find the Rummy rooms listed next to Teen Patti's on /pvp and sit at the same
 * Rummy room with the minimum buy-in (the hold); the clock job deals 13 cards each; each sees their own hand
 * and only a count of the other's; a card is selected and grouped by keyboard; the player to act drops
 * (confirmed, 20 points) and the other wins the 20 points less the rake (10 %); both leave and their wallets
 * show it. EN light on a desktop, HI dark at 375 px (JOURNEY_MATRIX), screenshots and a no-sideways-scroll
 * check at 375 px. Each journey takes its own empty Rummy room (two rooms: the default matrix's two runs).
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
test.setTimeout(420_000);

async function rummyJourney(browser: Browser, variant: Variant, phone: boolean, slot: number) {
  const shot = (page: Page, name: string) =>
    page.screenshot({
      path: artifactPath(
        test.info(),
        `pvp-rummy-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`,
      ),
    });
  const [asha, ravi] = await Promise.all([
    player(browser, variant, phone, 'first rummy player'),
    player(browser, variant, phone, 'second rummy player'),
  ]);
  try {
    const all = await rooms(asha.page);
    const rummy = all.filter((room) => room.gameKind === 'rummy');
    expect(rummy.length).toBeGreaterThanOrEqual(2);
    const free = [...rummy.slice(slot), ...rummy.slice(0, slot)].find((room) => room.seatsTaken === 0);
    expect(free, 'an empty Rummy room').toBeTruthy();
    const room = free as Room;
    const point = BigInt(room.stakes.pointValueMinor ?? '0');
    const buyIn = BigInt(room.stakes.minBuyInMinor);

    await test.step('/pvp lists both games; both players sit at a Rummy room with a confirmed buy-in', async () => {
      await openLayout(asha.page, '/pvp');
      const teenPatti = all.find((r) => r.gameKind === 'teen-patti');
      await expect(
        asha.page.locator(`[data-testid="pvp-room"][data-room="${teenPatti?.roomCode}"]`),
      ).toBeVisible();
      const card = asha.page.locator(`[data-testid="pvp-room"][data-room="${room.roomCode}"]`);
      await expect(card).toBeVisible();
      if (phone) await expectNoOverflow(asha.page);
      await card.scrollIntoViewIfNeeded();
      await shot(asha.page, 'rooms');
      await card.getByTestId('pvp-room-sit').click();
      await expect(asha.page.getByTestId('pvp-table')).toHaveAttribute('data-room', room.roomCode);
      await sit(asha.page);
      await openLayout(ravi.page, `/pvp?room=${room.roomCode}`);
      await sit(ravi.page);
    });

    await test.step('13 cards each: your own face up, the other player’s only as a count', async () => {
      for (const { page } of [asha, ravi]) {
        await expect(page.getByTestId('pvp-pot')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('rummy-card')).toHaveCount(13);
        await expect(otherSeat(page).getByTestId('pvp-seat-card-count')).toContainText('13');
        await expect(otherSeat(page).getByTestId('pvp-seat-cards')).toHaveCount(0);
        await expect(page.getByTestId('rummy-open-top')).toBeVisible();
      }
      // Neither page holds a card of the other's hand.
      const ids = async (page: Page) =>
        page.getByTestId('rummy-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
      const [mine, theirs] = [await ids(asha.page), await ids(ravi.page)];
      expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
      // By keyboard: a card is selected with Space, then grouped.
      const first = ravi.page.getByTestId('rummy-card').first();
      await first.focus();
      await ravi.page.keyboard.press('Space');
      await expect(first).toHaveAttribute('aria-pressed', 'true');
      await ravi.page.getByTestId('rummy-group-selected').focus();
      await ravi.page.keyboard.press('Enter');
      await expect(ravi.page.getByTestId('rummy-group')).toHaveCount(2);
      if (phone) await expectNoOverflow(ravi.page);
      await shot(asha.page, 'dealt');
      await shot(ravi.page, 'dealt-other');
    });

    const won = point * 20n - (point * 20n * BigInt(room.stakes.rakeBps)) / 10_000n;
    let dropper = asha;
    let winner = ravi;
    await test.step('the player to act drops (confirmed); the other wins 20 points less the rake', async () => {
      await expect
        .poll(
          async () =>
            (await asha.page.getByTestId('rummy-drop').count()) +
            (await ravi.page.getByTestId('rummy-drop').count()),
        )
        .toBe(1);
      if ((await asha.page.getByTestId('rummy-drop').count()) === 0) [dropper, winner] = [ravi, asha];
      await dropper.page.getByTestId('rummy-drop').click();
      await expect(dropper.page.getByTestId('rummy-drop-dialog')).toBeVisible();
      if (phone) await expectNoOverflow(dropper.page);
      await dropper.page.getByTestId('rummy-drop-confirm').click();
      await expect(winner.page.getByTestId('rummy-result-winner')).toContainText(figure(won));
      await expect(winner.page.getByTestId('rummy-result-winner')).toContainText(winner.username);
      await expect(dropper.page.getByTestId('rummy-result-row')).toContainText(figure(point * 20n));
      if (phone) await expectNoOverflow(winner.page);
      await shot(winner.page, 'won');
    });

    await test.step('both leave; the wallets show the hand', async () => {
      // The next hand is dealt 3 s after this one: leaving it before a draw is a first drop too (20 points),
      // which the winner also wins. The dropper's wallet says how many hands.
      await leave(dropper.page);
      let lost = 0n;
      await expect
        .poll(async () => {
          lost = START_MINOR - (await walletMinor(dropper.page));
          return lost < buyIn;
        })
        .toBe(true);
      const hands = lost / (point * 20n);
      expect(lost % (point * 20n), 'whole first drops').toBe(0n);
      expect([1n, 2n]).toContain(hands);
      const back = await leave(winner.page);
      expect(back).toBe(buyIn + hands * won);
      await expect.poll(() => walletMinor(winner.page)).toBe(START_MINOR + hands * won);
      await shot(winner.page, 'left');
    });
  } finally {
    await asha.close();
    await ravi.close();
  }
}

JOURNEY_MATRIX.forEach(({ variant, phone }, slot) => {
  const title = `${suffix(variant)}, ${phone ? '375 px' : 'desktop'}`;
  test(`pvp: two players sit at a Rummy room, one drops, the other wins the points less rake (${title})`, async ({
    browser,
  }) => {
    await rummyJourney(browser, variant, phone, slot);
  });
});

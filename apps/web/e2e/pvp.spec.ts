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
import { JOURNEY_MATRIX, localeTexts, suffix, text, type Variant } from './support/variants.ts';

/**
 * The PVP card rooms (issue 22, docs/pvp.md): two fresh players, each funded with ₹1,000 and in a browser
 * context of their own, sit at the same Teen Patti room with the minimum buy-in; the clock job deals a
 * hand; each sees their own cards and only face-down backs of the other's; one packs and the other wins the
 * pot less the rake (5 %); both leave and their wallets show it. EN light on a desktop, HI dark at 375 px
 * (JOURNEY_MATRIX), with screenshots and a check that neither /pvp nor the table scrolls sideways at 375 px.
 * On the `wallet` server (PostgreSQL, fresh per run), whose pvp.clock job starts hands every second or two.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
// Two registrations (a minute or more each on a busy machine), two buy-ins, a hand dealt by the clock job
// and two leaves.
test.setTimeout(420_000);

async function pvpJourney(browser: Browser, variant: Variant, phone: boolean, slot: number): Promise<void> {
  const pvp = localeTexts(variant.lang, 'pvp');
  const shot = (page: Page, name: string) =>
    page.screenshot({
      path: artifactPath(test.info(), `pvp-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`),
    });
  const [asha, ravi] = await Promise.all([
    player(browser, variant, phone, 'first player'),
    player(browser, variant, phone, 'second player'),
  ]);
  try {
    // The journeys of the matrix run side by side: each takes an empty room, its own by its slot.
    const list = (await rooms(asha.page)).filter((room) => room.gameKind === 'teen-patti');
    const free = [...list.slice(slot), ...list.slice(0, slot)].find((room) => room.seatsTaken === 0);
    expect(free, 'an empty room').toBeTruthy();
    const room = free as Room;
    const boot = BigInt(room.stakes.bootMinor ?? '0');
    const buyIn = BigInt(room.stakes.minBuyInMinor);

    await test.step('the room list on /pvp opens the room; both players sit with a confirmed buy-in', async () => {
      await openLayout(asha.page, '/pvp');
      const card = asha.page.locator(`[data-testid="pvp-room"][data-room="${room.roomCode}"]`);
      await expect(card).toBeVisible();
      await expect(asha.page.getByTestId('pvp-rooms')).toContainText(text(pvp, 'botPolicy'));
      if (phone) await expectNoOverflow(asha.page);
      await shot(asha.page, 'rooms');
      await card.getByTestId('pvp-room-sit').click();
      await expect(asha.page.getByTestId('pvp-table')).toHaveAttribute('data-room', room.roomCode);
      await sit(asha.page);
      await expect(asha.page.getByTestId('pvp-no-hand')).toBeVisible();
      await openLayout(ravi.page, `/pvp?room=${room.roomCode}`);
      await sit(ravi.page);
    });

    await test.step('a hand is dealt: each sees only their own cards', async () => {
      for (const { page } of [asha, ravi]) {
        await expect(page.getByTestId('pvp-pot')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('pvp-my-card')).toHaveCount(3);
      }
      await asha.page.getByTestId('pvp-see').click();
      const mine = asha.page.getByTestId('pvp-my-card');
      for (let index = 0; index < 3; index += 1) {
        await expect(mine.nth(index)).toHaveAttribute('data-face', 'up');
      }
      // The other player's backs: dealt, face down, no rank or suit in the page.
      for (const { page } of [asha, ravi]) {
        const backs = otherSeat(page).getByTestId('pvp-seat-cards').getByRole('img');
        await expect(backs).toHaveCount(3);
        for (let index = 0; index < 3; index += 1) {
          await expect(backs.nth(index)).toHaveAttribute('data-face', 'down');
          await expect(backs.nth(index)).not.toHaveAttribute('data-rank', /./);
        }
      }
      // Ravi has not looked: his own cards are still face down on his screen, Asha's status reads "seen".
      await expect(ravi.page.getByTestId('pvp-my-card').first()).toHaveAttribute('data-face', 'down');
      await expect(otherSeat(ravi.page)).toHaveAttribute('data-status', 'seen');
      await expect(ravi.page.getByTestId('pvp-rules-rake')).toContainText(String(room.stakes.rakeBps / 100));
      if (phone) await expectNoOverflow(ravi.page);
      await shot(asha.page, 'dealt');
      await shot(ravi.page, 'dealt-other');
    });

    const pot = boot * 2n;
    const rake = (pot * BigInt(room.stakes.rakeBps)) / 10_000n;
    await test.step('one packs; the other wins the pot less the rake', async () => {
      await asha.page.getByTestId('pvp-pack').click();
      // "ravi won ₹1.90" / "ravi ने ₹1.90 जीते": the winner, then the pot less the rake. Ravi reads his own
      // name; Asha reads it starred (the server shows other players' names like the leaderboard's).
      const amount = figure(pot - rake).replace('.', '\\.');
      const starred = `${ravi.username.slice(0, 2)}\\*\\*\\*${ravi.username.slice(-1)}`;
      await expect(ravi.page.getByTestId('pvp-log')).toContainText(
        new RegExp(`${ravi.username}[^0-9]{0,12}${amount}`),
      );
      await expect(asha.page.getByTestId('pvp-log')).toContainText(
        new RegExp(`${starred}[^0-9]{0,12}${amount}`),
      );
      await shot(ravi.page, 'won');
    });

    await test.step('both leave; the wallets show the hand', async () => {
      // The next hand is dealt 3 s after this one: if it began before Asha's leave, she packs it by leaving
      // and Ravi wins that pot as well (both paid its boot). Her wallet says which.
      await leave(asha.page);
      let lost = 0n;
      await expect
        .poll(async () => {
          lost = START_MINOR - (await walletMinor(asha.page));
          return lost < buyIn;
        })
        .toBe(true);
      const hands = lost / boot;
      expect(lost % boot, 'Asha lost whole boots').toBe(0n);
      expect([1n, 2n]).toContain(hands);
      const raviBack = await leave(ravi.page);
      const raviWins = hands * (pot - rake - boot);
      expect(raviBack).toBe(buyIn + raviWins);
      await expect.poll(() => walletMinor(ravi.page)).toBe(START_MINOR + raviWins);
      await expect(ravi.page.getByTestId('header-balance')).toContainText(figure(START_MINOR + raviWins));
      await shot(ravi.page, 'left');
    });
  } finally {
    await asha.close();
    await ravi.close();
  }
}

JOURNEY_MATRIX.forEach(({ variant, phone }, slot) => {
  const title = `${suffix(variant)}, ${phone ? '375 px' : 'desktop'}`;
  test(`pvp: two players sit at a Teen Patti room, one packs, the other wins the pot less rake (${title})`, async ({
    browser,
  }) => {
    await pvpJourney(browser, variant, phone, slot);
  });
});

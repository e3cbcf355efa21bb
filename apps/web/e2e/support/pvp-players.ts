import { type Browser, expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './accounts.ts';
import { htmlElement } from './page-helpers.ts';
import { serverUrl } from './servers.ts';
import { useVariant, type Variant } from './variants.ts';
import { walletOps as ops } from './wallet-ops.ts';

/**
 * What the PVP journeys share (pvp.spec.ts: Teen Patti, pvp-rummy.spec.ts: Rummy): funded players in their
 * own browser contexts, the room list and wallet read through the API, the buy-in and leave dialogs, the
 * 375 px overflow check. On the `wallet` server (PostgreSQL, fresh per run).
 */

const expect = baseExpect.configure({ timeout: 15_000 });

export type Room = {
  roomCode: string;
  gameKind: 'teen-patti' | 'rummy';
  seatsTaken: number;
  stakes: {
    bootMinor?: string;
    pointValueMinor?: string;
    minBuyInMinor: string;
    rakeBps: number;
  };
};

/** What each journey player starts with: ₹1,000. */
export const START_MINOR = 100_000n;

/** A registered, funded player in their own context (the variant's language, scheme and screen). */
export async function player(browser: Browser, variant: Variant, phone: boolean, label: string) {
  const context = await browser.newContext({
    baseURL: serverUrl('wallet'),
    ...(phone ? { viewport: { width: 375, height: 760 } } : {}),
  });
  const page = await context.newPage();
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  // The stored language (useVariant) already shows the site in the variant's language: registering as 'EN'
  // skips choosing it again through the header's menu, which two busy pages at once made flaky.
  const account = await registerByUsername(page, 'EN');
  await expect(htmlElement(page)).toHaveAttribute('lang', variant.lang.toLowerCase());
  await ops('wallet:adjust', account.username, '1000', 'e2e', `pvp journey ${label}`);
  await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', variant.scheme);
  return { page, username: account.username, close: () => context.close() };
}

/** The rooms as the list call answers them (with the page's own session token). */
export async function rooms(page: Page): Promise<Room[]> {
  return page.evaluate(async () => {
    const token = sessionStorage.getItem('token');
    const answer = await fetch('/wps/relay/GLS2_roomList', { headers: { Authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { value: { list: Room[] } }).value.list;
  });
}

/** The wallet's balance in minor units, read from the API with the page's session. */
export async function walletMinor(page: Page): Promise<bigint> {
  const minor = await page.evaluate(async () => {
    const token = sessionStorage.getItem('token');
    const answer = await fetch('/wps/v2/wallets/balance', { headers: { Authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { value: { balanceMinor: string } }).value.balanceMinor;
  });
  return BigInt(minor);
}

/** No sideways scrolling: the document is no wider than the 375 px screen. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page scrolls sideways at 375 px').toBeLessThanOrEqual(375);
}

/** Money as the table shows it: the figure without the symbol ("19.00" for 1900 minor units). */
export const figure = (minor: bigint) =>
  `${(minor / 100n).toLocaleString('en-IN')}.${(minor % 100n).toString().padStart(2, '0')}`;

/** Sits at the first free seat with the minimum buy-in, through the buy-in and confirm dialogs. */
export async function sit(page: Page): Promise<void> {
  await page.getByTestId('pvp-sit-here').first().click();
  await expect(page.getByTestId('pvp-buy-in-amount')).toBeVisible();
  await page.getByTestId('pvp-buy-in-continue').click();
  await expect(page.getByTestId('pvp-sit-confirm-amount')).toBeVisible();
  await page.getByTestId('pvp-sit-confirm-confirm').click();
  await expect(page.getByTestId('pvp-sit-confirm')).toHaveCount(0);
  await expect(page.locator('[data-testid="pvp-seat"][data-me="true"]')).toHaveCount(1);
}

/** The other player's seat as this page shows it. */
export const otherSeat = (page: Page): Locator => page.locator('[data-testid="pvp-seat"][data-me="false"]');

/** Leaves through the confirm; answers the stack the dialog said goes back (minor units). */
export async function leave(page: Page): Promise<bigint> {
  await page.getByTestId('pvp-leave').click();
  const amount = (await page.getByTestId('pvp-leave-confirm-amount').textContent()) ?? '';
  await page.getByTestId('pvp-leave-confirm-confirm').click();
  await expect(page.getByTestId('pvp-leave-confirm')).toHaveCount(0);
  await expect(page.getByTestId('pvp-watching')).toBeVisible();
  return BigInt(amount.replace(/[^\d]/g, ''));
}

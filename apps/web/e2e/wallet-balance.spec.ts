import { expect as baseExpect, type Page, test, type WebSocket } from '@playwright/test';
import { logInOnPage } from './support/accounts.ts';
import { artifactPath, DEVANAGARI, htmlElement } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';

/**
 * The header's money part and my wallet (SPEC §2 logged-in strip, member centre `transferFund`;
 * docs/wallet-contract.md "Live balance") on the `wallet` server: demo_player's seeded ₹10,000.00 in the
 * header with the brand's symbol, hidden as '***' across a reload, a transfer to a vendor wallet and back,
 * and a second tab of the same player that sees its header balance follow each transfer without a reload
 * (the WebSocket push). Then the strip and my wallet on a 375 px phone, in Hindi and dark.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const DEMO_PLAYER = { username: 'demo_player', password: 'Lotus-Player-2026!' };

test.use({ baseURL: serverUrl('wallet') });
test.setTimeout(90_000);

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  if (!token) throw new Error('not logged in');
  return token;
}

/** The brand's currency symbol as the wallet calls report it (the header shows the same). */
async function brandSymbol(page: Page): Promise<string> {
  const response = await page.request.get('/wps/relay/GCS_merchantWallet', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { value: { currencySymbol: string } }).value.currencySymbol;
}

async function logIn(page: Page): Promise<void> {
  await logInOnPage(page, DEMO_PLAYER.username, DEMO_PLAYER.password);
  await expect(page.getByTestId('player-strip')).toBeVisible();
  await expect(page.getByTestId('header-wallet')).toBeVisible();
}

/** Resolves once the page's balance socket has been accepted (`ready`), so no push can be missed. */
function balanceSocketReady(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/wps/ws')) return;
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"ready"')) resolve(socket);
      });
    });
  });
}

test('header balance: symbol, hidden across a reload, transfers, and a live push to a second tab', async ({
  page,
}) => {
  await logIn(page);
  const symbol = await brandSymbol(page);
  const money = (text: string) => `${symbol}${text}`;
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(money('10,000.00'));

  // Hidden as '***', remembered on this device: still hidden after a reload and the 300 ms refresh.
  await page.getByRole('button', { name: 'Hide balance' }).click();
  await expect(balance).toHaveText('***');
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/wps/v2/wallets/balance'));
  await page.reload();
  await expect(page.getByTestId('header-wallet')).toBeVisible();
  await refreshed;
  await expect(balance).toHaveAttribute('data-state', 'hidden');
  await expect(balance).toHaveText('***');
  // Shown again from the keyboard.
  await page.getByRole('button', { name: 'Hide balance' }).focus();
  await page.keyboard.press('Enter');
  await expect(balance).toHaveText(money('10,000.00'));

  // A second tab of the same player (its own session: the token lives in the tab's sessionStorage).
  const other = await page.context().newPage();
  const otherReady = balanceSocketReady(other);
  await logIn(other);
  const otherSocket = await otherReady;
  const pushes: string[] = [];
  otherSocket.on('framereceived', (frame) => {
    if (typeof frame.payload === 'string' && frame.payload.includes('"balance"')) pushes.push(frame.payload);
  });
  const otherBalance = other.getByTestId('header-balance');
  await expect(otherBalance).toHaveText(money('10,000.00'));

  // My wallet: transfer 1,500.00 into the first vendor wallet.
  await page.goto('/member/transferFund');
  await expect(page.getByTestId('main-wallet-balance')).toHaveText(money('10,000.00'));
  const firstVendor = page.locator('li[data-testid^="vendor-"]').first();
  const vendor = ((await firstVendor.getAttribute('data-testid')) ?? '').replace(/^vendor-/, '');
  expect(vendor).not.toBe('');
  await expect(page.getByTestId(`vendor-balance-${vendor}`)).toHaveText(money('0.00'));
  await page.getByTestId(`transfer-in-${vendor}`).click();
  const dialog = page.getByTestId('vendor-transfer-dialog');
  await dialog.getByTestId('transfer-amount').fill('1500');
  await dialog.getByTestId('transfer-next').click();
  await expect(dialog.getByTestId('transfer-summary')).toContainText(money('1,500.00'));
  await dialog.getByTestId('transfer-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('transfer-done')).toContainText(money('1,500.00'));
  await expect(page.getByTestId(`vendor-balance-${vendor}`)).toHaveText(money('1,500.00'));
  await expect(page.getByTestId('main-wallet-balance')).toHaveText(money('8,500.00'));
  await expect(balance).toHaveText(money('8,500.00'));
  // The other tab was not reloaded: the push moved its header.
  await expect(otherBalance).toHaveText(money('8,500.00'));
  expect(pushes.some((payload) => payload.includes('"balanceMinor":"850000"'))).toBe(true);

  // And back out, all of it.
  await page.getByTestId(`transfer-out-${vendor}`).click();
  await dialog.getByTestId('transfer-all').click();
  await expect(dialog.getByTestId('transfer-amount')).toHaveValue('1500.00');
  await dialog.getByTestId('transfer-next').click();
  await dialog.getByTestId('transfer-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(`vendor-balance-${vendor}`)).toHaveText(money('0.00'));
  await expect(page.getByTestId('main-wallet-balance')).toHaveText(money('10,000.00'));
  await expect(otherBalance).toHaveText(money('10,000.00'));

  // Recall all: 200.00 in, then everything back to main with the contract's message.
  await page.getByTestId(`transfer-in-${vendor}`).click();
  await dialog.getByTestId('transfer-amount').fill('200');
  await dialog.getByTestId('transfer-next').click();
  await dialog.getByTestId('transfer-confirm').click();
  await expect(otherBalance).toHaveText(money('9,800.00'));
  await page.getByTestId('recall-all').click();
  await page.getByTestId('recall-confirm-confirm').click();
  await expect(page.getByTestId('recall-done')).toHaveText('Balance returned successfully');
  await expect(page.getByTestId('main-wallet-balance')).toHaveText(money('10,000.00'));
  await expect(otherBalance).toHaveText(money('10,000.00'));
  await other.close();

  // The account record lists the four transfers, newest first, signed, with the balance after each.
  await page.goto('/member/transactionHistory');
  const rows = page.getByTestId('record-row');
  await expect(rows.first()).toBeVisible();
  const amounts = await rows.getByTestId('record-amount').allTextContents();
  expect(amounts.slice(0, 4)).toEqual([
    `+${money('200.00')}`,
    `-${money('200.00')}`,
    `+${money('1,500.00')}`,
    `-${money('1,500.00')}`,
  ]);
  await expect(rows.first().getByTestId('record-balance')).toHaveText(money('10,000.00'));
  await expect(rows.first()).toContainText('Wallet transfer');
  await expect(rows.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
});

test('the strip and my wallet on a 375 px phone, in Hindi and dark', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-variant')) {
      localStorage.setItem('lang', 'HI');
      localStorage.setItem('theme', 'dark');
      sessionStorage.setItem('e2e-variant', '1');
    }
  });
  await logIn(page);
  await expect(htmlElement(page)).toHaveAttribute('lang', 'hi');
  await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const symbol = await brandSymbol(page);
  // demo_player is shared with the other journey: any amount with the symbol, not a fixed one.
  await expect(page.getByTestId('header-balance')).toHaveText(
    new RegExp(`^${escapeRegExp(symbol)}[0-9,]+\\.[0-9]{2}$`),
  );
  await expect(page.getByRole('link', { name: 'जमा करें' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'बैलेंस छिपाएँ' })).toBeVisible();
  // The amount is the refresh button on a phone; the security centre moves into the account menu.
  await expect(page.getByRole('button', { name: /^बैलेंस: .*बैलेंस रीफ़्रेश करें$/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: artifactPath(testInfo, 'wallet-strip-hi-dark-375.png') });
  await page.getByTestId('player-menu').click();
  await expect(page.getByRole('menuitem', { name: 'सुरक्षा केंद्र' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/member/transferFund');
  await expect(page.getByTestId('main-wallet-balance')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'गेम वॉलेट' })).toBeVisible();
  await expect(page.getByTestId('recall-all')).toHaveText(DEVANAGARI);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({
    path: artifactPath(testInfo, 'wallet-transfer-fund-hi-dark-375.png'),
    fullPage: true,
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

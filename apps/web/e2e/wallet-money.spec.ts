import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { chooseLanguage, DEVANAGARI, openLayout, PASSWORD_HASHING_BOUND_MS } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * Money in and out (docs/wallet-contract.md "Journeys") on the `wallet` server (PostgreSQL, gateway
 * simulator): a deposit through the simulator's pay page; a bank transfer approved by the operator CLI while
 * the server runs; payment password, payout account, three withdrawals paid by the CLI and each of the three
 * receipt answers; the account record shows the rows. Each journey registers its own player.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
// Registration solves a proof of work and hashes a password; the CLI starts a process per command. The
// longest of these journeys takes ~24 s on two quiet cores: twice that with the CPU halved, and room.
test.setTimeout(120_000);

/** The operator CLI against the running server's database (as an operator would, from a shell). */

// A 1×1 PNG: what a phone screenshot is to the server's content check.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const proofFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function openCentre(page: Page, entry: string): Promise<Locator> {
  await openLayout(page, `/member/${entry}`);
  const content = page.getByTestId(`member-page-${entry}`);
  await expect(content).toBeVisible();
  await expect(page.getByTestId(`member-menu-${entry}`)).toHaveAttribute('aria-current', 'page');
  return content;
}

async function confirmDialog(page: Page, testId: string, amountText: RegExp): Promise<void> {
  const dialog = page.getByTestId(testId);
  await expect(dialog.getByTestId(`${testId}-amount`)).toHaveText(amountText);
  await dialog.getByTestId(`${testId}-submit`).click();
  await expect(dialog).toHaveCount(0);
}

test('deposit through the gateway simulator: pay, come back to the credited deposit and the balance', async ({
  page,
}) => {
  await useOwnAddress(page);
  await registerByUsername(page, 'EN');
  await openCentre(page, 'depositv2');
  // Issue 17: a first deposit is preceded by the offer of a deposit limit; this player goes on without one.
  await page.getByTestId('deposit-prompt-skip').click();
  await page.getByTestId('deposit-method-sim-upi').click();
  await page.getByTestId('deposit-quick-500').click();
  await expect(page.getByTestId('deposit-amount')).toHaveValue('500');
  await page.getByTestId('deposit-submit').click();
  const dialog = page.getByTestId('deposit-confirm');
  await expect(dialog.getByTestId('deposit-confirm-amount')).toHaveText(/500\.00$/);
  await dialog.getByTestId('deposit-confirm-submit').click();

  await page.waitForURL(/\/sim\/gateway\/pay\?/);
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL(/\/member\/depositv2\?deposit=\d+$/);
  const result = page.getByTestId('deposit-return');
  await expect(result).toHaveAttribute('data-status', 'approved');
  await expect(result).toContainText('The amount has been added to your balance.');
  await expect(page.getByTestId('deposit-row').first()).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('header-balance')).toContainText('500.00');

  // A 375 px phone: the menu is a bar above the page, and the centre is no wider than the screen.
  await page.setViewportSize({ width: 375, height: 760 });
  const menu = await page.getByTestId('member-centre-menu').boundingBox();
  const content = await page.getByTestId('member-page-depositv2').boundingBox();
  expect(menu && content && menu.y + menu.height <= content.y).toBe(true);
  expect(content && content.x >= 0 && content.x + content.width <= 375).toBe(true);
  expect(
    await page
      .getByTestId('member-page-depositv2')
      .evaluate((element) => element.scrollWidth <= element.clientWidth),
  ).toBe(true);

  // Close leaves the centre (it was the first page of this visit, so home).
  await page.getByTestId('member-centre-close').click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('bank transfer with UTR and proof, approved by the operator CLI; the account record shows it; Hindi', async ({
  page,
}) => {
  await useOwnAddress(page);
  await registerByUsername(page, 'EN');
  await openCentre(page, 'depositv2');
  await page.getByTestId('deposit-prompt-skip').click();
  const bank = page.getByTestId('deposit-bank');
  await expect(bank.getByTestId('deposit-bank-accountNumber')).not.toBeEmpty();
  await page.getByTestId('deposit-amount').fill('1234.50');
  await page.getByTestId('deposit-reference').fill(`UTR${Date.now()}`);
  await page.getByTestId('deposit-proof-input').setInputFiles(proofFile('transfer.png'));
  await expect(page.getByTestId('deposit-proof-name')).toHaveText('transfer.png');
  await page.getByTestId('deposit-submit').click();
  await confirmDialog(page, 'deposit-confirm', /1,234\.50$/);
  await expect(page.getByTestId('deposit-submitted')).toBeVisible();

  const row = page.getByTestId('deposit-row').first();
  await expect(row).toHaveAttribute('data-status', 'pending');
  const id = (await row.getAttribute('data-id')) as string;
  await ops('deposit:approve', id);

  await page.reload();
  await expect(page.locator(`[data-testid="deposit-row"][data-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'approved',
  );
  await expect(page.getByTestId('header-balance')).toContainText('1,234.50');

  await page.getByTestId('member-menu-transactionHistory').click();
  const record = page.getByTestId('record-row').filter({ hasText: 'Deposit' });
  await expect(record).toHaveCount(1);
  await expect(record.getByTestId('record-amount')).toContainText('1,234.50');

  // One look at the deposit page in Hindi.
  await page.getByTestId('member-menu-depositv2').click();
  await expect(page.getByTestId('deposit-form')).toBeVisible();
  await chooseLanguage(page, 'HI');
  await expect(page.locator('#member-centre-title')).toHaveText('जमा');
  await expect(page.locator('#deposit-form-title')).toHaveText('जमा करें');
  await expect(page.getByTestId('deposit-bank')).toContainText(DEVANAGARI);
});

test('payment password, payout account, three paid withdrawals: received, not received with proof, partly received', async ({
  page,
}) => {
  await useOwnAddress(page);
  const player = await registerByUsername(page, 'EN');
  await ops('wallet:adjust', player.username, '3000', 'e2e', 'funding');

  // Security centre: payment password (first time: with the login password) and a bank payout account.
  await openCentre(page, 'securityCenter');
  await page.getByTestId('payment-password-open').click();
  await page.getByTestId('payment-password-current').fill(player.password);
  await page.getByTestId('payment-password-new').fill('Pay123456');
  await page.getByTestId('payment-password-confirm').fill('Pay123456');
  await page.getByTestId('payment-password-submit').click();
  await expect(page.getByTestId('payment-password-done')).toBeVisible({ timeout: PASSWORD_HASHING_BOUND_MS });
  await page.getByTestId('payout-add-open').click();
  await page.getByTestId('payout-provider').fill('State Bank of India');
  await page.getByTestId('payout-number').fill('123456789012');
  await page.getByTestId('payout-ifsc').fill('sbin0001234');
  await expect(page.getByTestId('payout-ifsc')).toHaveValue('SBIN0001234');
  await page.getByTestId('payout-payee-name').fill('E2E Player');
  await page.getByTestId('payout-add-submit').click();
  await expect(page.getByTestId('payout-account')).toHaveCount(1);
  await expect(page.getByTestId('payout-account')).toContainText('****9012');

  // Three withdrawals; the available balance drops at once.
  await page.getByTestId('member-menu-withdraw').click();
  await expect(page.getByTestId('withdraw-available')).toContainText('3,000.00');
  const ids: string[] = [];
  for (const amount of ['500', '400', '300']) {
    await page.getByTestId('withdraw-amount').fill(amount);
    await page.getByTestId('withdraw-password').fill('Pay123456');
    await page.getByTestId('withdraw-submit').click();
    await confirmDialog(page, 'withdraw-confirm', new RegExp(`${amount}\\.00$`));
    await expect(page.getByTestId('withdraw-submitted')).toBeVisible();
    const newest = page.getByTestId('withdrawal-row').first();
    await expect(newest).toContainText(`${amount}.00`);
    ids.push((await newest.getAttribute('data-id')) as string);
  }
  await expect(page.getByTestId('withdraw-available')).toContainText('1,800.00');
  await Promise.all(ids.map((id) => ops('withdrawal:pay', id)));

  await page.reload();
  const rowOf = (id: string) => page.locator(`[data-testid="withdrawal-row"][data-id="${id}"]`);
  for (const id of ids) await expect(rowOf(id)).toHaveAttribute('data-receipt', 'awaiting');
  const [received, notReceived, partly] = ids.map(rowOf) as [Locator, Locator, Locator];
  await expect(received).toContainText('Please confirm by');

  await received.getByTestId('receipt-answer-received').click();
  await received.getByTestId('receipt-submit').click();
  await confirmDialog(page, 'receipt-confirm', /500\.00$/);
  await expect(received).toHaveAttribute('data-receipt', 'received');

  await notReceived.getByTestId('receipt-answer-not_received').click();
  await notReceived.getByTestId('receipt-submit').click();
  await expect(notReceived.getByTestId('receipt-proof-error')).toHaveText('Upload a screenshot as proof.');
  await notReceived.getByTestId('receipt-proof-input').setInputFiles(proofFile('statement.png'));
  await notReceived.getByTestId('receipt-submit').click();
  await confirmDialog(page, 'receipt-confirm', /400\.00$/);
  await expect(notReceived).toHaveAttribute('data-receipt', 'not_received');
  await expect(notReceived).toContainText('Under investigation');

  await partly.getByTestId('receipt-answer-partly_received').click();
  await partly.getByTestId('receipt-received-amount').fill('120.25');
  await expect(partly.getByTestId('receipt-remainder')).toContainText('179.75');
  await partly.getByTestId('receipt-submit').click();
  await confirmDialog(page, 'receipt-confirm', /300\.00$/);
  await expect(partly).toHaveAttribute('data-receipt', 'partly_received');
  await expect(partly).toContainText('179.75');

  await page.getByTestId('member-menu-transactionHistory').click();
  await expect(page.getByTestId('record-row').filter({ hasText: 'Withdrawal' })).toHaveCount(3);
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type Browser,
  expect as baseExpect,
  type FrameLocator,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { logInOnPage } from './support/accounts.ts';
import { artifactPath, DEVANAGARI, htmlElement, openLayout } from './support/page-helpers.ts';
import { postgresUrlFor } from './support/postgres-database.ts';
import { SERVER_SPECS, serverUrl } from './support/servers.ts';
import {
  EN_LIGHT,
  HI_DARK,
  localeTexts,
  suffix,
  text,
  useVariant,
  type Variant,
} from './support/variants.ts';

/**
 * The agent economy (issue 18) on the `wallet` server (PostgreSQL, so the operator CLI runs while the server
 * does): demo_agent — a top agent whose daily salary the operator sets — offers its direct downline agent
 * demo_sub_agent a daily salary contract from the agent centre; demo_sub_agent sees the header's prompt,
 * accepts in its agent centre; demo_sub_agent's player demo_player2 plays real rounds in the in-house studio;
 * the settlement job settles the day so far (the developer hook `POST /dev/agents/settle-now`: a daily period
 * ends only at midnight UTC); both agents see the day's wages in "My income" and the settlement in "Daily
 * wages". The upline reads English in the light theme, the downline Hindi in the dark theme on a phone.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const WALLET_DATABASE = SERVER_SPECS.find((spec) => spec.name === 'wallet')?.postgresDatabase as string;
const OPS_CLI = path.join(ROOT, 'apps/server/dist/ops-cli.js');
const run = promisify(execFile);

test.use({ baseURL: serverUrl('wallet') });
// Three sessions, a dozen rounds, four CLI calls: ~40 s on two quiet cores, twice that with the CPU halved.
test.setTimeout(180_000);

// The seeded accounts log in from the loopback address, where they always have (no new-IP step).
const UPLINE = { username: 'demo_agent', password: 'Lotus-Agent-2026!' };
const DOWNLINE = { username: 'demo_sub_agent', password: 'Lotus-SubAgent-2026!' };
const PLAYER = { username: 'demo_player2', password: 'Lotus-Player2-2026!' };
const UPLINE_RATE = '10';
const OFFERED_RATE = '4';

/** The operator CLI against the running server's database, from the built bundle (as header-shortcuts). */
async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [OPS_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: postgresUrlFor(WALLET_DATABASE), LOG_LEVEL: 'warn' },
  });
  return stdout;
}

async function signedIn(browser: Browser, variant: Variant, account: typeof UPLINE, phone = false) {
  const context = await browser.newContext({
    baseURL: serverUrl('wallet'),
    ...(phone ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  // biome-ignore lint/correctness/useHookAtTopLevel: a Playwright helper named like a hook, not a React hook.
  await useVariant(page, variant);
  await logInOnPage(page, account.username, account.password);
  await expect(page.getByTestId('player-strip')).toBeVisible();
  await expect(htmlElement(page)).toHaveAttribute('lang', variant.lang.toLowerCase());
  await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', variant.scheme);
  return page;
}

/** Opens the agent centre from the account menu and goes to an entry. */
async function openEntry(page: Page, entry: string): Promise<Locator> {
  const centre = page.getByTestId('agent-centre');
  if (!(await centre.isVisible())) {
    await page.getByTestId('player-menu').click();
    await page.getByTestId('menu-agent-centre').click();
    await expect(centre).toBeVisible();
  }
  await centre.getByTestId(`agent-menu-${entry}`).click();
  await expect(centre.getByTestId(`agent-menu-${entry}`)).toHaveAttribute('aria-selected', 'true');
  return centre;
}

/** Opens Lotus Fortune in the game pop-up from the search; returns its frame once the studio screen is up. */
async function openSlot(page: Page): Promise<FrameLocator> {
  await page.getByTestId('game-search-button').click();
  const modal = page.getByTestId('search-modal');
  await modal.getByTestId('search-input').fill('Lotus Fortune');
  await modal.getByTestId('search-input').press('Enter');
  const tile = modal
    .getByTestId('game-tile')
    .filter({ has: page.getByText('Lotus Fortune', { exact: true }) });
  await tile.getByTestId('game-tile-play').click();
  const frame = page.getByTestId('game-popup').frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('originals-screen')).toBeVisible();
  return frame;
}

test('a daily salary: offered, accepted, earned from the team’s rounds and seen by both agents', async ({
  browser,
}, testInfo) => {
  const en = localeTexts('EN', 'agents');
  const hi = localeTexts('HI', 'agents');

  // The operator gives the top agent its own daily salary, the most it may offer its downline.
  await ops('contracts:set-top', UPLINE.username, 'daily_salary', UPLINE_RATE, 'e2e agent economy journey');

  // 1. The upline offers its direct downline agent a daily salary from the agent centre.
  const upline = await signedIn(browser, EN_LIGHT, UPLINE);
  let centre = await openEntry(upline, 'dailySalary');
  const section = centre.getByTestId('agent-contracts-daily_salary');
  await expect(section.getByTestId('agent-contract-mine')).toContainText(`${UPLINE_RATE}.00 %`);
  await section.getByTestId('agent-offer-open').click();
  const offer = upline.getByTestId('agent-offer-dialog');
  await expect(offer.getByRole('option', { name: DOWNLINE.username })).toHaveCount(1);
  // Above its own rate is refused before anything is sent.
  await offer.getByTestId('agent-offer-downline').selectOption({ label: DOWNLINE.username });
  await offer.getByTestId('agent-offer-rate').fill('10.5');
  await offer.getByTestId('agent-offer-submit').click();
  await expect(offer.getByTestId('agent-offer-rate')).toHaveAttribute('aria-invalid', 'true');
  await offer.getByTestId('agent-offer-rate').fill(OFFERED_RATE);
  await offer.getByTestId('agent-offer-submit').click();
  await expect(offer).toHaveCount(0);
  await expect(section.getByTestId('agent-contract-done')).toContainText(DOWNLINE.username);
  const given = section.getByTestId('agent-downline-contract').filter({ hasText: DOWNLINE.username });
  await expect(given).toContainText(text(en, 'contracts.status.offered'));
  await expect(given).toContainText(`${OFFERED_RATE}.00 %`);
  await upline.screenshot({ path: artifactPath(testInfo, `agent-economy-offer-${suffix(EN_LIGHT)}.png`) });

  // 2. The downline, on a phone in Hindi, is told in the header that an offer waits; it leads to the entry.
  const downline = await signedIn(browser, HI_DARK, DOWNLINE, true);
  // Home says it too, with the kind, above the notices.
  const onHome = downline.getByTestId('agent-offer-prompt-home');
  await expect(onHome).toContainText(text(hi, 'sections.dailySalary'));
  const prompt = downline.getByTestId('agent-offer-prompt-header');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(DEVANAGARI);
  await prompt.click();
  centre = downline.getByTestId('agent-centre');
  await expect(centre.getByTestId('agent-menu-dailySalary')).toHaveAttribute('aria-selected', 'true');
  const waiting = centre.getByTestId('agent-offer').filter({ hasText: UPLINE.username });
  await expect(waiting).toContainText(`${OFFERED_RATE}.00 %`);
  await waiting.getByTestId('agent-offer-accept').click();
  const confirm = downline.getByTestId('agent-contract-dialog');
  await expect(
    confirm.getByRole('heading', { name: text(hi, 'contracts.confirm.accept.title') }),
  ).toBeVisible();
  await downline.screenshot({
    path: artifactPath(testInfo, `agent-economy-accept-${suffix(HI_DARK)}-375.png`),
  });
  await confirm.getByTestId('agent-contract-dialog-confirm').click();
  await expect(confirm).toHaveCount(0);
  const mine = centre.getByTestId('agent-contract-mine');
  await expect(mine.getByTestId('agent-contract-mine-status')).toHaveText(
    text(hi, 'contracts.status.accepted'),
  );
  await expect(mine).toContainText(`${OFFERED_RATE}.00 %`);
  await expect(centre.getByTestId('agent-offer')).toHaveCount(0);
  await expect(downline.getByTestId('agent-offer-prompt-header')).toHaveCount(0);
  await expect(onHome).toHaveCount(0);

  // 3. The downline's player plays real rounds in the studio (its stake is the team's valid turnover).
  await ops('wallet:adjust', PLAYER.username, '200', 'e2e agent economy journey stake money');
  const player = await signedIn(browser, EN_LIGHT, PLAYER);
  await openLayout(player, '/rng');
  const slot = await openSlot(player);
  for (let spin = 1; spin <= 3; spin += 1) {
    await slot.getByTestId('spin').click();
    await expect(slot.getByTestId('round-history').getByTestId('history-row')).toHaveCount(spin);
    await expect(slot.getByTestId('spin')).toBeEnabled({ timeout: 20_000 });
  }

  // 4. The settlement job settles the day so far (a daily period ends only at midnight UTC).
  const settled = await upline.request.post('/dev/agents/settle-now', { data: { kind: 'daily_salary' } });
  expect(settled.status()).toBe(200);

  // 5. The downline sees today's wages in My income, and the settlement paid to it by its upline.
  centre = await openEntry(downline, 'income');
  await centre.getByTestId('agent-income-today').click();
  await expect(centre.getByTestId('agent-income-kind-agent_daily_salary')).toHaveText(/[1-9]/);
  await expect(centre.getByTestId('agent-income-chart')).toBeVisible();
  await downline.screenshot({
    path: artifactPath(testInfo, `agent-economy-income-${suffix(HI_DARK)}-375.png`),
  });
  centre = await openEntry(downline, 'dailySalary');
  await centre.getByTestId('agent-settlements-today').click();
  const received = centre.getByTestId('agent-settlement-row').filter({ hasText: `${OFFERED_RATE}.00 %` });
  await expect(received.first()).toContainText(UPLINE.username);
  await expect(received.first()).toContainText(text(hi, 'settlements.statuses.paid'));

  // 6. The upline sees its own wages (paid by the brand) and what it paid its downline.
  centre = await openEntry(upline, 'income');
  await centre.getByTestId('agent-income-today').click();
  await expect(centre.getByTestId('agent-income-kind-agent_daily_salary')).toHaveText(/[1-9]/);
  centre = await openEntry(upline, 'dailySalary');
  await centre.getByTestId('agent-settlements-role').getByText(text(en, 'settlements.paid')).click();
  await expect(centre.getByRole('radio', { name: text(en, 'settlements.paid') })).toBeChecked();
  await centre.getByTestId('agent-settlements-today').click();
  const paid = centre.getByTestId('agent-settlement-row').filter({ hasText: DOWNLINE.username });
  await expect(paid.first()).toContainText(`${OFFERED_RATE}.00 %`);
  await expect(paid.first()).toContainText(text(en, 'settlements.statuses.paid'));
  await upline.screenshot({ path: artifactPath(testInfo, `agent-economy-paid-${suffix(EN_LIGHT)}.png`) });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { logInOnPage, registerByUsername, useOwnAddress } from './support/accounts.ts';
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
 * The logged-in strip's shortcuts (SPEC §2 header, member centre, agent centre) on the `wallet` server
 * (PostgreSQL, so the operator CLI can send messages and grant rewards while the server runs):
 * - the envelope's red count (unread messages + unclaimed rewards) of a fresh player the CLI wrote to and
 *   rewarded, read down to nothing by opening the message and claiming the reward (the balance rises);
 * - the rank badge: to /playerRank with the current level marked for a member with a label, to the
 *   security centre for a fresh player without one;
 * - the agent centre from the account menu and from the side bar's Share, for demo_sub_agent.
 * English light and Hindi dark; screenshots in apps/web/e2e/artifacts/.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const WALLET_DATABASE = SERVER_SPECS.find((spec) => spec.name === 'wallet')?.postgresDatabase as string;
const run = promisify(execFile);
const OPS_CLI = path.join(ROOT, 'apps/server/dist/ops-cli.js');

test.use({ baseURL: serverUrl('wallet') });
// Registration solves a proof of work and hashes a password; the CLI starts a process per command. The
// longest of these journeys takes ~18 s on two quiet cores: twice that with the CPU halved, and room.
test.setTimeout(120_000);

// The seeded accounts log in from the loopback address, where they always have (no new-IP step).
const DEMO_PLAYER = { username: 'demo_player', password: 'Lotus-Player-2026!' };
const DEMO_SUB_AGENT = { username: 'demo_sub_agent', password: 'Lotus-SubAgent-2026!' };

async function expectVariant(page: Page, variant: Variant): Promise<void> {
  await expect(htmlElement(page)).toHaveAttribute('lang', variant.lang.toLowerCase());
  await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', variant.scheme);
}

/**
 * The operator CLI against the running server's database (as an operator would, from a shell). The built
 * bundle, like the servers (the global setup builds first): `npm run ops` transpiles the server's sources
 * with tsx on every call, ~9 s a command on a busy machine against ~1 s.
 */
async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [OPS_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: postgresUrlFor(WALLET_DATABASE), LOG_LEVEL: 'warn' },
  });
  return stdout;
}

/** A message with markup the site keeps and markup it must drop (script, event handler, javascript: link). */
const MESSAGE_BODY =
  '<p>Welcome to <strong>Lotus</strong>.</p><script>window.__lotusXss = 1</script>' +
  '<img src="/nowhere.png" onerror="window.__lotusXss = 2"><a href="javascript:window.__lotusXss = 3">more</a>';

/** One message and one reward of 100.00 for `username`, both through the CLI. */
async function messageAndReward(username: string, title: string): Promise<void> {
  await Promise.all([
    ops('message:send', '--to', username, '--title', title, '--body', MESSAGE_BODY),
    ops(
      'reward:grant',
      '--member',
      username,
      '--amount',
      '100.00',
      '--title-en',
      'Welcome reward',
      '--title-hi',
      'स्वागत इनाम',
    ),
  ]);
}

/** The amount in the header, as a number (digits of the rendered text: symbol and grouping dropped). */
async function headerBalance(page: Page): Promise<number> {
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/\d+\.\d\d/);
  const shown = (await balance.textContent()) ?? '';
  return Number(shown.replace(/[^\d.]/g, ''));
}

test('a fresh player reads the CLI message and claims the CLI reward; the envelope count goes 2 → 1 → none (EN light)', async ({
  page,
}, testInfo) => {
  await useOwnAddress(page);
  await useVariant(page, EN_LIGHT);
  const player = await test.step('register', () => registerByUsername(page, 'EN'));
  await test.step('cli', () => messageAndReward(player.username, 'Your first message'));

  // The count is asked on every page load (and every 60 s): the reload shows what the CLI did.
  await page.reload();
  await expectVariant(page, EN_LIGHT);
  const header = page.getByTestId('site-header');
  const shortcut = header.getByTestId('messages-shortcut');
  await expect(shortcut.getByTestId('messages-shortcut-count')).toHaveText('2');
  await expect(shortcut).toHaveAccessibleName('Messages: 2 new');
  // The count sits over the envelope's corner: the button must not clip it (it did, once).
  await expect(shortcut).toHaveCSS('overflow', 'visible');
  const before = await headerBalance(page);
  await page.mouse.move(0, 0);
  await header.screenshot({ path: artifactPath(testInfo, `header-shortcuts-count-${suffix(EN_LIGHT)}.png`) });

  // The envelope leads to the platform messages; the menu counts split the two.
  await shortcut.click();
  await page.waitForURL((url) => url.pathname === '/member/messageV2');
  const messages = page.getByTestId('page-messageV2');
  await expect(page.getByTestId('member-menu-messageV2')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('member-menu-count-messageV2')).toHaveText('1');
  await expect(page.getByTestId('member-menu-count-rewardCenter')).toHaveText('1');
  await expect(messages.getByTestId('messages-summary')).toHaveText('1 unread message');
  const row = messages.locator('[data-testid^="message-row-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row).toContainText('Your first message');
  await page.screenshot({
    path: artifactPath(testInfo, `header-shortcuts-messages-${suffix(EN_LIGHT)}.png`),
  });

  // Opening it shows the body, sanitised (kept markup, no script, handler or javascript: link) and reads it.
  await row.click();
  const dialog = page.getByTestId('message-dialog');
  await expect(dialog).toBeVisible();
  const body = dialog.getByTestId('message-body');
  await expect(body).toContainText('Welcome to Lotus.');
  await expect(body.locator('strong')).toHaveText('Lotus');
  await expect(body.locator('script')).toHaveCount(0);
  await expect(body.locator('[onerror]')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __lotusXss?: number }).__lotusXss)).toBeUndefined();
  await expect(shortcut.getByTestId('messages-shortcut-count')).toHaveText('1');
  await expect(page.getByTestId('member-menu-count-messageV2')).toHaveCount(0);
  await dialog.getByTestId('message-close').click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveAttribute('data-read', 'true');
  await expect(messages.getByTestId('messages-summary')).toHaveText('0 unread messages');

  // The reward centre: claim through the confirm dialog; the balance rises and the count goes.
  await page.getByTestId('member-menu-rewardCenter').click();
  await page.waitForURL((url) => url.pathname === '/member/rewardCenter');
  const rewards = page.getByTestId('page-rewardCenter');
  const reward = rewards.locator('article[data-status="unclaimed"]');
  await expect(reward).toHaveCount(1);
  await expect(reward).toContainText('Welcome reward');
  await page.screenshot({ path: artifactPath(testInfo, `header-shortcuts-rewards-${suffix(EN_LIGHT)}.png`) });
  await reward.getByRole('button', { name: 'Claim' }).click();
  const confirm = page.getByTestId('rewards-confirm');
  await expect(confirm.getByTestId('rewards-confirm-amount')).toHaveText(/100\.00$/);
  await expect(confirm.getByTestId('rewards-confirm-summary')).toContainText('Welcome reward');
  await confirm.getByTestId('rewards-confirm-confirm').click();
  await expect(confirm).toHaveCount(0);
  await expect(rewards.getByTestId('rewards-done')).toContainText('100.00');
  await expect(rewards.getByTestId('rewards-empty')).toBeVisible();
  await expect(shortcut.getByTestId('messages-shortcut-count')).toHaveCount(0);
  await expect(shortcut).toHaveAccessibleName('Messages');
  await expect(page.getByTestId('member-menu-count-rewardCenter')).toHaveCount(0);
  await expect.poll(() => headerBalance(page)).toBe(before + 100);
  await rewards.getByTestId('rewards-tab-claimed').click();
  await expect(rewards.locator('article[data-status="claimed"]')).toContainText('Welcome reward');

  // No member label: the rank badge leads to the security centre.
  await header.getByTestId('player-rank').click();
  await page.waitForURL((url) => url.pathname === '/member/securityCenter');
  await expect(page.getByTestId('member-page-securityCenter')).toBeVisible();
});

test('a fresh player in Hindi and dark: the count, the messages page and the reward centre in Hindi; the rank badge to the security centre', async ({
  page,
}, testInfo) => {
  await useOwnAddress(page);
  await useVariant(page, HI_DARK);
  const player = await test.step('register', () => registerByUsername(page, 'HI'));
  await test.step('cli', () => messageAndReward(player.username, 'आपका पहला संदेश'));
  await page.reload();
  await expectVariant(page, HI_DARK);
  const header = page.getByTestId('site-header');
  const shortcut = header.getByTestId('messages-shortcut');
  await expect(shortcut.getByTestId('messages-shortcut-count')).toHaveText('2');
  await expect(shortcut).toHaveAccessibleName('संदेश: 2 नए');
  await page.mouse.move(0, 0);
  await header.screenshot({ path: artifactPath(testInfo, `header-shortcuts-count-${suffix(HI_DARK)}.png`) });

  await shortcut.click();
  await page.waitForURL((url) => url.pathname === '/member/messageV2');
  const messages = page.getByTestId('page-messageV2');
  await expect(page.locator('#member-centre-title')).toHaveText('प्लेटफ़ॉर्म संदेश');
  await expect(messages.getByTestId('messages-summary')).toHaveText('1 अपठित संदेश');
  await expect(messages.getByTestId('messages-read-all')).toHaveText('सभी को पढ़ा हुआ करें');
  await expect(messages.locator('[data-testid^="message-row-"]')).toContainText('आपका पहला संदेश');
  await expectVariant(page, HI_DARK);
  await page.screenshot({ path: artifactPath(testInfo, `header-shortcuts-messages-${suffix(HI_DARK)}.png`) });

  // "Mark all read" drops the messages' part of the count; the reward's stays.
  await messages.getByTestId('messages-read-all').click();
  await expect(messages.getByTestId('messages-summary')).toHaveText('0 अपठित संदेश');
  await expect(shortcut.getByTestId('messages-shortcut-count')).toHaveText('1');

  await page.getByTestId('member-menu-rewardCenter').click();
  await page.waitForURL((url) => url.pathname === '/member/rewardCenter');
  const rewards = page.getByTestId('page-rewardCenter');
  await expect(page.locator('#member-centre-title')).toHaveText('इनाम केंद्र');
  const reward = rewards.locator('article[data-status="unclaimed"]');
  await expect(reward).toContainText('स्वागत इनाम');
  await expect(reward.getByRole('button', { name: 'क्लेम करें' })).toBeVisible();
  await expect(rewards).toContainText(DEVANAGARI);
  await page.screenshot({ path: artifactPath(testInfo, `header-shortcuts-rewards-${suffix(HI_DARK)}.png`) });

  await header.getByTestId('player-rank').click();
  await page.waitForURL((url) => url.pathname === '/member/securityCenter');
  await expect(page.getByTestId('member-page-securityCenter')).toBeVisible();
  await expect(page.locator('#member-centre-title')).toHaveText('मेरा खाता');
});

for (const variant of [EN_LIGHT, HI_DARK]) {
  test(`demo_player's rank badge opens the VIP ladder with the current level marked (${suffix(variant)})`, async ({
    page,
  }, testInfo) => {
    const rank = localeTexts(variant.lang, 'playerRank');
    await useVariant(page, variant);
    await logInOnPage(page, DEMO_PLAYER.username, DEMO_PLAYER.password);
    const badge = page.getByTestId('site-header').getByTestId('player-rank');
    await expect(badge).toHaveText('Silver');
    await badge.click();
    await page.waitForURL((url) => url.pathname === '/playerRank');
    const rankPage = page.getByTestId('page-player-rank');
    await expect(rankPage.locator('#page-player-rank-title')).toHaveText(text(rank, 'title'));
    const levels = rankPage.getByTestId('page-player-rank-level');
    await expect(levels).toHaveCount(10);
    const current = rankPage.locator('[data-testid="page-player-rank-level"][aria-current="true"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('data-level', '2');
    await expect(current).toContainText(text(rank, 'ladder.you'));
    await expect(current).toContainText(variant.lang === 'HI' ? 'सिल्वर' : 'Silver');
    await expect(rankPage.getByTestId('page-player-rank-current-name')).toHaveText(
      variant.lang === 'HI' ? 'सिल्वर' : 'Silver',
    );
    await expect(rankPage.getByTestId('page-player-rank-labels')).toContainText('Verified');
    if (variant.lang === 'HI')
      await expect(rankPage.getByTestId('page-player-rank-ladder')).toContainText(DEVANAGARI);
    await expectVariant(page, variant);
    await page.screenshot({
      path: artifactPath(testInfo, `header-shortcuts-player-rank-${suffix(variant)}.png`),
    });
  });
}

for (const variant of [EN_LIGHT, HI_DARK]) {
  test(`demo_sub_agent opens the agent centre from the account menu and the side bar (${suffix(variant)})`, async ({
    page,
  }, testInfo) => {
    const agents = localeTexts(variant.lang, 'agents');
    await useVariant(page, variant);
    await logInOnPage(page, DEMO_SUB_AGENT.username, DEMO_SUB_AGENT.password);
    const strip = page.getByTestId('player-strip');
    await expect(strip).toBeVisible();

    // The account menu's entry opens the centre on its announcement.
    const menuButton = strip.getByTestId('player-menu');
    await menuButton.click();
    await page.getByTestId('menu-agent-centre').click();
    const centre = page.getByTestId('agent-centre');
    await expect(centre).toBeVisible();
    await expect(centre.getByRole('heading', { name: text(agents, 'title') })).toBeVisible();
    await expect(centre.getByTestId('agent-menu-announcement')).toHaveAttribute('aria-selected', 'true');

    // Team overview: demo_player2 is the only (direct) downline; the invitation code is the seeded one.
    await centre.getByTestId('agent-menu-teamOverview').click();
    const overview = centre.getByTestId('agent-overview');
    await expect(overview.getByTestId('agent-overview-direct')).toHaveText('1');
    await expect(overview.getByTestId('agent-overview-team')).toHaveText('1');
    await expect(overview.getByTestId('agent-overview-agents')).toHaveText('0');
    await expect(overview.getByTestId('agent-overview-balance')).toHaveText(/\d+\.\d\d/);
    await expect(overview.getByTestId('agent-invitation-code')).toHaveValue('LOTUSAG2');
    await expect(overview).toContainText(text(agents, 'overview.direct'));

    // The keyboard walks the menu (vertical tabs on a wide screen): two steps down is downline management.
    await centre.getByTestId('agent-menu-teamOverview').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(centre.getByTestId('agent-menu-downlines')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(centre.getByTestId('agent-menu-downlines')).toHaveAttribute('aria-selected', 'true');
    const downlines = centre.getByTestId('agent-downlines');
    const rows = downlines.getByTestId('agent-downline-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('demo_player2');
    await expect(rows).toContainText(text(agents, 'downlines.player'));
    if (variant.lang === 'HI') await expect(centre).toContainText(DEVANAGARI);
    await expectVariant(page, variant);
    await page.screenshot({
      path: artifactPath(testInfo, `header-shortcuts-agent-centre-${suffix(variant)}.png`),
    });

    // The close icon closes it; focus goes back to the account menu's button.
    await centre.getByTestId('modal-close').click();
    await expect(centre).toHaveCount(0);
    await expect(menuButton).toBeFocused();

    // The side bar's Share opens it on "register downline account"; Escape closes it.
    await page.getByTestId('side-share').click();
    await expect(centre).toBeVisible();
    await expect(centre.getByTestId('agent-menu-registerDownline')).toHaveAttribute('aria-selected', 'true');
    await expect(centre.getByTestId('agent-section-registerDownline')).toContainText(
      text(agents, 'register.intro'),
    );
    await page.keyboard.press('Escape');
    await expect(centre).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
}

// The rank page needs a session: a visitor gets the login prompt, not the ladder.
test('a visitor on /playerRank is asked to log in', async ({ page }) => {
  await openLayout(page, '/playerRank');
  await expect(page.getByTestId('page-player-rank')).toBeVisible();
  await expect(page.getByTestId('page-player-rank-ladder')).toHaveCount(0);
  await expect(page.getByTestId('page-player-rank')).toContainText('Log in to see your VIP rank');
});

import { randomUUID } from 'node:crypto';
import { INHOUSE_GAMES } from '@lotus/games/play';
import { CONTRACT_RELAY_PATHS } from '@lotus/shared/agent-contracts.schema';
import { ORIGINALS_SESSION_HEADER } from '@lotus/shared/originals.schema';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inhouseFixture } from '../../src/modules/inhouse-vendor/inhouse-vendor.fixture.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { solvedHumanCheck } from '../helpers/human-check.ts';
import { assertLedgerInvariants } from '../helpers/ledger-invariants.ts';
import { sealFor } from '../helpers/login-helper.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { operatorTokenFor } from '../helpers/operator-helper.ts';
import { testBackends } from '../helpers/test-database.ts';
import { TINY_PNG } from '../helpers/tiny-images.ts';
import type { WalletFixture } from '../helpers/wallet-fixture.ts';
import { apiRoutes } from './route-inventory.ts';

/**
 * Issue 7 reliability item 4: every protected route × {visitor, other player, agent outside the tree,
 * downline reaching for its upline, trial account (free play) and a type-4 guest}: 0 unauthorised
 * successes. One table per route family says, for each route and actor, what the request is (aimed at the
 * OWNER's resources: an agent with a downline, a payout account, a paid withdrawal, a deposit with a proof,
 * a favourite and a studio round) and what must happen. Back-office routes get their own actors (visitor,
 * a member's token, a support operator on finance routes, an admin of another brand). A route the app
 * registers with a login and no row here fails the coverage test, so new routes must join a table.
 */

vi.mock('fastify', async (original) =>
  (await import('./route-inventory.ts')).wrapFastifyModule(await original()),
);

const PAY = 'Matrix-Pay-2026';
/** Strings only the owner's data holds: no other actor's answer may contain them. */
const OWNER_SECRETS = {
  accountNumber: '998877665544',
  payee: 'Owner Secret Payee',
  reference: `UTROWNER${randomUUID().slice(0, 8)}`,
};

type MemberActor = 'visitor' | 'other' | 'outsider' | 'downline' | 'trial' | 'guest';
const MEMBER_ACTORS: readonly MemberActor[] = ['visitor', 'other', 'outsider', 'downline', 'trial', 'guest'];
type OpsActor = 'visitor' | 'member' | 'support' | 'foreignAdmin';
const OPS_ACTORS: readonly OpsActor[] = ['visitor', 'member', 'support', 'foreignAdmin'];

/**
 * What a cell demands. `refused`: a 4xx (a visitor: 401 not_logged_in), optionally with this code.
 * `own`: the call acts on the caller's own data by design; it must not fail with a 5xx nor show the owner's
 * data. `allowed`: a success is legitimate (the reason says why); still no 5xx.
 */
type Expectation = { refused: true; code?: string } | { own: string } | { allowed: string };
const refused = (code?: string): Expectation => ({ refused: true, ...(code ? { code } : {}) });
const own = (why = 'acts on the caller’s own data'): Expectation => ({ own: why });
const allowed = (why: string): Expectation => ({ allowed: why });
const NEEDS_REAL = refused('in_need_true_account');

type Credentials = {
  member: Record<MemberActor | 'owner', Record<string, string>>;
  studio: Record<MemberActor | 'owner', Record<string, string>>;
};
type RequestFor = (headers: Record<string, string>) => Promise<InjectOptions> | InjectOptions;
type Row<A extends string> = { key: string; request: RequestFor; cells: Record<A, Expectation> };

/** Member routes: visitor refused, others act on their own data unless the row says otherwise. */
function memberRow(
  key: string,
  request: RequestFor,
  cells: Partial<Record<MemberActor, Expectation>> = {},
): Row<MemberActor> {
  return {
    key,
    request,
    cells: {
      visitor: refused('not_logged_in'),
      other: own(),
      outsider: own(),
      downline: own(),
      trial: own(),
      guest: own(),
      ...cells,
    },
  };
}
/** A row whose every logged-in actor reaches for the owner's resource. */
const foreign = (code?: string): Partial<Record<MemberActor, Expectation>> => ({
  other: refused(code),
  outsider: refused(code),
  downline: refused(code),
  trial: refused(),
  guest: refused(),
});

let test: TestApp;
let wallet: WalletFixture;
const ids = {
  ownerUsername: '',
  downlineUsername: '',
  payoutAccount: '',
  withdrawalPaid: '',
  withdrawalPending: '',
  deposit: '',
  roundId: '',
  message: '',
  reward: '',
  raffleCode: '',
  raffleTicket: '',
  promotion: '',
  promotionCode: '',
  bonus: '',
  application: '',
};
const creds: Credentials = { member: {} as never, studio: {} as never };
const ops: Record<OpsActor | 'finance', Record<string, string>> = {} as never;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json =
  (method: InjectOptions['method'], url: string, payload?: unknown) =>
  (headers: Record<string, string>): InjectOptions => ({
    method,
    url,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const sealed =
  (method: 'POST' | 'PUT', url: string, payload: () => unknown) =>
  async (headers: Record<string, string>): Promise<InjectOptions> => ({
    method,
    url,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: await sealFor(test.app, payload()),
  });
const multipart =
  (url: string, fields: Record<string, string>, withProof = false) =>
  (headers: Record<string, string>): InjectOptions => {
    const form = multipartBody(
      fields,
      withProof ? [{ field: 'proof', filename: 'p.png', contentType: 'image/png', bytes: TINY_PNG }] : [],
    );
    return {
      method: 'POST',
      url,
      headers: { ...headers, ...form.headers, 'idempotency-key': randomUUID() },
      payload: form.payload,
    };
  };

async function ok(response: LightMyRequestResponse, what: string) {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return (response.json() as { value: Record<string, unknown> }).value;
}

beforeAll(async () => {
  const backend = testBackends().at(-1) ?? 'pglite';
  test = await buildTestApp({ backend, config: { rateLimitMax: 1_000_000 } });
  const { app, database } = test;
  const db = database.db;
  const studio = await inhouseFixture(app, database);
  wallet = studio.wallet;
  const fund = 10_000_000n;

  // The tree: owner (agent) → downline (sub-agent). Others stand outside it.
  const owner = await wallet.member({ type: 1, paymentPassword: PAY, fundMinor: fund });
  const downline = await wallet.member({ type: 2, upline: owner.id, paymentPassword: PAY, fundMinor: fund });
  const other = await wallet.member({ type: 0, paymentPassword: PAY, fundMinor: fund });
  const outsider = await wallet.member({ type: 1, paymentPassword: PAY, fundMinor: fund });
  const guest = await wallet.member({ type: 4, paymentPassword: PAY, fundMinor: fund });
  const trialLogin = await app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    payload: await sealFor(app, {
      os: 'Linux',
      platform: 'W',
      nonce: 'matrix',
      version: 3,
      humanVerification: await solvedHumanCheck(app),
    }),
  });
  const trialToken = (await ok(trialLogin, 'free play')).token as string;
  ids.ownerUsername = owner.username;
  ids.downlineUsername = downline.username;
  creds.member = {
    owner: bearer(owner.token),
    visitor: {},
    other: bearer(other.token),
    outsider: bearer(outsider.token),
    downline: bearer(downline.token),
    trial: bearer(trialToken),
    guest: bearer(guest.token),
  };

  // The owner's resources.
  const account = await ok(
    await app.inject({
      method: 'POST',
      url: '/wps/member/payout-accounts',
      headers: creds.member.owner,
      payload: {
        kind: 'bank',
        provider: 'State Bank of India',
        accountNumber: OWNER_SECRETS.accountNumber,
        ifsc: 'SBIN0001234',
        payeeName: OWNER_SECRETS.payee,
      },
    }),
    'payout account',
  );
  ids.payoutAccount = (account.accounts as { id: string }[])[0]?.id ?? '';
  const withdraw = async () =>
    (
      (
        await ok(
          await app.inject(
            await sealed('POST', '/wps/member/withdrawals', () => ({
              payoutAccountId: ids.payoutAccount,
              amount: '100',
              withdrawPassword: PAY,
            }))(creds.member.owner),
          ),
          'withdrawal',
        )
      ).withdrawal as { id: string }
    ).id;
  ids.withdrawalPaid = await withdraw();
  ids.withdrawalPending = await withdraw();
  const finance = bearer(await operatorTokenFor(app, db, 'finance'));
  await ok(await app.inject(json('POST', `/wps/ops/withdrawals/${ids.withdrawalPaid}/pay`)(finance)), 'pay');
  const deposit = await ok(
    await app.inject(
      multipart(
        '/wps/payments/deposits',
        { method: 'bank', amount: '1500', reference: OWNER_SECRETS.reference },
        true,
      )(creds.member.owner),
    ),
    'deposit',
  );
  ids.deposit = String((deposit.deposit as { id: string }).id);
  const list = await ok(await app.inject(json('POST', '/wps/relay/GCSGAME_gameList', {})({})), 'game list');
  const card = (list.list as { nodeId: string; vassalage: string; gameType: string }[])[0];
  if (!card) throw new Error('no game to favourite');
  await ok(
    await app.inject(
      json('POST', '/wps/relay/MCSFE_getFavoriteGames', {
        nodeId: card.nodeId,
        vendor: card.vassalage,
        gameType: card.gameType,
      })(creds.member.owner),
    ),
    'favourite',
  );

  // Studio sessions: each logged-in actor opens its own; the owner plays one round.
  const game = 'dragon-tiger';
  const minBet = String((INHOUSE_GAMES as Record<string, { minBetMinor: unknown }>)[game]?.minBetMinor);
  const session = async (member: { id: bigint }) => ({
    [ORIGINALS_SESSION_HEADER]: (await studio.open(member.id, game)).token,
  });
  creds.studio = {
    owner: await session(owner),
    visitor: {},
    other: await session(other),
    outsider: await session(outsider),
    downline: await session(downline),
    trial: { [ORIGINALS_SESSION_HEADER]: (await studio.trial(game)).token },
    guest: await session(guest),
  };
  const played = await ok(
    await app.inject(
      json('POST', '/originals/api/rounds', {
        requestId: randomUUID(),
        bet: { game, bets: [{ side: 'dragon', amountMinor: minBet }] },
      })(creds.studio.owner),
    ),
    'round',
  );
  ids.roundId = (played.round as { roundId: string }).roundId;

  // Back-office actors: a support operator (finance routes are not its job) and an admin of another brand.
  const {
    id: _id,
    created_at: _created,
    is_default: _default,
    ...brand
  } = await db.selectFrom('brands').selectAll().where('is_default', '=', true).executeTakeFirstOrThrow();
  const otherBrand = await db
    .insertInto('brands')
    .values({
      ...brand,
      code: 'matrix-other',
      name: 'Other',
      maintenance_message: JSON.stringify(brand.maintenance_message),
      category_rules: JSON.stringify([]),
      protection_help_links: JSON.stringify([]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ops.visitor = {};
  ops.member = creds.member.owner;
  ops.support = bearer(await operatorTokenFor(app, db, 'support'));
  ops.foreignAdmin = bearer(await operatorTokenFor(app, db, 'admin', otherBrand.id));
  ops.finance = finance;
  // A reward for the owner alone, its title holding an owner secret: the others reach for it by id.
  const reward = await ok(
    await app.inject(
      json('POST', '/wps/ops/rewards', {
        username: owner.username,
        titleEn: `Matrix ${OWNER_SECRETS.payee}`,
        titleHi: `Matrix ${OWNER_SECRETS.payee}`,
        amount: '1',
      })(finance),
    ),
    'reward',
  );
  ids.reward = String((reward.reward as { id: string }).id);
  // A running raffle with a ticket of the owner's: the others reach for the ticket by id.
  ids.raffleCode = `matrix-${randomUUID().slice(0, 8)}`;
  await ok(await app.inject(json('POST', '/wps/ops/raffles', raffleBody(ids.raffleCode))(finance)), 'raffle');
  await ok(
    await app.inject(json('POST', `/wps/ops/raffles/${ids.raffleCode}/start`)(finance)),
    'raffle start',
  );
  const raffleTickets = await ok(
    await app.inject(
      json('POST', `/wps/ops/raffles/${ids.raffleCode}/tickets`, {
        username: owner.username,
        count: 2,
        reason: 'matrix',
      })(finance),
    ),
    'raffle tickets',
  );
  ids.raffleTicket = String((raffleTickets.ticketIds as string[])[0]);
  // A platform message for the owner alone: the others reach for it by id, and must not see its body.
  const message = await ok(
    await app.inject(
      json('POST', '/wps/ops/messages', {
        username: owner.username,
        title: 'Matrix message',
        body: `<p>${OWNER_SECRETS.payee}</p>`,
      })(ops.support),
    ),
    'message',
  );
  ids.message = String(message.id);
  // Issue 19: a join-and-get promotion (no wagering, so nothing is locked) and a manual one; the owner has a
  // bonus of the first and a pending application to the second, which the others reach for by id.
  const promotionRules = {
    approval: 'auto',
    hasForm: false,
    newPlayersDays: null,
    minDepositCount: 0,
    minVipLevel: 0,
    qualifyingDeposit: null,
    minDeposit: '0',
    award: { kind: 'fixed', amount: '1' },
    wagering: { multiple: 0, weights: [] },
  };
  for (const [code, approval] of [
    ['matrix-join', 'auto'],
    ['matrix-manual', 'manual'],
  ] as const) {
    const promotion = await db
      .insertInto('promotions')
      .values({
        brand_id: wallet.brandId,
        code,
        category: 'others',
        title: JSON.stringify({ EN: code }),
        summary: JSON.stringify({ EN: code }),
        content: JSON.stringify({ EN: code }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ok(
      await app.inject(
        json('PUT', `/wps/ops/promotions/${code}/rules`, { ...promotionRules, approval })(finance),
      ),
      'promotion rules',
    );
    const applied = await ok(
      await app.inject(json('POST', `/wps/member/promotions/${promotion.id}/apply`)(creds.member.owner)),
      'promotion apply',
    );
    if (approval === 'auto') {
      ids.promotion = String(promotion.id);
      ids.promotionCode = code;
      ids.bonus = String((applied.bonus as { id: string }).id);
    } else {
      ids.application = String((applied.application as { id: string }).id);
    }
  }
}, 120_000);

afterAll(async () => {
  if (test) await assertLedgerInvariants(test.database.db);
  await test?.close();
});

// ─── Tables ──────────────────────────────────────────────────────────────────────────────────────────

/** A raffle campaign's body for `POST /wps/ops/raffles` (issue 19): running for a day from an hour ago. */
function raffleBody(code: string) {
  const now = Date.now();
  return {
    code,
    kind: 'red_envelope',
    nameEn: 'Matrix envelope',
    nameHi: 'Matrix envelope',
    startsAt: new Date(now - 3_600_000).toISOString(),
    endsAt: new Date(now + 86_400_000).toISOString(),
    budget: '100',
    prizes: [{ amount: '1', weight: 1 }],
    rules: {},
  };
}

const transferDown = (username: () => string) =>
  sealed('POST', '/wps/agent/transfer/downline', () => ({
    username: username(),
    amount: '1',
    withdrawPassword: PAY,
  }));

const ACCOUNT_ROWS: Row<MemberActor>[] = [
  memberRow('GET /wps/member/info', json('GET', '/wps/member/info')),
  memberRow('PUT /wps/member/info/language', json('PUT', '/wps/member/info/language', { language: 'EN' })),
  memberRow('POST /wps/relay/MCSFE_getPlayerAvatar', json('POST', '/wps/relay/MCSFE_getPlayerAvatar')),
  memberRow('PUT /wps/member/info/icon', json('PUT', '/wps/member/info/icon', { icon: 1 })),
  memberRow('GET /wps/member/rank', json('GET', '/wps/member/rank')),
  memberRow(
    'PUT /wps/member/password',
    sealed('PUT', '/wps/member/password', () => ({ oldPassword: 'x', newPassword: 'Matrix-New-2026' })),
  ),
  // Runs last in its table: it ends each actor's own session.
  memberRow('DELETE /wps/session/logout', json('DELETE', '/wps/session/logout'), {
    other: own('ends the caller’s own session'),
  }),
];

const WALLET_ROWS: Row<MemberActor>[] = [
  memberRow('GET /wps/v2/wallets/balance', json('GET', '/wps/v2/wallets/balance')),
  memberRow('GET /wps/relay/GCS_merchantWallet', json('GET', '/wps/relay/GCS_merchantWallet')),
  memberRow('GET /wps/member/info/funds/consolidated', json('GET', '/wps/member/info/funds/consolidated')),
  memberRow(
    'POST /wps/relay/GCS_walletTransfer',
    json('POST', '/wps/relay/GCS_walletTransfer', { vendor: 'LOTUS', direction: 'in', amount: '1' }),
    {
      trial: NEEDS_REAL,
      guest: NEEDS_REAL,
    },
  ),
  memberRow('POST /wps/relay/GCS_walletRecall', json('POST', '/wps/relay/GCS_walletRecall', {}), {
    trial: NEEDS_REAL,
    guest: NEEDS_REAL,
  }),
  memberRow(
    'POST /wps/member/transfer/upline',
    sealed('POST', '/wps/member/transfer/upline', () => ({ amount: '1', withdrawPassword: PAY })),
    {
      other: refused('transfer_not_allowed'),
      outsider: refused('transfer_not_allowed'),
      downline: allowed('a member may pay its own direct upline (the owner)'),
      trial: NEEDS_REAL,
      guest: NEEDS_REAL,
    },
  ),
  // Aimed at the owner's downline, except the downline's own cell, which aims "down" at its upline.
  {
    key: 'POST /wps/agent/transfer/downline',
    request: transferDown(() => ids.downlineUsername),
    cells: {
      visitor: refused('not_logged_in'),
      other: refused('transfer_not_allowed'),
      outsider: refused('transfer_not_allowed'),
      downline: refused('transfer_not_allowed'),
      trial: NEEDS_REAL,
      guest: NEEDS_REAL,
    },
  },
  memberRow('GET /wps/member/transactions', json('GET', '/wps/member/transactions')),
  memberRow('POST /wps/relay/ODSFE2_MemTransDet', json('POST', '/wps/relay/ODSFE2_MemTransDet', {})),
];
/**
 * Agent centre: players, trial and type-4 accounts are refused; the outsider agent and the sub-agent
 * (downline) read or grow their own team, never the owner's (the owner's downline is not in their answers).
 */
const NOT_AGENT = refused('error_not_agent');
const agentRow = (key: string, request: RequestFor): Row<MemberActor> =>
  memberRow(key, request, {
    other: NOT_AGENT,
    outsider: own('the caller’s own team'),
    downline: own('the sub-agent’s own team'),
    trial: NOT_AGENT,
    guest: NOT_AGENT,
  });
const AGENT_ROWS: Row<MemberActor>[] = [
  agentRow('GET /wps/agent/team/overview', json('GET', '/wps/agent/team/overview')),
  agentRow('GET /wps/agent/downlines', json('GET', '/wps/agent/downlines')),
  agentRow(
    'POST /wps/agent/downlines',
    sealed('POST', '/wps/agent/downlines', () => ({
      username: `mx${randomUUID().replace(/-/g, '').slice(0, 10)}`,
      password: 'Matrix-Down-2026',
    })),
  ),
  agentRow('GET /wps/agent/transfers', json('GET', '/wps/agent/transfers')),
  // The team view of the same route (every money move of the team): the same cells.
  agentRow('GET /wps/agent/transfers', json('GET', '/wps/agent/transfers?type=all')),
  agentRow('GET /wps/agent/team/betting', json('GET', '/wps/agent/team/betting')),
  agentRow('GET /wps/agent/team/loss', json('GET', '/wps/agent/team/loss')),
  agentRow('GET /wps/agent/income', json('GET', '/wps/agent/income')),
  // Agent contracts (issue 18): each relay call reads or acts on the caller's own contracts only.
  ...Object.values(CONTRACT_RELAY_PATHS).flatMap((path) => [
    agentRow(`GET ${path}`, json('GET', path)),
    agentRow(`POST ${path}`, json('POST', path, { action: 'list' })),
  ]),
  agentRow('GET /wps/agent/consolidated', json('GET', '/wps/agent/consolidated')),
  agentRow(
    'GET /wps/agent/contracts/settlements',
    json('GET', '/wps/agent/contracts/settlements?kind=daily_salary'),
  ),
];
/** The downline's cell of the downline-transfer row names its upline instead. */
const DOWNLINE_TARGETS_UPLINE = transferDown(() => ids.ownerUsername);

const PAYMENT_ROWS: Row<MemberActor>[] = [
  memberRow('GET /wps/payments/deposit/methods', json('GET', '/wps/payments/deposit/methods')),
  memberRow(
    'POST /wps/payments/deposits',
    multipart('/wps/payments/deposits', { method: 'bank', amount: '1500', reference: 'UTRMATRIX1' }),
    {
      trial: NEEDS_REAL,
      guest: NEEDS_REAL,
    },
  ),
  memberRow('GET /wps/payments/deposits', json('GET', '/wps/payments/deposits')),
  memberRow(
    'GET /wps/payments/deposits/:id/proof',
    (headers) => json('GET', `/wps/payments/deposits/${ids.deposit}/proof`)(headers),
    foreign(),
  ),
];

const WITHDRAWAL_ROWS: Row<MemberActor>[] = [
  memberRow('GET /wps/member/withdraw-password', json('GET', '/wps/member/withdraw-password')),
  memberRow(
    'PUT /wps/member/withdraw-password',
    sealed('PUT', '/wps/member/withdraw-password', () => ({
      loginPassword: 'wrong-login-pass',
      newPassword: 'Matrix-Pay-2027',
    })),
    {
      trial: refused(),
      guest: refused(),
    },
  ),
  memberRow('GET /wps/member/payout-accounts', json('GET', '/wps/member/payout-accounts')),
  memberRow(
    'POST /wps/member/payout-accounts',
    json('POST', '/wps/member/payout-accounts', {
      kind: 'bank',
      provider: 'State Bank of India',
      accountNumber: '112233445566',
      ifsc: 'SBIN0001234',
      payeeName: 'Matrix Actor',
    }),
    { trial: NEEDS_REAL, guest: NEEDS_REAL },
  ),
  memberRow(
    'DELETE /wps/member/payout-accounts/:id',
    (headers) => json('DELETE', `/wps/member/payout-accounts/${ids.payoutAccount}`)(headers),
    foreign(),
  ),
  // Everyone else tries to withdraw to the OWNER's payout account, with a correct payment password of its own.
  memberRow(
    'POST /wps/member/withdrawals',
    sealed('POST', '/wps/member/withdrawals', () => ({
      payoutAccountId: ids.payoutAccount,
      amount: '100',
      withdrawPassword: PAY,
    })),
    foreign(),
  ),
  memberRow('GET /wps/member/withdrawals', json('GET', '/wps/member/withdrawals')),
  memberRow(
    'POST /wps/member/withdrawals/:id/receipt',
    (headers) =>
      multipart(`/wps/member/withdrawals/${ids.withdrawalPaid}/receipt`, { status: 'received' })(headers),
    foreign(),
  ),
  memberRow(
    'GET /wps/member/withdrawals/:id/proof',
    (headers) => json('GET', `/wps/member/withdrawals/${ids.withdrawalPaid}/proof`)(headers),
    foreign(),
  ),
];

const GAME_ROWS: Row<MemberActor>[] = [
  memberRow(
    'POST /wps/relay/MCSFE_getFavoriteGames',
    json('POST', '/wps/relay/MCSFE_getFavoriteGames', { nodeId: '1', vendor: 'LOTUS', gameType: 'RNG' }),
    {
      other: own('toggles the caller’s own favourite'),
    },
  ),
  memberRow(
    'POST /wps/relay/MCSFE_getFavoriteGamesList',
    json('POST', '/wps/relay/MCSFE_getFavoriteGamesList', {}),
  ),
  memberRow('POST /wps/relay/GCS_recentGame', json('POST', '/wps/relay/GCS_recentGame', {})),
  // Sportsbook (issue 21): the /fbsports launch is the member's own; trial and type-4 accounts need a real one.
  memberRow('POST /wps/relay/GCS_gameLaunchFB', json('POST', '/wps/relay/GCS_gameLaunchFB', {}), {
    trial: NEEDS_REAL,
    guest: NEEDS_REAL,
  }),
  memberRow('GET /wps/relay/GLS2_roomList', json('GET', '/wps/relay/GLS2_roomList')),
  // PVP rooms (issue 22): a table is read as the caller sees it (their own seat and cards only); playing needs
  // a real account.
  memberRow('GET /wps/pvp/rooms/:roomCode', json('GET', '/wps/pvp/rooms/tp-bronze')),
  memberRow(
    'POST /wps/pvp/rooms/:roomCode/actions',
    json('POST', '/wps/pvp/rooms/tp-bronze/actions', { type: 'see' }),
    { trial: NEEDS_REAL, guest: NEEDS_REAL },
  ),
  memberRow('GET /wps/member/betRecords', json('GET', '/wps/member/betRecords')),
];

/** The studio's API: its own session header; visitor = no session. */
const STUDIO_ROWS: Row<MemberActor>[] = [
  memberRow('GET /originals/api/balance', json('GET', '/originals/api/balance')),
  memberRow(
    'POST /originals/api/rounds',
    json('POST', '/originals/api/rounds', { requestId: randomUUID(), bet: { game: 'slot', betMinor: '1' } }),
  ),
  memberRow('GET /originals/api/rounds', json('GET', '/originals/api/rounds')),
  memberRow(
    'GET /originals/api/rounds/:roundId',
    (headers) => json('GET', `/originals/api/rounds/${ids.roundId}`)(headers),
    {
      ...foreign(),
      // A trial session is a player of its own: the owner's round is not one of its rounds either.
      trial: refused('not_found'),
    },
  ),
  memberRow(
    'PUT /originals/api/seeds/client',
    json('PUT', '/originals/api/seeds/client', { clientSeed: 'matrix-seed' }),
  ),
  memberRow('POST /originals/api/seeds/rotate', json('POST', '/originals/api/seeds/rotate')),
];

function opsRow(
  key: string,
  request: RequestFor,
  financeOnly: boolean,
  foreignAdmin: Expectation = refused(),
): Row<OpsActor> {
  return {
    key,
    request,
    cells: {
      visitor: refused('not_logged_in'),
      member: refused('not_logged_in'),
      support: financeOnly
        ? refused('operator_forbidden')
        : allowed('support reads the desk of its own brand'),
      foreignAdmin,
    },
  };
}
const otherBrandSees = own('an admin of another brand sees only its own brand');

const OPS_ROWS: Row<OpsActor>[] = [
  opsRow('GET /wps/ops/me', json('GET', '/wps/ops/me'), false, own('the operator’s own profile')),
  // Issue 19, the promotion engine: another brand's admin finds neither the promotion, the application nor
  // the member; nobody here may decide (support reads only).
  opsRow(
    'POST /wps/ops/promotions',
    (headers) =>
      json('POST', '/wps/ops/promotions', {
        code: `matrix-${randomUUID().slice(0, 8)}`,
        category: 'others',
        titleEn: 'Matrix',
        titleHi: 'मैट्रिक्स',
        summaryEn: 'Matrix',
        summaryHi: 'मैट्रिक्स',
        bodyEn: 'Matrix',
        bodyHi: 'मैट्रिक्स',
      })(headers),
    true,
    own('an admin of another brand creates a promotion in its own brand'),
  ),
  opsRow(
    'PUT /wps/ops/promotions/:code/rules',
    (headers) =>
      json('PUT', `/wps/ops/promotions/${ids.promotionCode}/rules`, {
        approval: 'auto',
        hasForm: false,
        newPlayersDays: null,
        minDepositCount: 0,
        minVipLevel: 0,
        qualifyingDeposit: null,
        minDeposit: '0',
        award: { kind: 'fixed', amount: '1' },
        wagering: { multiple: 0, weights: [] },
      })(headers),
    true,
  ),
  opsRow(
    'GET /wps/ops/promotions/applications',
    json('GET', '/wps/ops/promotions/applications'),
    false,
    otherBrandSees,
  ),
  // The owner's application has no picture: 404 for the desk, and another brand's admin finds nothing either.
  opsRow(
    'GET /wps/ops/promotions/applications/:id/images/:position',
    (headers) => json('GET', `/wps/ops/promotions/applications/${ids.application}/images/1`)(headers),
    false,
  ),
  opsRow(
    'POST /wps/ops/promotions/applications/:id/approve',
    (headers) => json('POST', `/wps/ops/promotions/applications/${ids.application}/approve`)(headers),
    true,
  ),
  opsRow(
    'POST /wps/ops/promotions/applications/:id/reject',
    (headers) =>
      json('POST', `/wps/ops/promotions/applications/${ids.application}/reject`, { reason: 'matrix' })(
        headers,
      ),
    true,
  ),
  opsRow(
    'GET /wps/ops/members/:username/bonuses',
    (headers) => json('GET', `/wps/ops/members/${ids.ownerUsername}/bonuses`)(headers),
    false,
  ),
  opsRow(
    'POST /wps/ops/members/:username/adjust',
    (headers) =>
      json('POST', `/wps/ops/members/${ids.ownerUsername}/adjust`, { amount: '1', reason: 'matrix' })(
        headers,
      ),
    true,
  ),
  opsRow(
    'POST /wps/ops/members/:username/status',
    // 'active' on an active member changes nothing, so support (allowed) leaves the owner's sessions alone;
    // an admin of another brand does not find the member (refused).
    (headers) =>
      json('POST', `/wps/ops/members/${ids.ownerUsername}/status`, { status: 'active', reason: 'matrix' })(
        headers,
      ),
    false,
  ),
  opsRow('GET /wps/ops/deposits', json('GET', '/wps/ops/deposits'), false, otherBrandSees),
  opsRow(
    'GET /wps/ops/deposits/:id/proof',
    (headers) => json('GET', `/wps/ops/deposits/${ids.deposit}/proof`)(headers),
    false,
  ),
  opsRow(
    'POST /wps/ops/deposits/:id/approve',
    (headers) => json('POST', `/wps/ops/deposits/${ids.deposit}/approve`)(headers),
    true,
  ),
  opsRow(
    'POST /wps/ops/deposits/:id/reject',
    (headers) => json('POST', `/wps/ops/deposits/${ids.deposit}/reject`, { reason: 'matrix' })(headers),
    true,
  ),
  opsRow('GET /wps/ops/withdrawals', json('GET', '/wps/ops/withdrawals'), false, otherBrandSees),
  opsRow(
    'GET /wps/ops/withdrawals/:id/proof',
    (headers) => json('GET', `/wps/ops/withdrawals/${ids.withdrawalPaid}/proof`)(headers),
    false,
  ),
  opsRow(
    'POST /wps/ops/withdrawals/:id/pay',
    (headers) => json('POST', `/wps/ops/withdrawals/${ids.withdrawalPending}/pay`)(headers),
    true,
  ),
  opsRow(
    'POST /wps/ops/withdrawals/:id/reject',
    (headers) =>
      json('POST', `/wps/ops/withdrawals/${ids.withdrawalPending}/reject`, { reason: 'matrix' })(headers),
    true,
  ),
  opsRow(
    'POST /wps/ops/withdrawals/:id/investigation',
    (headers) =>
      json('POST', `/wps/ops/withdrawals/${ids.withdrawalPaid}/investigation`, {
        outcome: 'refund',
        reason: 'matrix',
      })(headers),
    true,
  ),
  // To the owner by name: an admin of another brand finds no such member in its own brand.
  opsRow(
    'POST /wps/ops/messages',
    (headers) =>
      json('POST', '/wps/ops/messages', { username: ids.ownerUsername, title: 'Matrix', body: 'matrix' })(
        headers,
      ),
    false,
  ),
  // To the owner by name: an admin of another brand finds no such member in its own brand.
  opsRow(
    'POST /wps/ops/rewards',
    (headers) =>
      json('POST', '/wps/ops/rewards', {
        username: ids.ownerUsername,
        titleEn: 'Matrix',
        titleHi: 'Matrix',
        amount: '1',
      })(headers),
    true,
  ),
  opsRow(
    'GET /wps/ops/members/:username/protection',
    (headers) => json('GET', `/wps/ops/members/${ids.ownerUsername}/protection`)(headers),
    false,
  ),
  // A generous new limit on the owner (stricter is all an operator may set); another brand's admin does not find it.
  opsRow(
    'PUT /wps/ops/members/:username/protection/limits',
    (headers) =>
      json('PUT', `/wps/ops/members/${ids.ownerUsername}/protection/limits`, {
        kind: 'deposit',
        period: 'month',
        amount: '9000000',
        reason: 'matrix',
      })(headers),
    false,
  ),
  // To a member made for the call (it ends the member's sessions); another brand's admin does not find it.
  opsRow(
    'POST /wps/ops/members/:username/exclusions',
    async (headers) =>
      json('POST', `/wps/ops/members/${(await wallet.member()).username}/exclusions`, {
        reason: 'matrix review',
      })(headers),
    false,
  ),
  // Agent contracts (issue 18): setting and ending are the admin's, re-running finance's; another brand's
  // admin finds neither the owner nor a contract.
  opsRow(
    'PUT /wps/ops/agents/:username/contracts/:kind',
    (headers) =>
      json('PUT', `/wps/ops/agents/${ids.ownerUsername}/contracts/hourly_salary`, {
        rate: '0.1',
        reason: 'matrix',
      })(headers),
    true,
  ),
  opsRow('GET /wps/ops/contracts', json('GET', '/wps/ops/contracts'), false, otherBrandSees),
  opsRow('GET /wps/ops/contracts/:id', json('GET', '/wps/ops/contracts/1'), false),
  opsRow(
    'POST /wps/ops/contracts/:id/end',
    json('POST', '/wps/ops/contracts/1/end', { reason: 'matrix' }),
    true,
  ),
  opsRow(
    'POST /wps/ops/contracts/:id/rerun',
    json('POST', '/wps/ops/contracts/1/rerun', { periodStart: '2026-01-01T00:00:00.000Z' }),
    true,
  ),
  // Points (issue 19): config and rewards are finance's; redemptions are the support desk's too. Another
  // brand's admin configures and stocks its own brand, and finds none of this brand's redemptions.
  opsRow('GET /wps/ops/points/config', json('GET', '/wps/ops/points/config'), true, otherBrandSees),
  opsRow(
    'PUT /wps/ops/points/config',
    json('PUT', '/wps/ops/points/config', { convert: null, rates: [] }),
    true,
    own('sets its own brand’s points config'),
  ),
  opsRow('GET /wps/ops/points/rewards', json('GET', '/wps/ops/points/rewards'), false, otherBrandSees),
  opsRow(
    'POST /wps/ops/points/rewards',
    json('POST', '/wps/ops/points/rewards', {
      kind: 'goods',
      nameEn: 'Matrix',
      nameHi: 'Matrix',
      points: '1',
      stock: 0,
      enabled: false,
    }),
    true,
    own('adds a reward to its own brand'),
  ),
  opsRow(
    'PATCH /wps/ops/points/rewards/:id',
    json('PATCH', '/wps/ops/points/rewards/999999999', { stock: 1 }),
    true,
  ),
  opsRow(
    'GET /wps/ops/points/redemptions',
    json('GET', '/wps/ops/points/redemptions'),
    false,
    otherBrandSees,
  ),
  opsRow(
    'POST /wps/ops/points/redemptions/:id/approve',
    json('POST', '/wps/ops/points/redemptions/999999999/approve'),
    false,
  ),
  opsRow(
    'POST /wps/ops/points/redemptions/:id/redeemed',
    json('POST', '/wps/ops/points/redemptions/999999999/redeemed'),
    false,
  ),
  opsRow(
    'POST /wps/ops/points/redemptions/:id/reject',
    json('POST', '/wps/ops/points/redemptions/999999999/reject', { reason: 'matrix' }),
    false,
  ),
  // Raffles (issue 19): writes are finance's; another brand's admin finds no campaign of this brand (and
  // creates one in its own brand only).
  opsRow('GET /wps/ops/raffles', json('GET', '/wps/ops/raffles'), false, otherBrandSees),
  opsRow(
    'POST /wps/ops/raffles',
    (headers) => json('POST', '/wps/ops/raffles', raffleBody(`matrix-${randomUUID().slice(0, 8)}`))(headers),
    true,
    own('an admin of another brand creates a campaign in its own brand'),
  ),
  opsRow(
    'GET /wps/ops/raffles/:code',
    (headers) => json('GET', `/wps/ops/raffles/${ids.raffleCode}`)(headers),
    false,
  ),
  opsRow(
    'POST /wps/ops/raffles/:code/start',
    (headers) => json('POST', `/wps/ops/raffles/${ids.raffleCode}/start`)(headers),
    true,
  ),
  opsRow(
    'POST /wps/ops/raffles/:code/end',
    (headers) => json('POST', `/wps/ops/raffles/${ids.raffleCode}/end`)(headers),
    true,
  ),
  opsRow(
    'POST /wps/ops/raffles/:code/tickets',
    (headers) =>
      json('POST', `/wps/ops/raffles/${ids.raffleCode}/tickets`, {
        username: ids.ownerUsername,
        count: 1,
        reason: 'matrix',
      })(headers),
    true,
  ),
  opsRow(
    'GET /wps/ops/raffles/:code/draws',
    (headers) => json('GET', `/wps/ops/raffles/${ids.raffleCode}/draws`)(headers),
    false,
  ),
  // Lottery (issue 20): support reads a draw's liability; another brand's admin finds no draw of this brand.
  opsRow(
    'GET /wps/ops/lottery/draws/:drawId/liability',
    json('GET', '/wps/ops/lottery/draws/matrix-game-20260101-0001/liability'),
    false,
  ),
  // Lottery (issue 20): support reads, finance decides; another brand's admin finds none of this brand's
  // games or draws (and its own brand has no LOTTO vendor to create a game under).
  opsRow('GET /wps/ops/lottery/games', json('GET', '/wps/ops/lottery/games'), false, otherBrandSees),
  opsRow(
    'POST /wps/ops/lottery/games',
    json('POST', '/wps/ops/lottery/games', {
      gameCode: `matrix-${randomUUID().slice(0, 8)}`,
      nameEn: 'Matrix',
      nameHi: 'मैट्रिक्स',
      family: 'sea6d',
      region: 'SEA',
      source: 'external',
      schedule: { kind: 'interval', everySeconds: 60, closeBeforeSeconds: 5 },
      marginBp: 500,
      minStakeMinor: '100',
      maxStakeMinor: '1000',
      maxPayoutMinor: '100000',
    }),
    true,
  ),
  opsRow('POST /wps/ops/lottery/games/:gameCode', json('POST', '/wps/ops/lottery/games/vn-north', {}), true),
  opsRow(
    'GET /wps/ops/lottery/games/:gameCode/draws',
    json('GET', '/wps/ops/lottery/games/vn-north/draws'),
    false,
  ),
  // Sportsbook (issue 21): support reads an event's liability, finance suspends, reopens and closes markets,
  // voids bets and corrects results;
  // another brand's admin finds none of this brand's events, bets or markets.
  opsRow(
    'GET /wps/ops/sportsbook/events/:eventId/liability',
    json('GET', '/wps/ops/sportsbook/events/999999999/liability'),
    false,
  ),
  opsRow(
    'POST /wps/ops/sportsbook/bets/:betId/void',
    json('POST', '/wps/ops/sportsbook/bets/SB-999999999/void', { reason: 'matrix' }),
    true,
  ),
  opsRow(
    'POST /wps/ops/sportsbook/markets/:marketId',
    json('POST', '/wps/ops/sportsbook/markets/999999999', { action: 'suspend' }),
    true,
  ),
  opsRow(
    'POST /wps/ops/sportsbook/markets/:marketId/correct',
    json('POST', '/wps/ops/sportsbook/markets/999999999/correct', {
      reason: 'matrix',
      outcomes: [{ key: 'home', outcome: 'win' }],
    }),
    true,
  ),
  opsRow(
    'POST /wps/ops/lottery/draws/:drawId/cancel',
    json('POST', '/wps/ops/lottery/draws/vn-north-20200101/cancel', { reason: 'matrix' }),
    true,
  ),
  opsRow(
    'POST /wps/ops/lottery/draws/:drawId/result',
    json('POST', '/wps/ops/lottery/draws/vn-north-20200101/result', { result: { family: 'vn' } }),
    true,
  ),
  opsRow(
    'POST /wps/ops/lottery/draws/:drawId/result/confirm',
    json('POST', '/wps/ops/lottery/draws/vn-north-20200101/result/confirm'),
    true,
  ),
  opsRow(
    'POST /wps/ops/lottery/draws/:drawId/result/reject',
    json('POST', '/wps/ops/lottery/draws/vn-north-20200101/result/reject', { reason: 'matrix' }),
    true,
  ),
  opsRow(
    'POST /wps/ops/lottery/results/import',
    json('POST', '/wps/ops/lottery/results/import', {
      entries: [{ drawId: 'vn-north-20200101', result: { family: 'vn' } }],
    }),
    true,
  ),
  // Progressive jackpots (issue 19): support reads, an admin of the brand configures; the demo brand's
  // jackpot is unknown to another brand's admin, and its games are taken, so a create is refused anyway.
  opsRow('GET /wps/ops/jackpots', json('GET', '/wps/ops/jackpots'), false, otherBrandSees),
  opsRow('GET /wps/ops/jackpots/:code', json('GET', '/wps/ops/jackpots/LOTUS-MEGA'), false),
  opsRow('GET /wps/ops/jackpots/:code/wins', json('GET', '/wps/ops/jackpots/LOTUS-MEGA/wins'), false),
  opsRow(
    'GET /wps/ops/jackpots/:code/contributions',
    json('GET', '/wps/ops/jackpots/LOTUS-MEGA/contributions'),
    false,
  ),
  opsRow(
    'POST /wps/ops/jackpots',
    json('POST', '/wps/ops/jackpots', {
      code: 'MATRIX',
      nameEn: 'Matrix',
      nameHi: 'मैट्रिक्स',
      contributionBps: 100,
      seedMinor: '0',
      oneInMinor: '1000000',
      games: ['lotus-fortune'],
    }),
    true,
  ),
  opsRow(
    'PATCH /wps/ops/jackpots/:code',
    json('PATCH', '/wps/ops/jackpots/LOTUS-MEGA', { nameEn: 'Lotus Mega Jackpot' }),
    true,
  ),
  // Last: ends the caller's operator session.
  opsRow(
    'DELETE /wps/ops/session',
    json('DELETE', '/wps/ops/session'),
    false,
    own('ends the caller’s own operator session'),
  ),
];

const MESSAGE_ROWS: Row<MemberActor>[] = [
  memberRow('GET /wps/member/messages', json('GET', '/wps/member/messages')),
  memberRow('POST /wps/member/messages/read-all', json('POST', '/wps/member/messages/read-all')),
  memberRow(
    'POST /wps/member/messages/:id/read',
    (headers) => json('POST', `/wps/member/messages/${ids.message}/read`)(headers),
    foreign('message_not_found'),
  ),
  memberRow(
    'DELETE /wps/member/messages/:id',
    (headers) => json('DELETE', `/wps/member/messages/${ids.message}`)(headers),
    foreign('message_not_found'),
  ),
  memberRow('POST /wps/relay/CSP_unreadCount', json('POST', '/wps/relay/CSP_unreadCount')),
];

/** The promotion engine (issue 19): the caller's own statuses, applications and bonuses; the owner's bonus by id. */
const promotionReal = { trial: NEEDS_REAL, guest: NEEDS_REAL };
const PROMOTION_ROWS: Row<MemberActor>[] = [
  memberRow('GET /wps/member/promotions', json('GET', '/wps/member/promotions'), promotionReal),
  memberRow(
    'POST /wps/member/promotions/:id/apply',
    (headers) => json('POST', `/wps/member/promotions/${ids.promotion}/apply`)(headers),
    promotionReal,
  ),
  // Nothing joined: 409 promotion_not_claimable is each actor's own answer.
  memberRow(
    'POST /wps/member/promotions/:id/claim',
    (headers) => json('POST', `/wps/member/promotions/${ids.promotion}/claim`)(headers),
    promotionReal,
  ),
  memberRow(
    'GET /wps/member/promotions/applications',
    json('GET', '/wps/member/promotions/applications'),
    promotionReal,
  ),
  memberRow('GET /wps/member/bonuses', json('GET', '/wps/member/bonuses'), promotionReal),
  memberRow(
    'POST /wps/member/bonuses/:id/forfeit',
    (headers) => json('POST', `/wps/member/bonuses/${ids.bonus}/forfeit`)(headers),
    foreign('bonus_not_found'),
  ),
  // Issue 19 (H7): the member's free-round grants.
  memberRow('GET /wps/member/free-rounds', json('GET', '/wps/member/free-rounds'), promotionReal),
];

const REWARD_ROWS: Row<MemberActor>[] = [
  memberRow('GET /wps/member/rewards', json('GET', '/wps/member/rewards'), {
    trial: NEEDS_REAL,
    guest: NEEDS_REAL,
  }),
  memberRow('GET /wps/member/rewards/count', json('GET', '/wps/member/rewards/count'), {
    trial: NEEDS_REAL,
    guest: NEEDS_REAL,
  }),
  memberRow(
    'POST /wps/member/rewards/:id/claim',
    (headers) => json('POST', `/wps/member/rewards/${ids.reward}/claim`)(headers),
    foreign('reward_not_found'),
  ),
];

/** Raffles (issue 19): my campaigns and draws are the caller's own; the owner's ticket is nobody else's. */
const RAFFLE_ROWS: Row<MemberActor>[] = [
  memberRow('GET /wps/member/raffles', json('GET', '/wps/member/raffles'), {
    trial: NEEDS_REAL,
    guest: NEEDS_REAL,
  }),
  memberRow('GET /wps/member/raffles/draws', json('GET', '/wps/member/raffles/draws'), {
    trial: NEEDS_REAL,
    guest: NEEDS_REAL,
  }),
  memberRow(
    'POST /wps/relay/MCS2_claimRafflePromotion',
    (headers) =>
      json('POST', '/wps/relay/MCS2_claimRafflePromotion', {
        campaignCode: ids.raffleCode,
        ticketId: ids.raffleTicket,
      })(headers),
    foreign('raffle_ticket_not_found'),
  ),
];

/**
 * Player protection (issue 17): every route acts on the caller's own protection; trial and type-4
 * accounts hold no real money and are refused. Amounts are generous so a limit set here never bites a
 * later table. The exclusion row runs last and ends each real actor's own (fresh) session.
 */
const realOnly = { trial: NEEDS_REAL, guest: NEEDS_REAL };
const protectionRow = (key: string, request: RequestFor) => memberRow(key, request, realOnly);
const PROTECTION_ROWS: Row<MemberActor>[] = [
  protectionRow('GET /wps/member/protection', json('GET', '/wps/member/protection')),
  protectionRow(
    'PUT /wps/member/protection/limits',
    json('PUT', '/wps/member/protection/limits', { kind: 'wager', period: 'month', amount: '9000000' }),
  ),
  protectionRow(
    'PUT /wps/member/protection/session-limit',
    json('PUT', '/wps/member/protection/session-limit', { minutes: 1440 }),
  ),
  // Nothing waits for most actors: 404 limit_pending_none is their own answer.
  protectionRow(
    'DELETE /wps/member/protection/limits/pending',
    json('DELETE', '/wps/member/protection/limits/pending', { kind: 'loss', period: 'day' }),
  ),
  protectionRow(
    'PUT /wps/member/protection/reality-check',
    json('PUT', '/wps/member/protection/reality-check', { minutes: 60 }),
  ),
  protectionRow(
    'POST /wps/member/protection/deposit-prompt',
    json('POST', '/wps/member/protection/deposit-prompt', { answer: 'skipped' }),
  ),
  protectionRow('GET /wps/member/protection/session', json('GET', '/wps/member/protection/session')),
  protectionRow(
    'POST /wps/member/protection/reality-check/ack',
    json('POST', '/wps/member/protection/reality-check/ack'),
  ),
  // My activity: the caller's own days only; no query names another member.
  memberRow('GET /wps/member/activity', json('GET', '/wps/member/activity?from=2026-01-01&to=2026-01-31')),
  // Issue 19 (loyalty): personal P/L and the rebate history read the caller's own rounds and rebates only.
  memberRow('GET /wps/member/profit', json('GET', '/wps/member/profit?from=2026-01-01&to=2026-01-31')),
  memberRow('GET /wps/member/rebates', json('GET', '/wps/member/rebates'), {
    trial: NEEDS_REAL,
    guest: NEEDS_REAL,
  }),
  // Last: ends every session of the (fresh) real actor that calls it.
  protectionRow(
    'POST /wps/member/protection/exclusions',
    json('POST', '/wps/member/protection/exclusions', { kind: 'cool_off', duration: '24h', confirm: true }),
  ),
];
/**
 * Points (issue 19): every call reads or spends the caller's own points; trial and type-4 accounts hold
 * none. The redemption names a reward that does not exist (404 for everyone), the conversion finds no rate
 * (409): both are the caller's own answers, past the password check.
 */
const POINTS_ROWS: Row<MemberActor>[] = [
  memberRow(
    'POST /wps/relay/MCS2_getPointBalance',
    json('POST', '/wps/relay/MCS2_getPointBalance'),
    realOnly,
  ),
  memberRow(
    'POST /wps/relay/MCS2_getRedeemPointList',
    json('POST', '/wps/relay/MCS2_getRedeemPointList', { page: 1 }),
    realOnly,
  ),
  memberRow(
    'POST /wps/relay/passwordCheck/MCS2_redeemPointReward',
    sealed('POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', () => ({
      rewardId: '999999999',
      quantity: 1,
      receivingAddress: 'Matrix street 1',
      mobile: '9000000000',
      withdrawPassword: PAY,
    })),
    realOnly,
  ),
  memberRow(
    'POST /wps/relay/passwordCheck/MCS2_convertPoint',
    sealed('POST', '/wps/relay/passwordCheck/MCS2_convertPoint', () => ({
      points: '100',
      withdrawPassword: PAY,
    })),
    realOnly,
  ),
];

/**
 * Missions and referral (issue 19): the caller's own progress, claims and referral page; trial and type-4
 * accounts are refused. The claim names a mission of the brand, never another member's data.
 */
const MISSION_ROWS: Row<MemberActor>[] = [
  memberRow(
    'POST /wps/relay/MCSFE_getMissionSummaryDetails',
    json('POST', '/wps/relay/MCSFE_getMissionSummaryDetails'),
    realOnly,
  ),
  memberRow(
    'POST /wps/relay/MCSFE_getMissionLeaderboard',
    json('POST', '/wps/relay/MCSFE_getMissionLeaderboard'),
    realOnly,
  ),
  memberRow('POST /wps/member/missions/:id/claim', json('POST', '/wps/member/missions/1/claim'), realOnly),
  memberRow('GET /wps/member/referral', json('GET', '/wps/member/referral'), realOnly),
];
/** Rows that end the caller's session: each real actor calls them with a fresh session of its own. */
const SESSION_ENDING = new Set(['DELETE /wps/session/logout', 'POST /wps/member/protection/exclusions']);

const MEMBER_TABLES: Record<string, { rows: Row<MemberActor>[]; studio?: true }> = {
  'account and session': { rows: ACCOUNT_ROWS },
  'wallet and transfers': { rows: WALLET_ROWS },
  'agent centre': { rows: AGENT_ROWS },
  deposits: { rows: PAYMENT_ROWS },
  withdrawals: { rows: WITHDRAWAL_ROWS },
  'games and records': { rows: GAME_ROWS },
  'in-house studio': { rows: STUDIO_ROWS, studio: true },
  messages: { rows: MESSAGE_ROWS },
  rewards: { rows: REWARD_ROWS },
  raffles: { rows: RAFFLE_ROWS },
  'missions and referral': { rows: MISSION_ROWS },
  promotions: { rows: PROMOTION_ROWS },
  'player protection': { rows: PROTECTION_ROWS },
  points: { rows: POINTS_ROWS },
};

// ─── Checks ──────────────────────────────────────────────────────────────────────────────────────────

/** The problem with an answer to `actor`'s request, or null. */
function judge(
  expectation: Expectation,
  response: LightMyRequestResponse,
  isVisitor: boolean,
): string | null {
  const status = response.statusCode;
  const message = (() => {
    try {
      return (response.json() as { message?: string }).message;
    } catch {
      return undefined;
    }
  })();
  if (status >= 500) return `server error ${status} ${message ?? ''}`;
  if ('refused' in expectation) {
    if (status < 400) return `UNAUTHORISED SUCCESS ${status}: ${response.body.slice(0, 200)}`;
    if (isVisitor && status !== 401) return `visitor got ${status} ${message}, not 401`;
    if (expectation.code && message !== expectation.code)
      return `refused with ${status} ${message}, expected ${expectation.code}`;
    return null;
  }
  if ('own' in expectation) {
    for (const secret of Object.values(OWNER_SECRETS)) {
      if (response.body.includes(secret)) return `answer shows the owner's data (${secret})`;
    }
  }
  return null;
}

describe.sequential('authorization matrix', () => {
  it('has a row for every route that needs a login, a studio session or an operator', () => {
    const covered = new Set([
      ...Object.values(MEMBER_TABLES).flatMap((table) => table.rows.map((row) => row.key)),
      ...OPS_ROWS.map((row) => row.key),
    ]);
    const routes = apiRoutes();
    const missing = routes
      .filter((route) => route.auth !== 'none' && !covered.has(route.key))
      .map((route) => route.key);
    expect(missing).toEqual([]);
    const unknown = [...covered].filter((key) => !routes.some((route) => route.key === key));
    expect(unknown, 'table rows naming no route').toEqual([]);
  });

  for (const [family, table] of Object.entries(MEMBER_TABLES)) {
    it(`${family}: ${table.rows.length} routes × ${MEMBER_ACTORS.length} actors`, async () => {
      const problems: string[] = [];
      for (const row of table.rows) {
        for (const actor of MEMBER_ACTORS) {
          // Logout and exclusions end sessions: each runs for every actor with a session of its own made
          // for it (a trial's is refused before it could end anything, so it keeps the shared one).
          const fresh =
            SESSION_ENDING.has(row.key) &&
            actor !== 'visitor' &&
            (row.key === 'DELETE /wps/session/logout' || actor !== 'trial');
          const headers = fresh
            ? bearer((await wallet.member({ type: actor === 'guest' ? 4 : 0 })).token)
            : (table.studio ? creds.studio : creds.member)[actor];
          const build =
            row.key === 'POST /wps/agent/transfer/downline' && actor === 'downline'
              ? DOWNLINE_TARGETS_UPLINE
              : row.request;
          const response = await test.app.inject(await build(headers));
          const problem = judge(row.cells[actor], response, actor === 'visitor');
          if (problem) problems.push(`${row.key} × ${actor}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it(`back office: ${OPS_ROWS.length} routes × ${OPS_ACTORS.length} actors`, async () => {
    const problems: string[] = [];
    for (const row of OPS_ROWS) {
      for (const actor of OPS_ACTORS) {
        const headers =
          row.key === 'DELETE /wps/ops/session' && actor === 'support'
            ? bearer(await operatorTokenFor(test.app, test.database.db, 'support'))
            : ops[actor];
        const response = await test.app.inject(await row.request(headers));
        const problem = judge(row.cells[actor], response, actor === 'visitor');
        if (problem) problems.push(`${row.key} × ${actor}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  /**
   * The same requests succeed for those allowed to make them, so a refusal above is about WHO asked, not
   * a broken request (a table whose requests all fail would prove nothing).
   */
  it('lets the rightful caller make the same requests', async () => {
    const owner = creds.member.owner;
    const expectOk = async (what: string, options: InjectOptions) => {
      const response = await test.app.inject(options);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(200);
    };
    await expectOk('owner → its downline', await transferDown(() => ids.downlineUsername)(owner));
    await expectOk(
      'owner reads its deposit proof',
      json('GET', `/wps/payments/deposits/${ids.deposit}/proof`)(owner),
    );
    await expectOk(
      'owner reads its round',
      json('GET', `/originals/api/rounds/${ids.roundId}`)(creds.studio.owner),
    );
    await expectOk(
      'owner confirms its receipt',
      multipart(`/wps/member/withdrawals/${ids.withdrawalPaid}/receipt`, { status: 'received' })(owner),
    );
    await expectOk(
      'finance reads the deposit proof',
      json('GET', `/wps/ops/deposits/${ids.deposit}/proof`)(ops.finance),
    );
    await expectOk(
      'finance approves the deposit',
      json('POST', `/wps/ops/deposits/${ids.deposit}/approve`)(ops.finance),
    );
    await expectOk(
      'finance rejects the pending withdrawal',
      json('POST', `/wps/ops/withdrawals/${ids.withdrawalPending}/reject`, { reason: 'matrix' })(ops.finance),
    );
    await expectOk(
      'owner withdraws to its own account',
      await sealed('POST', '/wps/member/withdrawals', () => ({
        payoutAccountId: ids.payoutAccount,
        amount: '100',
        withdrawPassword: PAY,
      }))(owner),
    );
    await expectOk(
      'owner reads its message',
      json('POST', `/wps/member/messages/${ids.message}/read`)(owner),
    );
    await expectOk(
      'owner sets its own limit',
      json('PUT', '/wps/member/protection/limits', { kind: 'loss', period: 'day', amount: '9000000' })(owner),
    );
    await expectOk(
      'support sees the owner’s protection',
      json('GET', `/wps/ops/members/${ids.ownerUsername}/protection`)(ops.support),
    );
    await expectOk('owner claims its reward', json('POST', `/wps/member/rewards/${ids.reward}/claim`)(owner));
    await expectOk(
      'owner opens its raffle ticket',
      json('POST', '/wps/relay/MCS2_claimRafflePromotion', {
        campaignCode: ids.raffleCode,
        ticketId: ids.raffleTicket,
      })(owner),
    );
    await expectOk(
      'owner deletes its payout account',
      json('DELETE', `/wps/member/payout-accounts/${ids.payoutAccount}`)(owner),
    );
  });
});

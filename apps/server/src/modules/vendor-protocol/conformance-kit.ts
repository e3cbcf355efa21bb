import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  createSeamlessWalletClient,
  type ProtocolTransport,
  VendorProtocolError,
} from './protocol-client.ts';
import type { SeamlessWalletClient, WalletResult } from './protocol-types.ts';
import { PROTOCOL_PREFIX } from './protocol-wire.ts';
import { SIGNATURE_HEADER, signBody, TIMESTAMP_TOLERANCE_MS, VENDOR_CODE_HEADER } from './signature.ts';

/**
 * The seamless-wallet conformance kit (docs/vendor-protocol.md "Conformance"): the platform behaviours a
 * vendor relies on, checked end to end through the signed wire protocol for one vendor's credentials.
 * Framework-free (node:assert), so a test runner, or a script against a staging platform, can run it:
 * each check is one named async function that throws on the first deviation.
 */

export type ConformanceSubject = {
  /** The vendor's code and wallet secret, and how requests reach the platform. */
  vendorCode: string;
  secret: string;
  transport: ProtocolTransport;
  /** A new player with exactly `fundMinor` in the wallet and a live launch token for one of the vendor's games. */
  newPlayer(fundMinor: bigint): Promise<{ launchToken: string }>;
  /** Makes the launch session of `launchToken` expire now. */
  expireSession(launchToken: string): Promise<void>;
  /** Whether a win of exactly `amountMinor` is on the brand's public winner board. */
  onWinnerBoard(amountMinor: bigint): Promise<boolean>;
  /**
   * Which system account paid the credit the platform answered with `platformTxnId` (e.g. `house`, `bonus`),
   * or null when it moved no money.
   */
  creditPaidBy(platformTxnId: string): Promise<string | null>;
};

type Player = { playerId: string; sessionToken: string; gameCode: string; launchToken: string };

type Context = {
  subject: ConformanceSubject;
  client: SeamlessWalletClient;
  player(fundMinor: bigint): Promise<Player>;
};

const STAKE = 1_000n;

function uid(label: string): string {
  return `${label}-${randomUUID()}`;
}

function ok(result: WalletResult, what: string): Extract<WalletResult, { status: 'OK' }> {
  assert.equal(result.status, 'OK', `${what}: expected OK, got ${result.status}`);
  return result as Extract<WalletResult, { status: 'OK' }>;
}

async function balanceOf(ctx: Context, player: Player): Promise<bigint> {
  return ok(await ctx.client.balance(player), 'balance').balanceMinor;
}

function debitOf(player: Player, amountMinor: bigint, txnId = uid('bet'), roundId = uid('round')) {
  return {
    playerId: player.playerId,
    sessionToken: player.sessionToken,
    gameCode: player.gameCode,
    txnId,
    roundId,
    amountMinor,
  };
}

/** A rollback of the debit, under a txn id of its own. */
function rollbackOf(player: Player, debit: { txnId: string; roundId: string }) {
  return {
    playerId: player.playerId,
    sessionToken: player.sessionToken,
    gameCode: player.gameCode,
    roundId: debit.roundId,
    txnId: uid('rb'),
    targetTxnId: debit.txnId,
  };
}

/** Expects the call to fail with an HTTP error of that status and platform error code. */
async function refusedOnTheWire(call: Promise<unknown>, statusCode: number, code: string, what: string) {
  await assert.rejects(
    call,
    (error: unknown) =>
      error instanceof VendorProtocolError && error.statusCode === statusCode && error.code === code,
    `${what}: expected HTTP ${statusCode} ${code}`,
  );
}

/** Sends `body` signed with `secret` as-is (to tamper with it after signing, or send a bad shape). */
async function rawCall(
  subject: ConformanceSubject,
  call: string,
  body: string,
  options: { secret?: string; signedBody?: string; vendorCode?: string; signature?: string | null } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [VENDOR_CODE_HEADER]: options.vendorCode ?? subject.vendorCode,
  };
  const signature =
    options.signature === undefined
      ? signBody(options.secret ?? subject.secret, options.signedBody ?? body)
      : options.signature;
  if (signature !== null) headers[SIGNATURE_HEADER] = signature;
  const response = await subject.transport(`${PROTOCOL_PREFIX}/${call}`, headers, body);
  let code: string | null = null;
  try {
    code = (JSON.parse(response.body) as { message?: string }).message ?? null;
  } catch {}
  return { statusCode: response.statusCode, code, body: response.body };
}

export const CONFORMANCE_CHECKS = {
  /** authenticate answers the player and balance for a live token, and refuses an unknown one. */
  async authenticate(ctx: Context) {
    const launch = await ctx.subject.newPlayer(5_000n);
    const result = await ctx.client.authenticate(launch.launchToken);
    assert.equal(result.status, 'OK');
    if (result.status !== 'OK') return;
    assert.equal(result.balanceMinor, 5_000n);
    assert.equal(result.sessionToken, launch.launchToken);
    assert.match(result.playerId, /^[1-9][0-9]*$/);
    assert.ok(result.sessionExpiresAt.getTime() > Date.now());
    assert.match(result.currency, /^[A-Z]{3}$/);
    const unknown = await ctx.client.authenticate(uid('no-such-launch-token'));
    assert.deepEqual(unknown, { status: 'PLAYER_NOT_FOUND', balanceMinor: null });
  },

  /** A debit then a closing credit move the balance once each; a closed round takes no more calls. */
  async 'debit and credit settle a round'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const roundId = uid('round');
    const bet = ok(await ctx.client.debit(debitOf(player, 2_500n, uid('bet'), roundId)), 'debit');
    assert.equal(bet.balanceMinor, 7_500n);
    assert.equal(bet.replayed, false);
    assert.match(bet.platformTxnId, /^[0-9]+$/);
    const win = ok(
      await ctx.client.credit({ ...debitOf(player, 6_000n, uid('win'), roundId), roundClosed: true }),
      'credit',
    );
    assert.equal(win.balanceMinor, 13_500n);
    const late = await ctx.client.debit(debitOf(player, 100n, uid('bet'), roundId));
    assert.deepEqual(late, { status: 'ROUND_CLOSED', balanceMinor: 13_500n });
    // A lost round closes with a credit of 0: accepted, no money moves.
    const lostRound = uid('round');
    ok(await ctx.client.debit(debitOf(player, 500n, uid('bet'), lostRound)), 'debit');
    const lost = ok(
      await ctx.client.credit({ ...debitOf(player, 0n, uid('win'), lostRound), roundClosed: true }),
      'zero credit',
    );
    assert.equal(lost.balanceMinor, 13_000n);
    assert.equal(await balanceOf(ctx, player), 13_000n);
  },

  /** The same debit sent 5 times in a row moves money once and replays the first answer. */
  async 'replay: 5 repeats in a row'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const debit = debitOf(player, STAKE);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(ok(await ctx.client.debit(debit), `repeat ${i}`));
    assert.deepEqual(
      answers.map((answer) => answer.replayed),
      [false, true, true, true, true],
    );
    for (const answer of answers) {
      assert.equal(answer.platformTxnId, answers[0]?.platformTxnId);
      assert.equal(answer.balanceMinor, 9_000n);
    }
    const credit = { ...debitOf(player, 3_000n, uid('win'), debit.roundId), roundClosed: true };
    const credits = [];
    for (let i = 0; i < 5; i += 1) credits.push(ok(await ctx.client.credit(credit), `credit repeat ${i}`));
    assert.equal(credits.filter((answer) => !answer.replayed).length, 1);
    assert.equal(await balanceOf(ctx, player), 12_000n);
  },

  /** The same debit (and credit) sent 5 times at once moves money once; every answer names one txn. */
  async 'replay: 5 repeats at once'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const debit = debitOf(player, STAKE);
    const answers = (await Promise.all(Array.from({ length: 5 }, () => ctx.client.debit(debit)))).map(
      (answer) => ok(answer, 'concurrent repeat'),
    );
    assert.equal(answers.filter((answer) => !answer.replayed).length, 1);
    assert.equal(new Set(answers.map((answer) => answer.platformTxnId)).size, 1);
    for (const answer of answers) assert.equal(answer.balanceMinor, 9_000n);
    const credit = { ...debitOf(player, 2_000n, uid('win'), debit.roundId), roundClosed: false };
    const credits = (await Promise.all(Array.from({ length: 5 }, () => ctx.client.credit(credit)))).map(
      (answer) => ok(answer, 'concurrent credit'),
    );
    assert.equal(credits.filter((answer) => !answer.replayed).length, 1);
    assert.equal(await balanceOf(ctx, player), 11_000n);
  },

  /**
   * A rollback of a debit whose round already has a credit is refused and moves nothing: ROUND_CLOSED once
   * the credit closed the round, ROUND_HAS_CREDIT while it is open; the refusal is final for its txn id.
   */
  async 'rollback after a credit is refused'(ctx: Context) {
    for (const closed of [true, false]) {
      const player = await ctx.player(10_000n);
      const debit = debitOf(player, 1_000n);
      ok(await ctx.client.debit(debit), 'debit');
      const credit = { ...debitOf(player, 1_900n, uid('win'), debit.roundId), roundClosed: closed };
      ok(await ctx.client.credit(credit), 'credit');
      const rollback = rollbackOf(player, debit);
      const refused = { status: closed ? 'ROUND_CLOSED' : 'ROUND_HAS_CREDIT', balanceMinor: 10_900n };
      assert.deepEqual(await ctx.client.rollback(rollback), refused, `closed: ${closed}`);
      assert.deepEqual(await ctx.client.rollback(rollback), refused, `closed: ${closed}, replayed`);
      // Another rollback of the same debit under a new txn id: refused too.
      assert.deepEqual(await ctx.client.rollback(rollbackOf(player, debit)), refused);
      // The stake stays lost and the win stays paid: +9.00, never +29.00.
      assert.equal(await balanceOf(ctx, player), 10_900n);
    }
  },

  /**
   * A win credit needs a standing debit of the player on its round: on a round that never had one, a round
   * whose debits were all rolled back, or another player's round, it is refused, moves nothing and never
   * reaches the winner board; the refusal is final for its txn id.
   */
  async 'credit without a debit is refused'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const amount = 500_000n + BigInt(Math.floor(Math.random() * 1_000_000));
    const never = { ...debitOf(player, amount, uid('win')), roundClosed: true };
    assert.deepEqual(await ctx.client.credit(never), { status: 'BET_NOT_FOUND', balanceMinor: 10_000n });
    assert.deepEqual(await ctx.client.credit(never), { status: 'BET_NOT_FOUND', balanceMinor: 10_000n });
    const open = { ...never, txnId: uid('win'), roundClosed: false };
    assert.deepEqual(await ctx.client.credit(open), { status: 'BET_NOT_FOUND', balanceMinor: 10_000n });
    assert.equal(await ctx.subject.onWinnerBoard(amount), false);

    const cancelled = debitOf(player, 1_000n);
    ok(await ctx.client.debit(cancelled), 'debit');
    ok(await ctx.client.rollback(rollbackOf(player, cancelled)), 'rollback');
    const afterRollback = { ...debitOf(player, amount, uid('win'), cancelled.roundId), roundClosed: true };
    assert.deepEqual(await ctx.client.credit(afterRollback), {
      status: 'ROUND_CLOSED',
      balanceMinor: 10_000n,
    });

    const other = await ctx.player(10_000n);
    const theirs = debitOf(other, 1_000n);
    ok(await ctx.client.debit(theirs), "the other player's debit");
    const onTheirs = { ...debitOf(player, amount, uid('win'), theirs.roundId), roundClosed: true };
    assert.deepEqual(await ctx.client.credit(onTheirs), { status: 'ROUND_CLOSED', balanceMinor: 10_000n });
    assert.deepEqual(await ctx.client.credit(onTheirs), { status: 'ROUND_CLOSED', balanceMinor: 10_000n });
    assert.equal(await balanceOf(ctx, player), 10_000n);
    assert.equal(await ctx.subject.onWinnerBoard(amount), false);
    // The other player's round is untouched: their own win still lands.
    ok(
      await ctx.client.credit({ ...debitOf(other, 2_000n, uid('win'), theirs.roundId), roundClosed: true }),
      'win',
    );
  },

  /**
   * A free-round (or bonus) credit needs no debit: it opens a round with stake 0 and is paid from the
   * brand's bonus account, not the house; it stays off the winner board. Its kind is part of its content.
   */
  async 'free-round credit is paid by the bonus account'(ctx: Context) {
    const player = await ctx.player(1_000n);
    const amount = 300_000n + BigInt(Math.floor(Math.random() * 100_000));
    const free = { ...debitOf(player, amount, uid('free')), roundClosed: false, kind: 'free_round' as const };
    const paid = ok(await ctx.client.credit(free), 'free-round credit');
    assert.equal(paid.balanceMinor, 1_000n + amount);
    assert.equal(await ctx.subject.creditPaidBy(paid.platformTxnId), 'bonus');
    assert.equal(ok(await ctx.client.credit(free), 'replay').replayed, true);
    assert.equal((await ctx.client.credit({ ...free, kind: 'bonus' })).status, 'TXN_CONFLICT');
    // The same round closes with a second free spin; a win credit on it has no stake to pay for.
    const win = { ...debitOf(player, 100n, uid('win'), free.roundId), roundClosed: true };
    assert.equal((await ctx.client.credit(win)).status, 'BET_NOT_FOUND');
    const last = ok(await ctx.client.credit({ ...win, txnId: uid('free'), kind: 'bonus' }), 'bonus credit');
    assert.equal(last.balanceMinor, 1_100n + amount);
    assert.equal(await ctx.subject.onWinnerBoard(amount), false);
    // A staked win is still paid by the house.
    const debit = debitOf(player, 500n);
    ok(await ctx.client.debit(debit), 'debit');
    const won = ok(
      await ctx.client.credit({ ...debitOf(player, 700n, uid('win'), debit.roundId), roundClosed: true }),
      'win',
    );
    assert.equal(await ctx.subject.creditPaidBy(won.platformTxnId), 'house');
  },

  /** Nothing changes a settled or rolled-back round: debits, credits and rollbacks after it are refused. */
  async 'a settled round never changes'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const debit = debitOf(player, 2_000n);
    ok(await ctx.client.debit(debit), 'debit');
    ok(
      await ctx.client.credit({ ...debitOf(player, 0n, uid('win'), debit.roundId), roundClosed: true }),
      'close',
    );
    const closed = { status: 'ROUND_CLOSED', balanceMinor: 8_000n };
    const late = [
      () => ctx.client.debit(debitOf(player, 100n, uid('bet'), debit.roundId)),
      () => ctx.client.credit({ ...debitOf(player, 5_000n, uid('win'), debit.roundId), roundClosed: false }),
      () =>
        ctx.client.credit({
          ...debitOf(player, 5_000n, uid('free'), debit.roundId),
          roundClosed: true,
          kind: 'free_round',
        }),
      () => ctx.client.rollback(rollbackOf(player, debit)),
    ];
    for (const call of late) assert.deepEqual(await call(), closed);
    const rolledBack = debitOf(player, 1_000n);
    ok(await ctx.client.debit(rolledBack), 'debit');
    ok(await ctx.client.rollback(rollbackOf(player, rolledBack)), 'rollback');
    const refusedDebit = debitOf(player, 100n, uid('bet'), rolledBack.roundId);
    assert.deepEqual(await ctx.client.debit(refusedDebit), closed);
    assert.deepEqual(await ctx.client.debit(refusedDebit), closed);
    assert.equal(await balanceOf(ctx, player), 8_000n);
  },

  /**
   * A credit and a rollback of the round's debit at once, on 8 rounds: whichever the platform takes first,
   * the other is refused, and the balance is what that order gives — never the stake back and the win too.
   */
  async 'credit and rollback of its round racing'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const debits = Array.from({ length: 8 }, () => debitOf(player, STAKE));
    for (const debit of debits) ok(await ctx.client.debit(debit), 'debit');
    const answers = await Promise.all(
      debits.flatMap((debit) => [
        ctx.client.credit({ ...debitOf(player, 3_000n, uid('win'), debit.roundId), roundClosed: false }),
        ctx.client.rollback(rollbackOf(player, debit)),
      ]),
    );
    let expected = 10_000n - STAKE * BigInt(debits.length);
    for (let i = 0; i < answers.length; i += 2) {
      const credit = answers[i] as WalletResult;
      const rollback = answers[i + 1] as WalletResult;
      const order = `${credit.status}/${rollback.status}`;
      assert.ok(order === 'OK/ROUND_HAS_CREDIT' || order === 'ROUND_CLOSED/OK', `round ${i / 2}: ${order}`);
      expected += credit.status === 'OK' ? 3_000n : STAKE;
    }
    assert.equal(await balanceOf(ctx, player), expected);
  },

  /** A txn id reused with other content is refused and moves nothing. */
  async 'txn id reused with other content: TXN_CONFLICT'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const debit = debitOf(player, STAKE);
    ok(await ctx.client.debit(debit), 'debit');
    const other = await ctx.client.debit({ ...debit, amountMinor: STAKE + 1n });
    assert.equal(other.status, 'TXN_CONFLICT');
    const asCredit = await ctx.client.credit({ ...debit, roundClosed: false });
    assert.equal(asCredit.status, 'TXN_CONFLICT');
    assert.equal(await balanceOf(ctx, player), 9_000n);
  },

  /** A rollback cancels its debit once; repeating it (or another rollback of that debit) moves nothing. */
  async 'rollback is idempotent'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const debit = debitOf(player, 4_000n);
    ok(await ctx.client.debit(debit), 'debit');
    const rollback = rollbackOf(player, debit);
    const first = ok(await ctx.client.rollback(rollback), 'rollback');
    assert.equal(first.balanceMinor, 10_000n);
    assert.equal(first.replayed, false);
    const again = ok(await ctx.client.rollback(rollback), 'rollback repeat');
    assert.equal(again.replayed, true);
    assert.equal(again.platformTxnId, first.platformTxnId);
    const concurrent = await Promise.all(
      Array.from({ length: 3 }, () => ctx.client.rollback({ ...rollback, txnId: uid('rb') })),
    );
    for (const answer of concurrent) assert.equal(ok(answer, 'second rollback').balanceMinor, 10_000n);
    // The cancelled debit's own repeat still replays its answer, and moves nothing.
    assert.equal(ok(await ctx.client.debit(debit), 'debit replay').replayed, true);
    assert.equal(await balanceOf(ctx, player), 10_000n);
  },

  /** A rollback that arrives before its debit is answered OK; the late debit is refused and moves nothing. */
  async 'rollback before debit'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const debit = debitOf(player, 3_000n);
    const early = ok(await ctx.client.rollback(rollbackOf(player, debit)), 'early rollback');
    assert.equal(early.balanceMinor, 10_000n);
    assert.deepEqual(await ctx.client.debit(debit), { status: 'TXN_ROLLED_BACK', balanceMinor: 10_000n });
    assert.deepEqual(await ctx.client.debit(debit), { status: 'TXN_ROLLED_BACK', balanceMinor: 10_000n });
    assert.equal(await balanceOf(ctx, player), 10_000n);
  },

  /** Debits racing their own rollbacks: whichever lands first, every pair leaves the balance as it was. */
  async 'debit and its rollback racing'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const pairs = Array.from({ length: 8 }, () => debitOf(player, STAKE));
    const answers = await Promise.all(
      pairs.flatMap((debit) => [ctx.client.debit(debit), ctx.client.rollback(rollbackOf(player, debit))]),
    );
    for (let i = 0; i < answers.length; i += 2) {
      const debit = answers[i];
      assert.ok(debit && (debit.status === 'OK' || debit.status === 'TXN_ROLLED_BACK'), `debit ${i / 2}`);
      ok(answers[i + 1] as WalletResult, `rollback ${i / 2}`);
    }
    assert.equal(await balanceOf(ctx, player), 10_000n);
    // Every debit is now settled as cancelled: a repeat never takes money any more.
    for (const debit of pairs) {
      const again = await ctx.client.debit(debit);
      assert.ok(again.status === 'OK' ? again.replayed : again.status === 'TXN_ROLLED_BACK');
    }
    assert.equal(await balanceOf(ctx, player), 10_000n);
  },

  /** 20 debits at once on a wallet funded for exactly 7: exactly 7 succeed, none overdraws. */
  async 'concurrent debits never overdraw'(ctx: Context) {
    const funded = 7;
    const player = await ctx.player(STAKE * BigInt(funded));
    const roundId = uid('round');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.client.debit(debitOf(player, STAKE, uid('bet'), roundId))),
    );
    const accepted = answers.filter((answer) => answer.status === 'OK');
    assert.equal(accepted.length, funded);
    for (const answer of answers) {
      if (answer.status === 'OK') continue;
      assert.equal(answer.status, 'INSUFFICIENT_FUNDS');
      assert.equal(typeof answer.balanceMinor, 'bigint');
      assert.ok((answer.balanceMinor ?? -1n) >= 0n && (answer.balanceMinor ?? 0n) < STAKE);
    }
    assert.equal(await balanceOf(ctx, player), 0n);
  },

  /** A debit above the balance is refused with the current balance, and so is its repeat. */
  async 'insufficient funds answers the balance'(ctx: Context) {
    const player = await ctx.player(2_500n);
    const debit = debitOf(player, 2_501n);
    assert.deepEqual(await ctx.client.debit(debit), { status: 'INSUFFICIENT_FUNDS', balanceMinor: 2_500n });
    assert.deepEqual(await ctx.client.debit(debit), { status: 'INSUFFICIENT_FUNDS', balanceMinor: 2_500n });
    assert.equal(await balanceOf(ctx, player), 2_500n);
  },

  /** After the session expires, debits and balance are refused but a win (and a rollback) still lands. */
  async 'credit after session expiry'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const roundId = uid('round');
    ok(await ctx.client.debit(debitOf(player, 2_000n, uid('bet'), roundId)), 'debit');
    const open = debitOf(player, 1_000n, uid('bet'), uid('round'));
    ok(await ctx.client.debit(open), 'second debit');
    await ctx.subject.expireSession(player.launchToken);
    assert.equal((await ctx.client.debit(debitOf(player, 100n))).status, 'SESSION_EXPIRED');
    assert.equal((await ctx.client.balance(player)).status, 'SESSION_EXPIRED');
    assert.deepEqual(await ctx.client.authenticate(player.launchToken), {
      status: 'SESSION_EXPIRED',
      balanceMinor: null,
    });
    const win = ok(
      await ctx.client.credit({ ...debitOf(player, 5_000n, uid('win'), roundId), roundClosed: true }),
      'credit after expiry',
    );
    assert.equal(win.balanceMinor, 12_000n);
    const undone = ok(await ctx.client.rollback(rollbackOf(player, open)), 'rollback after expiry');
    assert.equal(undone.balanceMinor, 13_000n);
  },

  /** Tampered body, wrong secret, unknown vendor, no signature: one 401 that never says which; stale: 401. */
  async 'bad signatures and stale requests are refused'(ctx: Context) {
    const player = await ctx.player(10_000n);
    const body = JSON.stringify({ timestamp: Date.now(), ...debitOf(player, STAKE), amountMinor: '1000' });
    const tampered = body.replace('"1000"', '"9000"');
    const refusals = [
      await rawCall(ctx.subject, 'debit', tampered, { signedBody: body }),
      await rawCall(ctx.subject, 'debit', body, { secret: `${ctx.subject.secret}x` }),
      await rawCall(ctx.subject, 'debit', body, { vendorCode: 'NO_SUCH_VENDOR_ZZ' }),
      await rawCall(ctx.subject, 'debit', body, { signature: null }),
      await rawCall(ctx.subject, 'debit', body, { signature: 'sha256=00' }),
    ];
    for (const refused of refusals) {
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.code, 'vendor_signature_invalid');
    }
    // Identical bodies for every cause, so a caller learns nothing about which part was wrong.
    assert.equal(new Set(refusals.map((refused) => refused.body)).size, 1);

    for (const skew of [-1, 1]) {
      const stale = createSeamlessWalletClient({
        vendorCode: ctx.subject.vendorCode,
        secret: ctx.subject.secret,
        transport: ctx.subject.transport,
        now: () => Date.now() + skew * (TIMESTAMP_TOLERANCE_MS + 60_000),
      });
      await refusedOnTheWire(stale.debit(debitOf(player, STAKE)), 401, 'vendor_request_stale', 'stale debit');
    }
    const wrongSecret = createSeamlessWalletClient({
      vendorCode: ctx.subject.vendorCode,
      secret: `${ctx.subject.secret}-not-it`,
      transport: ctx.subject.transport,
    });
    await refusedOnTheWire(wrongSecret.balance(player), 401, 'vendor_signature_invalid', 'wrong secret');
    assert.equal(await balanceOf(ctx, player), 10_000n);
  },

  /** A signed body of the wrong shape is a 400 with the platform's error envelope. */
  async 'malformed body is a 400'(ctx: Context) {
    const player = await ctx.player(1_000n);
    const bad = [
      JSON.stringify({ timestamp: Date.now(), ...debitOf(player, STAKE), amountMinor: '10.5' }),
      JSON.stringify({ timestamp: Date.now(), ...debitOf(player, STAKE), amountMinor: 1000 }),
      JSON.stringify({ timestamp: Date.now(), ...debitOf(player, STAKE), amountMinor: '0' }),
      JSON.stringify({ timestamp: Date.now(), playerId: player.playerId }),
      '{"timestamp":',
    ];
    for (const body of bad) {
      const answer = await rawCall(ctx.subject, 'debit', body);
      assert.equal(answer.statusCode, 400, body);
      const envelope = JSON.parse(answer.body) as { success: boolean; message: string };
      assert.equal(envelope.success, false);
      assert.match(envelope.message, /^invalid_(request|json)$/);
    }
    // A credit's kind is one of the documented ones, and only a credit has one.
    const credit = {
      timestamp: Date.now(),
      ...debitOf(player, STAKE),
      amountMinor: '1000',
      roundClosed: true,
    };
    for (const [call, body] of [
      ['credit', { ...credit, kind: 'jackpot' }],
      ['credit', { ...credit, kind: null }],
      ['debit', { ...debitOf(player, STAKE), timestamp: Date.now(), amountMinor: '1000', kind: 'bonus' }],
    ] as const) {
      const answer = await rawCall(ctx.subject, call, JSON.stringify(body));
      assert.equal(answer.statusCode, 400, JSON.stringify(body));
    }
    assert.equal(await balanceOf(ctx, player), 1_000n);
  },
} satisfies Record<string, (ctx: Context) => Promise<void>>;

export type ConformanceCheck = keyof typeof CONFORMANCE_CHECKS;
export const CONFORMANCE_CHECK_NAMES = Object.keys(CONFORMANCE_CHECKS) as ConformanceCheck[];

/** Runs one check against a subject (each check makes its own players, so checks are independent). */
export async function runConformanceCheck(
  name: ConformanceCheck,
  subject: ConformanceSubject,
): Promise<void> {
  const client = createSeamlessWalletClient({
    vendorCode: subject.vendorCode,
    secret: subject.secret,
    transport: subject.transport,
  });
  const ctx: Context = {
    subject,
    client,
    async player(fundMinor) {
      const { launchToken } = await subject.newPlayer(fundMinor);
      const auth = await client.authenticate(launchToken);
      assert.equal(auth.status, 'OK', 'authenticate a fresh launch token');
      if (auth.status !== 'OK') throw new Error('unreachable');
      return {
        playerId: auth.playerId,
        sessionToken: auth.sessionToken,
        gameCode: auth.gameCode,
        launchToken,
      };
    },
  };
  await CONFORMANCE_CHECKS[name](ctx);
}

/** Runs every check; answers each one's outcome (for a script against a staging platform). */
export async function runConformanceKit(
  subject: ConformanceSubject,
): Promise<{ check: ConformanceCheck; passed: boolean; error?: string }[]> {
  const outcomes: { check: ConformanceCheck; passed: boolean; error?: string }[] = [];
  for (const check of CONFORMANCE_CHECK_NAMES) {
    try {
      await runConformanceCheck(check, subject);
      outcomes.push({ check, passed: true });
    } catch (error) {
      outcomes.push({ check, passed: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}

import { createHmac, randomBytes } from 'node:crypto';
import type { Hmac } from '@lotus/games/fair';
import {
  GameRuleError,
  INHOUSE_GAMES,
  type InHouseGame,
  isInHouseGameCode,
  playRound,
  validateBet,
} from '@lotus/games/play';
import type { FairInputs } from '@lotus/games/types';
import { isErrorCode } from '@lotus/shared/error-codes';
import type {
  OriginalsSession,
  PlayRound,
  PlayRoundRequest,
  RotateSeed,
  Round,
  Rounds,
} from '@lotus/shared/originals.schema';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/request-hash.ts';
import type { FreeRoundFunding } from '../free-rounds/free-rounds.service.ts';
import type { SeamlessWalletClient, WalletResult } from '../vendor-protocol/protocol-types.ts';
import {
  type InhouseSeed,
  type InhouseSession,
  InhouseVendorRepository,
  type RoundRecord,
} from './inhouse-vendor.repository.ts';
import { type SeedService, seedStateOf } from './seed.service.ts';

/** A trial starts with 100,000.00 of play money (docs/games-contract.md "In-house vendor"). */
export const DEMO_BALANCE_MINOR = 10_000_000n;
/** How long a trial session lasts (a real one lasts as long as its wallet session). */
export const TRIAL_SESSION_MS = 24 * 3_600_000;
/** The studio's vendor code in the platform's catalogue. */
export const INHOUSE_VENDOR_CODE = 'LOTUS';

/** node:crypto's HMAC for the package's draws: same bytes as its pure version, much faster. */
export const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();

export type OpenSessionInput =
  | { launchToken: string }
  | { trial: true; gameCode: string; language?: string | undefined };

/**
 * What one round plays, whatever the game: a bet round takes one nonce; a fishing batch one per shot
 * (fishing.service.ts). `draw` runs inside the round's transaction on the locked seed, after the debit.
 */
export type RoundPlan = {
  requestId: string;
  stakeMinor: bigint;
  nonces: number;
  draw(inputs: FairInputs): { outcome: unknown; payoutMinor: bigint };
};

/** How a round ended for the request that played it: its own round, or a twin request's stored first. */
type Settled = { id: bigint; balanceMinor: bigint; twin?: undefined } | { twin: RoundRecord };

/** The wallet client as configured now (the vendor's secret is read from the catalogue). */
export type WalletClientSource = () => Promise<SeamlessWalletClient>;

export function hashToken(token: string): string {
  return sha256Hex(token);
}

export function publicRoundId(id: bigint): string {
  return `LOT-${id}`;
}

function parseRoundId(roundId: string): bigint | null {
  const match = /^LOT-([1-9][0-9]{0,17})$/.exec(roundId);
  return match?.[1] ? BigInt(match[1]) : null;
}

function gameOf(code: string): InHouseGame {
  // An own-property check: a code like `constructor` must not find Object.prototype's.
  if (!isInHouseGameCode(code)) throw new AppError('game_not_found');
  return INHOUSE_GAMES[code];
}

/** The total bet (a slot's bet, a table game's bets summed), once the rules accepted it. */
function stakeOf(bet: PlayRoundRequest['bet']): bigint {
  if (bet.game === 'slot') return BigInt(bet.betMinor);
  return bet.bets.reduce((sum, one) => sum + BigInt(one.amountMinor), 0n);
}

/** packages/games' rule errors (bet_invalid, bet_limit) as the studio's own 400s. */
function ruleChecked<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof GameRuleError) {
      const code = (error as { code?: unknown }).code;
      throw new AppError(isErrorCode(code) ? code : 'bet_invalid', { message: error.message });
    }
    throw error;
  }
}

/** A wallet refusal as the studio's own error (what the game screen shows; the lottery engine maps them alike). */
export function refusalError(result: Exclude<WalletResult, { status: 'OK' }>): AppError {
  switch (result.status) {
    case 'INSUFFICIENT_FUNDS':
      return new AppError('insufficient_funds', {
        ...(result.balanceMinor === null ? {} : { details: { balanceMinor: String(result.balanceMinor) } }),
      });
    case 'SESSION_EXPIRED':
      return new AppError('session_expired');
    case 'PLAYER_NOT_FOUND':
      return new AppError('not_logged_in');
    // Player protection: the game screen says which one stopped the bet (no money moved).
    case 'LIMIT_REACHED':
      return new AppError('limit_reached');
    case 'PLAY_PAUSED':
      return new AppError('reality_check_due');
    default:
      return new AppError('service_unavailable', { message: `wallet refused: ${result.status}` });
  }
}

function roundOf(record: RoundRecord): Round {
  return {
    roundId: publicRoundId(record.id),
    gameCode: record.game_code,
    trial: record.trial,
    serverSeedHash: record.server_seed_hash,
    clientSeed: record.client_seed,
    nonce: record.nonce,
    serverSeed: record.revealed_seed,
    stakeMinor: String(record.stake_minor),
    payoutMinor: String(record.payout_minor),
    outcome: record.outcome as Record<string, unknown>,
    createdAt: new Date(record.created_at).toISOString(),
  };
}

/**
 * The in-house studio (docs/games-contract.md "In-house vendor"): a vendor like any other, so it knows a
 * player only as the protocol's player id and moves money only through the seamless-wallet client.
 *
 * A real round never holds a database transaction across a wallet call. The platform answers the call in
 * the same process (app.inject) with its own transaction, and PGlite has ONE connection: a transaction
 * held open here would wait for the platform's and the platform's for ours. So a round is: reserve a
 * round id (a sequence value, no transaction) → debit `${roundId}:bet` → one short transaction that locks
 * the player's active seed, takes its nonce, draws the outcome and writes the round (`credit_pending`) →
 * credit `${roundId}:win` → mark it settled. A nonce is therefore consumed only by a debit that went
 * through; on PostgreSQL the seed lock still gives each nonce to exactly one round when rounds race.
 */
export class InhouseVendorService {
  readonly #repository: InhouseVendorRepository<Db>;
  readonly #uow: UnitOfWork<{ inhouse: InhouseVendorRepository<Tx> }>;
  readonly #seeds: SeedService;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;
  /** The operator's free-round funding (issue 19): absent, a play naming a grant is refused. */
  readonly #freeRounds: FreeRoundFunding | undefined;
  /**
   * Rounds this process is playing or crediting now: another request of the player must neither count
   * them as failed credits nor send their credit a second time (across processes, the platform's txn-id
   * idempotency covers the same race).
   */
  readonly #crediting = new Set<bigint>();

  constructor(deps: {
    db: Db;
    seeds: SeedService;
    wallet: WalletClientSource;
    clock: Clock;
    log?: FastifyBaseLogger;
    freeRounds?: FreeRoundFunding;
  }) {
    this.#repository = new InhouseVendorRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ inhouse: new InhouseVendorRepository(trx) }));
    this.#seeds = deps.seeds;
    this.#wallet = deps.wallet;
    this.#clock = deps.clock;
    this.#log = deps.log;
    this.#freeRounds = deps.freeRounds;
  }

  async openSession(input: OpenSessionInput): Promise<OriginalsSession> {
    const token = randomBytes(32).toString('base64url');
    if ('launchToken' in input) return this.#openReal(token, input.launchToken);
    const game = gameOf(input.gameCode);
    const money = await this.#repository.defaultBrandMoney();
    const language = input.language?.toUpperCase() || 'EN';
    const trial = {
      tokenHash: hashToken(token),
      playerRef: null,
      walletSession: null,
      gameCode: input.gameCode,
      demoBalanceMinor: DEMO_BALANCE_MINOR,
      currency: money.currency,
      language,
      expiresAt: new Date(this.#clock.now().getTime() + TRIAL_SESSION_MS),
      ...this.#fishingSceneFor(game),
    };
    const session = await this.#uow.run(({ inhouse }) => inhouse.createSession(trial));
    const seed = await this.#seeds.ensureActive(session.playerRef);
    return {
      sessionToken: token,
      trial: true,
      gameCode: input.gameCode,
      gameType: game.gameType,
      currency: money.currency,
      currencySymbol: money.currencySymbol,
      balanceMinor: String(DEMO_BALANCE_MINOR),
      minBetMinor: String(game.minBetMinor),
      maxBetMinor: String(game.maxBetMinor),
      seed: seedStateOf(seed),
      language,
      autoplayAllowed: money.autoplayAllowed,
    };
  }

  async #openReal(token: string, launchToken: string): Promise<OriginalsSession> {
    // Launch tokens are printable ASCII (the protocol refuses anything else with a 400, which would read as
    // the wallet being down): any other string is simply no launch session.
    if (!/^[\x21-\x7e]+$/.test(launchToken)) throw new AppError('not_logged_in');
    const client = await this.#wallet();
    const auth = await this.#call(() => client.authenticate(launchToken));
    if (auth.status !== 'OK') {
      throw new AppError(auth.status === 'SESSION_EXPIRED' ? 'session_expired' : 'not_logged_in');
    }
    const game = gameOf(auth.gameCode);
    const real = {
      tokenHash: hashToken(token),
      playerRef: auth.playerId,
      walletSession: auth.sessionToken,
      gameCode: auth.gameCode,
      demoBalanceMinor: null,
      currency: auth.currency,
      language: auth.language,
      expiresAt: auth.sessionExpiresAt,
      ...this.#fishingSceneFor(game),
    };
    await this.#uow.run(({ inhouse }) => inhouse.createSession(real));
    const seed = await this.#seeds.ensureActive(auth.playerId);
    const { autoplayAllowed } = await this.#repository.defaultBrandMoney();
    return {
      sessionToken: token,
      trial: false,
      gameCode: auth.gameCode,
      gameType: game.gameType,
      currency: auth.currency,
      currencySymbol: auth.currencySymbol,
      balanceMinor: String(auth.balanceMinor),
      minBetMinor: String(game.minBetMinor),
      maxBetMinor: String(game.maxBetMinor),
      seed: seedStateOf(seed),
      language: auth.language,
      autoplayAllowed,
    };
  }

  /** A fishing title's session gets its own public scene seed; its scene time starts now. */
  #fishingSceneFor(game: InHouseGame): { fishingScene?: { seed: string; startedAt: Date } } {
    if (game.game !== 'fishing') return {};
    return { fishingScene: { seed: randomBytes(32).toString('hex'), startedAt: this.#clock.now() } };
  }

  /** The session a request's `X-Originals-Session` names; 401 when missing, unknown or expired. */
  async sessionOf(token: string | undefined): Promise<InhouseSession> {
    if (!token) throw new AppError('not_logged_in');
    const session = await this.#repository.sessionByTokenHash(hashToken(token));
    if (!session) throw new AppError('not_logged_in');
    if (session.expiresAt.getTime() <= this.#clock.now().getTime()) {
      throw new AppError('session_expired');
    }
    return session;
  }

  async balance(session: InhouseSession): Promise<{ balanceMinor: string }> {
    if (session.trial) return { balanceMinor: String(await this.#repository.demoBalance(session.id)) };
    // A win still owed is paid first, so the balance the player sees includes it when it can.
    await this.#settlePending(session.playerRef);
    return { balanceMinor: String(await this.#walletBalance(session)) };
  }

  async play(session: InhouseSession, request: PlayRoundRequest): Promise<PlayRound> {
    const replay = await this.#repository.roundByRequest(session.playerRef, request.requestId);
    if (replay) return this.#replay(session, replay);
    const game = gameOf(session.gameCode);
    if (request.freeRoundGrantId !== undefined) {
      // A free round plays the grant's fixed stake of a slot with the player's real wallet.
      if (session.trial || !this.#freeRounds || game.game !== 'slot' || request.bet.game !== 'slot') {
        throw new AppError('free_round_not_playable');
      }
      return this.#playFree(session, request, BigInt(request.freeRoundGrantId), this.#freeRounds);
    }
    // The bet is checked before any money moves; the draw waits until the debit went through.
    ruleChecked(() => validateBet(session.gameCode, request.bet));
    const settled = await this.playPlanned(session, this.#betPlan(session, request));
    if (settled.twin) return this.#replay(session, settled.twin);
    return this.#result(session, settled.id, settled.balanceMinor);
  }

  /** A bet round's plan: one nonce, the game's own draw. */
  #betPlan(session: InhouseSession, request: PlayRoundRequest): RoundPlan {
    return {
      requestId: request.requestId,
      stakeMinor: stakeOf(request.bet),
      nonces: 1,
      draw: (inputs) => {
        const outcome = ruleChecked(() => playRound(session.gameCode, request.bet, inputs, nodeHmac));
        return { outcome, payoutMinor: BigInt(outcome.totalPayMinor) };
      },
    };
  }

  /**
   * Plays a planned round with the session's money (trial or wallet): debit, draw on the locked seed,
   * credit. The fishing batches (fishing.service.ts) come through here too, so they inherit the wallet
   * protocol's player protection and the owed-credit handling of every studio round.
   */
  async playPlanned(session: InhouseSession, plan: RoundPlan): Promise<Settled> {
    if (session.trial) return this.#playTrial(session, plan);
    return this.#playReal(session, plan);
  }

  /** A stored round of the player by its request id (a replay's answer). */
  roundByRequest(session: InhouseSession, requestId: string): Promise<RoundRecord | undefined> {
    return this.#repository.roundByRequest(session.playerRef, requestId);
  }

  /** The balance a replayed round answers with (an owed credit paid first when it can be). */
  async balanceAfterReplay(session: InhouseSession, record: RoundRecord): Promise<bigint> {
    if (!session.trial && record.status === 'credit_pending') await this.#settlePending(session.playerRef);
    return session.trial ? this.#repository.demoBalance(session.id) : this.#walletBalance(session);
  }

  /** A round of the player, fresh (after its credit). */
  async storedRound(session: InhouseSession, id: bigint): Promise<RoundRecord> {
    const record = await this.#repository.roundOf(session.playerRef, id);
    if (!record) throw new Error(`round ${id} vanished`);
    return record;
  }

  async #replay(session: InhouseSession, record: RoundRecord): Promise<PlayRound> {
    if (!session.trial && record.status === 'credit_pending') await this.#settlePending(session.playerRef);
    const round = (await this.#repository.roundOf(session.playerRef, record.id)) ?? record;
    const balanceMinor = session.trial
      ? await this.#repository.demoBalance(session.id)
      : await this.#walletBalance(session);
    const seed = await this.#seeds.ensureActive(session.playerRef);
    return { round: roundOf(round), balanceMinor: String(balanceMinor), seed: seedStateOf(seed) };
  }

  /** The player's active seed, locked for the round: the rounds of one seed take its nonces in turn. */
  async #lockSeed(inhouse: InhouseVendorRepository<Tx>, playerRef: string): Promise<InhouseSeed> {
    const seed = await inhouse.lockActiveSeed(playerRef);
    if (!seed) throw new Error(`no active seed for ${playerRef}`);
    return seed;
  }

  /** Draws the round on the locked seed, stores it and moves the seed past the nonces it took. */
  async #draw(
    inhouse: InhouseVendorRepository<Tx>,
    seed: InhouseSeed,
    session: InhouseSession,
    plan: RoundPlan,
    round: { id: bigint; status: 'settled' | 'credit_pending' },
  ): Promise<bigint> {
    const { outcome, payoutMinor } = plan.draw(this.#inputsOf(seed));
    await inhouse.insertRound({
      id: round.id,
      playerRef: session.playerRef,
      sessionId: session.id,
      seedId: seed.id,
      nonce: seed.nextNonce,
      clientSeed: seed.clientSeed,
      requestId: plan.requestId,
      gameCode: session.gameCode,
      trial: session.trial,
      stakeMinor: plan.stakeMinor,
      payoutMinor,
      outcome,
      status: round.status,
    });
    await inhouse.bumpNonce(seed.id, plan.nonces);
    return payoutMinor;
  }

  /** The answer to a twin request (same requestId) that stored its round first, when that is what failed. */
  async #twinOf(session: InhouseSession, requestId: string, error: unknown): Promise<Settled | null> {
    if (!isUniqueViolation(error)) return null;
    const twin = await this.#repository.roundByRequest(session.playerRef, requestId);
    return twin ? { twin } : null;
  }

  /** Play money: one transaction, no wallet call. The seed lock orders the nonces as for real rounds. */
  async #playTrial(session: InhouseSession, plan: RoundPlan): Promise<Settled> {
    const id = await this.#repository.reserveRoundId();
    try {
      const balanceMinor = await this.#uow.run(async ({ inhouse }) => {
        const seed = await this.#lockSeed(inhouse, session.playerRef);
        const left = await inhouse.takeDemoStake(session.id, plan.stakeMinor);
        if (left === null) throw new AppError('insufficient_funds', { details: { balanceMinor: null } });
        const payoutMinor = await this.#draw(inhouse, seed, session, plan, { id, status: 'settled' });
        return inhouse.addDemoPayout(session.id, payoutMinor);
      });
      return { id, balanceMinor };
    } catch (error) {
      const twin = await this.#twinOf(session, plan.requestId, error);
      if (twin) return twin;
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        const balanceMinor = await this.#repository.demoBalance(session.id);
        throw new AppError('insufficient_funds', { details: { balanceMinor: String(balanceMinor) } });
      }
      throw error;
    }
  }

  async #playReal(session: InhouseSession, plan: RoundPlan): Promise<Settled> {
    const stillOwed = await this.#settlePending(session.playerRef);
    if (stillOwed > 0) throw new AppError('round_pending');
    const walletSession = this.#walletSessionOf(session);
    const client = await this.#wallet();
    const id = await this.#repository.reserveRoundId();
    // This request owns the round until its credit was tried: another request of the player (a second
    // tab) must not take it, once written as `credit_pending`, for a credit that failed.
    this.#crediting.add(id);
    try {
      return await this.#playReserved(session, plan, { id, walletSession, client, freeRound: false });
    } finally {
      this.#crediting.delete(id);
    }
  }

  /**
   * A free round (issue 19): the platform takes one round of the grant and funds its stake into the
   * player's wallet (one transaction, before any wallet call), then the round runs exactly like a paid one
   * at that stake. When this request ends up not playing it (debit refused, a twin request's round), the
   * round is given back and its funding reversed.
   */
  async #playFree(
    session: InhouseSession,
    request: PlayRoundRequest,
    grantId: bigint,
    freeRounds: FreeRoundFunding,
  ): Promise<PlayRound> {
    const stillOwed = await this.#settlePending(session.playerRef);
    if (stillOwed > 0) throw new AppError('round_pending');
    const walletSession = this.#walletSessionOf(session);
    const client = await this.#wallet();
    const id = await this.#repository.reserveRoundId();
    const roundRef = publicRoundId(id);
    const taken = await freeRounds.take({
      grantId,
      memberId: BigInt(session.playerRef),
      gameCode: session.gameCode,
      roundRef,
    });
    const bet = { game: 'slot', betMinor: String(taken.stakeMinor) } as const;
    this.#crediting.add(id);
    let settled: Settled;
    try {
      ruleChecked(() => validateBet(session.gameCode, bet));
      const plan = this.#betPlan(session, { ...request, bet });
      settled = await this.#playReserved(session, plan, { id, walletSession, client, freeRound: true });
    } catch (error) {
      await freeRounds.giveBack({ roundRef });
      throw error;
    } finally {
      this.#crediting.delete(id);
    }
    if (settled.twin) {
      await freeRounds.giveBack({ roundRef });
      return this.#replay(session, settled.twin);
    }
    const result = await this.#result(session, settled.id, settled.balanceMinor);
    return {
      ...result,
      freeRound: {
        grantId: String(grantId),
        n: taken.n,
        total: taken.total,
        roundsLeft: taken.roundsLeft,
        stakeMinor: String(taken.stakeMinor),
      },
    };
  }

  async #playReserved(
    session: InhouseSession,
    plan: RoundPlan,
    reserved: {
      id: bigint;
      walletSession: string;
      client: SeamlessWalletClient;
      /** Whether the round plays a free-round grant (its payout is then told to the free-round funding). */
      freeRound: boolean;
    },
  ): Promise<Settled> {
    const { id, walletSession, client, freeRound } = reserved;
    const { stakeMinor } = plan;
    const roundId = publicRoundId(id);
    const bet = {
      playerId: session.playerRef,
      sessionToken: walletSession,
      roundId,
      gameCode: session.gameCode,
    };
    let debit: WalletResult;
    try {
      debit = await client.debit({ ...bet, txnId: `${roundId}:bet`, amountMinor: stakeMinor });
    } catch (error) {
      // The debit may have landed before the connection broke: cancel it (a rollback that arrives first
      // makes the platform refuse the late debit), and store nothing.
      await this.#rollback(client, bet, error);
      throw new AppError('service_unavailable', { message: 'wallet debit failed', cause: error });
    }
    if (debit.status !== 'OK') throw refusalError(debit);

    let payoutMinor: bigint;
    try {
      payoutMinor = await this.#uow.run(async ({ inhouse }) => {
        const seed = await this.#lockSeed(inhouse, session.playerRef);
        // Owed until the credit below lands (a crash here leaves it to the next call to pay).
        return this.#draw(inhouse, seed, session, plan, { id, status: 'credit_pending' });
      });
    } catch (error) {
      // No round was written: give the stake back. A twin request with the same requestId that won the
      // race is answered with its round.
      await this.#rollback(client, bet, error);
      const twin = await this.#twinOf(session, plan.requestId, error);
      if (twin) return twin;
      throw error;
    }

    const credited = await this.#credit(
      client,
      {
        id,
        playerRef: session.playerRef,
        walletSession,
        gameCode: session.gameCode,
        payoutMinor,
        freeRound,
      },
      true,
    );
    return { id, balanceMinor: credited ?? debit.balanceMinor };
  }

  async #result(session: InhouseSession, id: bigint, balanceMinor: bigint): Promise<PlayRound> {
    const record = await this.#repository.roundOf(session.playerRef, id);
    if (!record) throw new Error(`round ${id} vanished`);
    const seed = await this.#seeds.ensureActive(session.playerRef);
    return { round: roundOf(record), balanceMinor: String(balanceMinor), seed: seedStateOf(seed) };
  }

  /**
   * Sends a round's payout (0 closes a lost round) with its fixed txn id, so a retry can never pay twice.
   * Returns the balance after it, or null when it did not land (the round stays `credit_pending`).
   */
  async #credit(
    client: SeamlessWalletClient,
    round: {
      id: bigint;
      playerRef: string;
      walletSession: string;
      gameCode: string;
      payoutMinor: bigint;
      /**
       * Whether it played a free-round grant; unknown (undefined) for an owed credit retried later, which
       * then asks the free-round funding (a no-op for a paid round). A paid round's credit asks nothing.
       */
      freeRound?: boolean;
    },
    /** True for the request that played the round (it already holds the round in `#crediting`). */
    owned = false,
  ): Promise<bigint | null> {
    if (!owned) {
      if (this.#crediting.has(round.id)) return null;
      this.#crediting.add(round.id);
    }
    try {
      const roundId = publicRoundId(round.id);
      const result = await client.credit({
        playerId: round.playerRef,
        sessionToken: round.walletSession,
        txnId: `${roundId}:win`,
        roundId,
        gameCode: round.gameCode,
        amountMinor: round.payoutMinor,
        roundClosed: true,
      });
      if (result.status !== 'OK') {
        // A refusal of a credit needs a person (it should never happen for a debited round): it stays
        // owed and is logged, rather than silently dropping the player's win.
        this.#log?.error({ roundId, status: result.status }, 'in-house credit refused');
        return null;
      }
      await this.#uow.run(({ inhouse }) => inhouse.markSettled(round.id));
      if (round.freeRound !== false) await this.#freeRoundSettled(roundId, round.payoutMinor);
      return result.balanceMinor;
    } catch (error) {
      this.#log?.warn({ err: error, round: String(round.id) }, 'in-house credit failed; retried later');
      return null;
    } finally {
      if (!owned) this.#crediting.delete(round.id);
    }
  }

  /** Tells the free-round funding a round's payout (a no-op for a round that was no free round). */
  async #freeRoundSettled(roundRef: string, payoutMinor: bigint): Promise<void> {
    if (!this.#freeRounds) return;
    try {
      await this.#freeRounds.settled({ roundRef, payoutMinor });
    } catch (error) {
      this.#log?.error({ err: error, roundRef }, 'free round winnings not recorded');
    }
  }

  /** Retries the player's owed credits once; how many are still owed (in flight elsewhere excluded). */
  async #settlePending(playerRef: string): Promise<number> {
    const pending = await this.#repository.pendingCredits(playerRef);
    const owed = pending.filter((round) => !this.#crediting.has(round.id));
    if (owed.length === 0) return 0;
    const client = await this.#wallet();
    let stillOwed = 0;
    for (const round of owed) {
      const landed = await this.#credit(client, {
        id: round.id,
        playerRef,
        walletSession: round.wallet_session ?? '',
        gameCode: round.game_code,
        payoutMinor: round.payout_minor,
      });
      if (landed === null) stillOwed += 1;
    }
    return stillOwed;
  }

  async #rollback(
    client: SeamlessWalletClient,
    bet: { playerId: string; sessionToken: string; roundId: string; gameCode: string },
    cause: unknown,
  ): Promise<void> {
    try {
      const result = await client.rollback({
        ...bet,
        txnId: `${bet.roundId}:rollback`,
        targetTxnId: `${bet.roundId}:bet`,
      });
      if (result.status !== 'OK') {
        this.#log?.error({ roundId: bet.roundId, status: result.status, cause }, 'in-house rollback refused');
      }
    } catch (error) {
      this.#log?.error({ err: error, roundId: bet.roundId, cause }, 'in-house rollback failed');
    }
  }

  async #walletBalance(session: InhouseSession): Promise<bigint> {
    const client = await this.#wallet();
    const result = await this.#call(() =>
      client.balance({ playerId: session.playerRef, sessionToken: this.#walletSessionOf(session) }),
    );
    if (result.status !== 'OK') throw refusalError(result);
    return result.balanceMinor;
  }

  #walletSessionOf(session: InhouseSession): string {
    if (!session.walletSession) throw new Error(`session ${session.id} has no wallet session`);
    return session.walletSession;
  }

  /** A wallet call whose transport failed is the platform being unreachable, not a server bug. */
  async #call<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new AppError('service_unavailable', { message: 'wallet call failed', cause: error });
    }
  }

  #inputsOf(seed: InhouseSeed): FairInputs {
    return { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nextNonce };
  }

  async rotate(session: InhouseSession, clientSeed?: string): Promise<RotateSeed> {
    return this.#seeds.rotate(session.playerRef, clientSeed);
  }

  async seed(session: InhouseSession) {
    return seedStateOf(await this.#seeds.ensureActive(session.playerRef));
  }

  async rounds(
    session: InhouseSession,
    query: { pageNo: number; pageSize: number; gameCode?: string | undefined },
  ): Promise<Rounds> {
    const { rows, total } = await this.#repository.roundsOf(session.playerRef, {
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
      gameCode: query.gameCode,
    });
    return {
      list: rows.map(roundOf),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }

  async round(session: InhouseSession, roundId: string): Promise<{ round: Round }> {
    const id = parseRoundId(roundId);
    const record = id === null ? undefined : await this.#repository.roundOf(session.playerRef, id);
    if (!record) throw new AppError('not_found');
    return { round: roundOf(record) };
  }
}

import { createHmac } from 'node:crypto';
import { isUniqueViolation } from '../../db/errors.ts';
import type { CreditKind, VendorTxnKind } from '../../db/tables/games.ts';
import { type Db, type Tx, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ProcessCache } from '../../lib/process-cache.ts';
import { requestHashOf, sha256Hex } from '../../lib/request-hash.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { ledgerIn, type PreparedEntry, preparePost } from '../ledger/ledger.ts';
import { protectionIn } from '../player-protection/activity-api.ts';
import type { AuthenticateResult, WalletRefusal, WalletResult } from './protocol-types.ts';
import {
  type AuthenticateRequest,
  type BalanceRequest,
  type CreditRequest,
  type DebitRequest,
  type ProtocolCall,
  REQUEST_SCHEMAS,
  type RollbackRequest,
} from './protocol-wire.ts';
import { roundDecision } from './round-state.ts';
import { isFresh, verifySignature } from './signature.ts';
import {
  type CallState,
  type CallTxn,
  type LaunchSession,
  type NewVendorTransaction,
  type PlayerProfile,
  type ProtocolGame,
  type ProtocolVendor,
  type RoundChange,
  type SessionView,
  VendorProtocolRepository,
} from './vendor-protocol.repository.ts';

/**
 * The platform side of the seamless-wallet protocol (docs/vendor-protocol.md; ARCHITECTURE §4–5).
 *
 * - Every call is signed by the vendor over the raw body; the signature both authenticates the vendor and
 *   picks which brand's vendor row it is (a vendor code is unique per brand only).
 * - Money calls are idempotent by (vendor, txn id): the vendor_transactions row, the journal entry and the
 *   round update commit in one transaction, and a repeat replays the stored answer.
 * - Calls about one txn id (a debit, its repeats, the rollbacks that target it) are serialised by an
 *   advisory lock on that id, which is what makes "rollback before debit" safe under concurrency.
 * - Calls about one round are serialised by a second advisory lock, always taken after the txn-id lock, and
 *   decide what they may do from the round's state by round-state.ts (open → settled, open → rolled back;
 *   a credit needs a standing debit, a debit rolls back only while its round has no credit); the round
 *   update is guarded on that state, and migration 0013's triggers refuse anything else.
 * - Overdraw is impossible because the ledger's conditional balance update refuses it.
 */

export type SignedRequest = {
  vendorCode: string | undefined;
  signature: string | undefined;
  rawBody: Uint8Array;
};

export type WinRecorder = (
  brandId: bigint,
  win: {
    account: string;
    gameName: string;
    vendor: string;
    amountMinor: bigint;
    currencySymbol: string;
    wonAt: Date;
    gameCategory: string;
  },
) => Promise<void>;

type Logger = { warn(object: unknown, message: string): void };

/** A vendor transaction row before its outcome (status, entry, answer) is known. */
type TxnRow = Omit<NewVendorTransaction, 'status' | 'entryId' | 'response'>;

type StoredAnswer = { status: WalletResult['status']; balanceMinor: string | null };

/**
 * Thrown inside a debit's transaction when what it was decided on moved before its posting — the balance
 * it read was spent by another bet, or other bets committed since took the loss/wager allowance it read
 * (vendor_call_apply's guard): the transaction rolls back and the debit is decided again on a fresh read
 * (at most DECIDE_ATTEMPTS times; after that the vendor gets an HTTP error and retries with the same txn id).
 */
class DecidedOnStaleRead extends Error {
  constructor(what: 'funds' | 'limits') {
    super(`the ${what} changed under a debit`);
  }
}
const DECIDE_ATTEMPTS = 5;

/** A dummy key, so that an unknown vendor code costs the same HMAC as a known one. */
const DUMMY_SECRET = 'vendor-protocol:no-such-vendor:0000000000000000';

/** The ledger idempotency key of the entry a vendor transaction makes (≤ 128 characters for any txn id). */
function ledgerKey(vendorId: bigint, txnId: string): string {
  return `vendor:${vendorId}:${sha256Hex(txnId)}`;
}

/** What identifies a call's content: a repeat must match it, or it is a TXN_CONFLICT. */
function requestHash(
  kind: VendorTxnKind,
  input: { playerId: string; roundId: string; gameCode: string },
  fields: Record<string, string | boolean | null>,
): string {
  const { playerId, roundId, gameCode } = input;
  // Keys in written order: the stored hashes were made that way (lib/request-hash.ts).
  return requestHashOf({ kind, playerId, roundId, gameCode, ...fields }, 'as-written');
}

/** What a money call's transaction works on: the protocol's rows and the ledger. */
function callRepositories(trx: Tx) {
  return { txns: new VendorProtocolRepository(trx), ledger: ledgerIn(trx), protection: protectionIn(trx) };
}

type CallRepositories = ReturnType<typeof callRepositories>;

/** The row of a money call of the player, at the vendor, before its outcome is known. */
function txnRow(
  kind: VendorTxnKind,
  { player, vendor }: { player: PlayerProfile; vendor: ProtocolVendor },
  input: { txnId: string; roundId: string },
  fields: Pick<TxnRow, 'gameId' | 'amountMinor' | 'targetTxnId' | 'requestHash'> & {
    creditKind?: CreditKind;
  },
): TxnRow {
  const { creditKind, ...rest } = fields;
  return {
    vendorId: vendor.id,
    txnId: input.txnId,
    brandId: player.brandId,
    memberId: player.memberId,
    kind,
    roundId: input.roundId,
    creditKind: creditKind ?? null,
    ...rest,
  };
}

function refusal(status: WalletRefusal['status'], balanceMinor: bigint | null): WalletRefusal {
  return { status, balanceMinor };
}

function ok(platformTxnId: bigint, balanceMinor: bigint): WalletResult {
  return { status: 'OK', balanceMinor, platformTxnId: platformTxnId.toString(), replayed: false };
}

function nameOf(names: Record<string, string>, fallback: string): string {
  return names.EN ?? Object.values(names)[0] ?? fallback;
}

export class VendorProtocolService {
  readonly #repository: VendorProtocolRepository<Db>;
  readonly #vendors: ProcessCache<ProtocolVendor[]>;
  readonly #ledger: LedgerService;
  readonly #clock: Clock;
  readonly #recordWin: WinRecorder;
  readonly #log: Logger;

  constructor(deps: {
    /** The vendor rows of each code, cached per process (vendor-protocol-module.ts). */
    vendors: ProcessCache<ProtocolVendor[]>;
    repository: VendorProtocolRepository<Db>;
    ledger: LedgerService;
    clock: Clock;
    recordWin: WinRecorder;
    log: Logger;
  }) {
    this.#repository = deps.repository;
    this.#vendors = deps.vendors;
    this.#ledger = deps.ledger;
    this.#clock = deps.clock;
    this.#recordWin = deps.recordWin;
    this.#log = deps.log;
  }

  /**
   * Checks a call's signature, shape and freshness and answers it. Throws `vendor_signature_invalid`
   * (unknown vendor, missing or wrong signature: never which), `invalid_json` / `invalid_request` (400),
   * `vendor_request_stale`.
   */
  async handle(call: ProtocolCall, request: SignedRequest): Promise<WalletResult | AuthenticateResult> {
    const vendors = await this.#signedBy(request);
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(request.rawBody).toString('utf8'));
    } catch {
      throw new AppError('invalid_json');
    }
    const parsed = REQUEST_SCHEMAS[call].safeParse(json);
    if (!parsed.success) {
      throw new AppError('invalid_request', {
        details: {
          issues: parsed.error.issues.map((issue) => ({
            path: `body.${issue.path.join('.')}`,
            code: issue.code,
          })),
        },
      });
    }
    if (!isFresh(parsed.data.timestamp, this.#clock.now())) throw new AppError('vendor_request_stale');
    switch (call) {
      case 'authenticate':
        return this.authenticate(vendors, parsed.data as AuthenticateRequest);
      case 'balance':
        return this.balance(vendors, parsed.data as BalanceRequest);
      case 'debit':
        return this.debit(vendors, parsed.data as DebitRequest);
      case 'credit':
        return this.credit(vendors, parsed.data as CreditRequest);
      case 'rollback':
        return this.rollback(vendors, parsed.data as RollbackRequest);
    }
  }

  /** The vendor rows (one per brand) whose secret verifies the signature; refuses when there is none. */
  async #signedBy(request: SignedRequest): Promise<ProtocolVendor[]> {
    const code = request.vendorCode?.trim() ?? '';
    const candidates = /^[A-Z][A-Z0-9_]{0,39}$/.test(code)
      ? ((await this.#vendors.read(code, () => this.#repository.vendorsByCode(code))) ?? [])
      : [];
    if (candidates.length === 0) {
      createHmac('sha256', DUMMY_SECRET).update(request.rawBody).digest();
      throw new AppError('vendor_signature_invalid');
    }
    const matched = candidates.filter((vendor) =>
      verifySignature(vendor.secret, request.rawBody, request.signature),
    );
    if (matched.length === 0) throw new AppError('vendor_signature_invalid');
    return matched;
  }

  async authenticate(vendors: ProtocolVendor[], input: AuthenticateRequest): Promise<AuthenticateResult> {
    const session = await this.#repository.sessionByTokenHash(sha256Hex(input.launchToken));
    const vendor = session && vendors.find((candidate) => candidate.id === session.vendorId);
    if (!session || !vendor) return { status: 'PLAYER_NOT_FOUND', balanceMinor: null };
    if (session.expiresAt.getTime() <= this.#clock.now().getTime()) {
      return { status: 'SESSION_EXPIRED', balanceMinor: null };
    }
    const player = await this.#repository.player(session.memberId);
    if (!player?.active) return { status: 'PLAYER_NOT_FOUND', balanceMinor: null };
    const game = await this.#repository.gameById(session.gameId);
    const balance = await this.#ledger.balanceOf(player.memberId);
    return {
      status: 'OK',
      playerId: player.memberId.toString(),
      sessionToken: input.launchToken,
      sessionExpiresAt: session.expiresAt,
      currency: balance.currency,
      currencySymbol: player.currencySymbol,
      balanceMinor: balance.availableMinor,
      gameCode: game?.gameCode ?? '',
      language: player.language,
      nickname: player.nickname ?? player.username,
    };
  }

  async balance(vendors: ProtocolVendor[], input: BalanceRequest): Promise<WalletResult> {
    const found = await this.#playerAndVendor(this.#repository, vendors, input.playerId);
    if (!found) return refusal('PLAYER_NOT_FOUND', null);
    const balance = await this.#available(found.player.memberId);
    const session = await this.#session(this.#repository, found.vendor, found.player, input.sessionToken);
    if (!session || !this.#live(session)) return refusal('SESSION_EXPIRED', balance);
    return { status: 'OK', balanceMinor: balance, platformTxnId: '', replayed: false };
  }

  async debit(vendors: ProtocolVendor[], input: DebitRequest): Promise<WalletResult> {
    const found = await this.#playerAndVendor(this.#repository, vendors, input.playerId);
    if (!found) return refusal('PLAYER_NOT_FOUND', null);
    const { player, vendor } = found;
    const amountMinor = BigInt(input.amountMinor);
    const hash = requestHash('debit', input, { amountMinor: input.amountMinor });
    const rowOf = (game: ProtocolGame | undefined) =>
      txnRow('debit', found, input, {
        gameId: game?.id ?? null,
        amountMinor,
        targetTxnId: null,
        requestHash: hash,
      });

    // The funds are checked on the balance read in the call's own transaction, so a refusal is decided and
    // recorded together with every other rule of the call (as if the calls of a player ran one at a time).
    // The ledger's conditional update stays the guard against overdraw: when a bet of another round took
    // the money between that read and the posting, the transaction rolls back and the call is decided
    // again on the new balance.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#retryOnTxnCollision(() =>
          transact(this.#repository.database, callRepositories, async (repos) => {
            const now = this.#clock.now();
            const state = await repos.txns.beginCall({
              ...this.#callOf(vendor, player, input, now, true),
              lockTxnId: input.txnId,
              targetTxnId: null,
              rollbackOfTxnId: input.txnId,
            });
            const balance = state.wallet.availableMinor;
            if (state.existing) return this.#replay(state.existing, 'debit', hash, player.memberId, balance);
            const row = rowOf(state.game);
            const refuse = (status: WalletRefusal['status']) => this.#refuse(repos, row, status, balance);
            // A rollback got here first: this debit is cancelled before it happened and moves no money.
            if (state.rolledBackFirst) return refuse('TXN_ROLLED_BACK');
            const session = this.#sessionOf(state, vendor, player);
            if (!player.active) return refuse('PLAYER_NOT_FOUND');
            if (!session || !this.#live(session)) return refuse('SESSION_EXPIRED');
            // The login session the game was launched from (player protection, docs/player-protection.md):
            // its time limit or its end stops play; a reality check that is due pauses it until the player
            // acknowledges it (a new bet then goes through: the refusal is final for this txn id only).
            const login = state.loginSession;
            if (login && (login.revoked || (login.playEndsAt !== null && login.playEndsAt <= now)))
              return refuse('SESSION_EXPIRED');
            if (login?.realityCheckAt && login.realityCheckAt <= now) return refuse('PLAY_PAUSED');
            const decision = roundDecision(state.round, player.memberId, { call: 'debit' });
            if ('refuse' in decision) return refuse(decision.refuse);
            // Before the funds: a player at a limit is told so, not asked to deposit.
            const headroom = state.headroomMinor;
            if (headroom !== null && amountMinor > headroom) return refuse('LIMIT_REACHED');
            if (amountMinor > balance) return refuse('INSUFFICIENT_FUNDS');
            return this.#applied(
              repos,
              row,
              { stakeDeltaMinor: amountMinor, payoutDeltaMinor: 0n, event: 'debit', now },
              this.#entry(player, vendor, input, state.wallet.accountId, 'bet', amountMinor),
              // A limit was in force: vendor_call_apply re-checks it under the member's lock.
              headroom !== null,
            );
          }),
        );
      } catch (error) {
        if (!(error instanceof DecidedOnStaleRead) || attempt >= DECIDE_ATTEMPTS) throw error;
      }
    }
  }

  async credit(vendors: ProtocolVendor[], input: CreditRequest): Promise<WalletResult> {
    const found = await this.#playerAndVendor(this.#repository, vendors, input.playerId);
    if (!found) return refusal('PLAYER_NOT_FOUND', null);
    const { player, vendor } = found;
    const amountMinor = BigInt(input.amountMinor);
    const creditKind: CreditKind = input.kind ?? 'win';
    // Paid by the brand's bonus account rather than won with a stake of the player's.
    const funded = creditKind !== 'win';
    const hash = requestHash('credit', input, {
      amountMinor: input.amountMinor,
      roundClosed: input.roundClosed,
      // Only when set, so a win's content (and every credit stored before issue 14) hashes as it did.
      ...(funded ? { kind: creditKind } : {}),
    });
    let won: ProtocolGame | null | undefined;
    const result = await this.#retryOnTxnCollision(() =>
      transact(this.#repository.database, callRepositories, async (repos): Promise<WalletResult> => {
        won = undefined;
        const now = this.#clock.now();
        const state = await repos.txns.beginCall({
          ...this.#callOf(vendor, player, input, now, false),
          lockTxnId: input.txnId,
          targetTxnId: null,
          rollbackOfTxnId: null,
        });
        const balance = state.wallet.availableMinor;
        if (state.existing) return this.#replay(state.existing, 'credit', hash, player.memberId, balance);
        // A credit is owed money: it lands after the session expired, but only for a session that existed.
        const session = this.#sessionOf(state, vendor, player);
        if (!session) return refusal('PLAYER_NOT_FOUND', null);
        const game = state.game;
        const base = txnRow('credit', found, input, {
          gameId: game?.id ?? null,
          amountMinor,
          targetTxnId: null,
          requestHash: hash,
          creditKind,
        });
        const decision = roundDecision(state.round, player.memberId, {
          call: 'credit',
          close: input.roundClosed,
          funded,
        });
        if ('refuse' in decision) return this.#refuse(repos, base, decision.refuse, balance);
        // A free round that opens a round is new play: it needs a live session, as a debit does.
        if (!state.round && !this.#live(session))
          return this.#refuse(repos, base, 'SESSION_EXPIRED', balance);
        const answer = await this.#applied(
          repos,
          base,
          { stakeDeltaMinor: 0n, payoutDeltaMinor: amountMinor, event: decision.event, now },
          amountMinor > 0n
            ? this.#entry(
                player,
                vendor,
                input,
                state.wallet.accountId,
                funded ? 'bonus' : 'payout',
                amountMinor,
              )
            : null,
          false,
        );
        // Only a win of a stake is news for the public board; a free round or bonus is the brand's gift.
        won = amountMinor > 0n && !funded ? (game ?? null) : undefined;
        return answer;
      }),
    );
    // The winner board is a public feed, not money: it is written after the commit and a failure there
    // never turns a landed credit into an error the vendor would retry.
    if (won !== undefined && result.status === 'OK' && !result.replayed) {
      await this.#recordWin(player.brandId, {
        account: player.username,
        gameName: won ? nameOf(won.names, won.gameCode) : input.gameCode,
        vendor: nameOf(vendor.names, vendor.code),
        amountMinor,
        currencySymbol: player.currencySymbol,
        wonAt: this.#clock.now(),
        gameCategory: won?.gameType ?? 'ALL',
      }).catch((error: unknown) => this.#log.warn({ err: error }, 'recording a win for the board failed'));
    }
    return result;
  }

  async rollback(vendors: ProtocolVendor[], input: RollbackRequest): Promise<WalletResult> {
    const found = await this.#playerAndVendor(this.#repository, vendors, input.playerId);
    if (!found) return refusal('PLAYER_NOT_FOUND', null);
    const { player, vendor } = found;
    const hash = requestHash('rollback', input, { targetTxnId: input.targetTxnId });
    return this.#retryOnTxnCollision(() =>
      transact(this.#repository.database, callRepositories, async (repos): Promise<WalletResult> => {
        // Locked on the debit's id: the debit and every rollback of it take turns; then on the round.
        const now = this.#clock.now();
        const state = await repos.txns.beginCall({
          ...this.#callOf(vendor, player, input, now, false),
          lockTxnId: input.targetTxnId,
          targetTxnId: input.targetTxnId,
          rollbackOfTxnId: null,
        });
        const balance = state.wallet.availableMinor;
        if (state.existing) return this.#replay(state.existing, 'rollback', hash, player.memberId, balance);
        if (!this.#sessionOf(state, vendor, player)) return refusal('PLAYER_NOT_FOUND', null);
        const { target, game } = state;
        if (
          target &&
          (target.kind !== 'debit' ||
            target.member_id !== player.memberId ||
            target.round_id !== input.roundId)
        ) {
          return refusal('TXN_CONFLICT', balance);
        }
        const rowOf = (amountMinor: bigint) =>
          txnRow('rollback', found, input, {
            gameId: game?.id ?? null,
            amountMinor,
            targetTxnId: input.targetTxnId,
            requestHash: hash,
          });
        let entryId: bigint | null = null;
        if (target?.status === 'applied' && target.entry_id !== null) {
          const decision = roundDecision(state.round, player.memberId, {
            call: 'rollback',
            amountMinor: target.amount_minor,
          });
          // The round has a credit or is closed: its outcome stands, and so does this debit.
          if ('refuse' in decision) return this.#refuse(repos, rowOf(0n), decision.refuse, balance);
          const reversal = await repos.ledger.reverse({
            brandId: player.brandId,
            entryId: target.entry_id,
            idempotencyKey: ledgerKey(vendor.id, input.txnId),
            memo: `${vendor.code} rollback of ${input.targetTxnId}`.slice(0, 500),
            createdBy: `vendor:${vendor.code}`,
          });
          entryId = reversal.entryId;
          // The debit first: the database lets it roll back only while its round is still open.
          await repos.txns.markRolledBack(target.id);
          await repos.txns.rollBackRoundStake(
            { vendorId: vendor.id, roundId: input.roundId, memberId: player.memberId },
            target.amount_minor,
            decision.event,
          );
          // The stake comes off the player's activity on the day of the rollback (period sums stay right,
          // and the loss and wager limits give the allowance back); a round rolled back is no round played.
          await repos.protection.record(player.memberId, now, {
            stakedMinor: -target.amount_minor,
            rounds: decision.event === 'rollback_last' ? -1 : 0,
          });
        }
        // Otherwise nothing to move: the debit was refused, already rolled back, or has not arrived yet
        // ('rollback_first': the debit will be refused when it comes).
        // The reversal moved the balance: the answer carries the one it left.
        const after = entryId === null ? balance : await this.#available(player.memberId, repos);
        const id = await this.#record(
          repos,
          rowOf(entryId === null ? 0n : (target?.amount_minor ?? 0n)),
          target ? 'applied' : 'rollback_first',
          entryId,
          'OK',
          after,
        );
        return ok(id, after);
      }),
    );
  }

  /**
   * The entry of an applied call: a debit's stake to the house ('bet'), a win to the player ('payout'), or
   * a free round / bonus credit from the brand's bonus account to the player ('bonus', as the reward centre
   * pays). Checked and hashed by the ledger (`preparePost`); posted by `vendor_call_apply`.
   */
  #entry(
    player: PlayerProfile,
    vendor: ProtocolVendor,
    input: { txnId: string; roundId: string },
    walletAccountId: bigint,
    kind: 'bet' | 'payout' | 'bonus',
    amountMinor: bigint,
  ): PreparedEntry {
    const system = { system: kind === 'bonus' ? 'bonus' : 'house' } as const;
    const wallet = { accountId: walletAccountId };
    const [from, to] = kind === 'bet' ? [wallet, system] : [system, wallet];
    return preparePost({
      brandId: player.brandId,
      idempotencyKey: ledgerKey(vendor.id, input.txnId),
      kind,
      memo: `${vendor.code} round ${input.roundId}`.slice(0, 500),
      createdBy: `vendor:${vendor.code}`,
      postings: [
        { ...from, amountMinor: -amountMinor },
        { ...to, amountMinor },
      ],
    });
  }

  /** Stores a call's row with its answer (`balance`: the one the call left), which a repeat replays. */
  async #record(
    repos: CallRepositories,
    row: TxnRow,
    status: NewVendorTransaction['status'],
    entryId: bigint | null,
    answer: WalletResult['status'],
    balance: bigint,
  ): Promise<bigint> {
    return repos.txns.insertTxn({
      ...row,
      status,
      entryId,
      response: { status: answer, balanceMinor: balance.toString() } satisfies StoredAnswer,
    });
  }

  /** Records a refused debit or credit: final for its txn id, and it moves no money. */
  async #refuse(
    repos: CallRepositories,
    row: TxnRow,
    status: WalletRefusal['status'],
    balance: bigint,
  ): Promise<WalletRefusal> {
    await this.#record(repos, row, 'refused', null, status, balance);
    return refusal(status, balance);
  }

  /**
   * Records an applied debit or credit, adds it to its round and moves its money (`entry`, none for a zero
   * credit), in one statement (`applyCall`). A ledger refusal rolls the call back: `insufficient_funds`
   * means another bet spent the balance this call was decided on, `limit_reached` that other bets took the
   * limit's allowance it was decided on (DecidedOnStaleRead: decided again).
   */
  async #applied(
    repos: CallRepositories,
    row: TxnRow,
    change: Pick<RoundChange, 'stakeDeltaMinor' | 'payoutDeltaMinor' | 'event' | 'now'>,
    entry: PreparedEntry | null,
    limited: boolean,
  ): Promise<WalletResult> {
    const { targetTxnId: _none, ...applied } = row;
    const result = await repos.txns.applyCall(applied, change, entry, limited);
    if (result.outcome === 'insufficient_funds') throw new DecidedOnStaleRead('funds');
    if (result.outcome === 'limit_reached') throw new DecidedOnStaleRead('limits');
    if (result.outcome !== 'posted') throw new Error(`the ledger refused a vendor entry: ${result.outcome}`);
    if (entry)
      repos.ledger.announceMoved(
        entry.postings.flatMap((posting) => ('accountId' in posting ? [posting.accountId] : [])),
      );
    return ok(result.id, result.balanceMinor);
  }

  /** Answers a repeat: the stored answer when the content matches, TXN_CONFLICT when it does not. */
  async #replay(
    existing: CallTxn,
    kind: VendorTxnKind,
    hash: string,
    memberId: bigint,
    balance: bigint,
  ): Promise<WalletResult> {
    if (existing.kind !== kind || existing.request_hash !== hash || existing.member_id !== memberId) {
      return refusal('TXN_CONFLICT', balance);
    }
    const stored = existing.response as StoredAnswer | null;
    if (stored?.status === 'OK' && stored.balanceMinor !== null) {
      return {
        status: 'OK',
        balanceMinor: BigInt(stored.balanceMinor),
        platformTxnId: existing.id.toString(),
        replayed: true,
      };
    }
    // A refusal is final for its txn id; its balance is the current one (INSUFFICIENT_FUNDS must carry it).
    const status = (stored?.status ?? 'TXN_CONFLICT') as WalletRefusal['status'];
    return refusal(status, balance);
  }

  /** The member named by `playerId` and the signing vendor row of the member's brand. */
  async #playerAndVendor(
    repository: VendorProtocolRepository,
    vendors: ProtocolVendor[],
    playerId: string,
  ): Promise<{ player: PlayerProfile; vendor: ProtocolVendor } | null> {
    const player = await repository.player(BigInt(playerId));
    const vendor = player && vendors.find((candidate) => candidate.brandId === player.brandId);
    return player && vendor ? { player, vendor } : null;
  }

  /** The launch session of `sessionToken` if it belongs to this player and vendor (expired or not). */
  async #session(
    repository: VendorProtocolRepository,
    vendor: ProtocolVendor,
    player: PlayerProfile,
    sessionToken: string,
  ): Promise<LaunchSession | null> {
    const session = await repository.sessionByTokenHash(sha256Hex(sessionToken));
    if (!session || session.vendorId !== vendor.id || session.memberId !== player.memberId) return null;
    return session;
  }

  /** The call's launch session (read by beginCall) if it belongs to this player and vendor, expired or not. */
  #sessionOf(state: CallState, vendor: ProtocolVendor, player: PlayerProfile): SessionView | null {
    const { session } = state;
    if (!session || session.vendorId !== vendor.id || session.memberId !== player.memberId) return null;
    return session;
  }

  /** What every money call reads under its locks, from its request. */
  #callOf(
    vendor: ProtocolVendor,
    player: PlayerProfile,
    input: { txnId: string; roundId: string; sessionToken: string; gameCode: string },
    now: Date,
    debit: boolean,
  ) {
    return {
      now,
      debit,
      vendorId: vendor.id,
      roundId: input.roundId,
      txnId: input.txnId,
      tokenHash: sha256Hex(input.sessionToken),
      memberId: player.memberId,
      gameCode: input.gameCode,
    };
  }

  #live(session: SessionView): boolean {
    return session.expiresAt.getTime() > this.#clock.now().getTime();
  }

  /** The available balance, read in the call's transaction when there is one. */
  async #available(memberId: bigint, repos?: CallRepositories): Promise<bigint> {
    const balance = repos ? await repos.ledger.balanceOf(memberId) : await this.#ledger.balanceOf(memberId);
    return balance.availableMinor;
  }

  /**
   * Two calls that reuse one txn id under different locks (a debit and a rollback both named `X`) can race
   * to insert it; the loser's transaction is aborted, and running it again answers from the winner's row.
   */
  async #retryOnTxnCollision<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error, 'vendor_transactions_vendor_id_txn_id_key')) throw error;
      return work();
    }
  }
}

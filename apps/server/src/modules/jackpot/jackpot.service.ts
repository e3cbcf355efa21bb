import { jackpotDraw } from '@lotus/games/jackpot';
import type {
  CreateJackpotInput,
  JackpotView,
  OperatorJackpot,
  UpdateJackpotInput,
} from '@lotus/shared/jackpot.schema';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Db, type Tx, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { nodeHmac } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { RoundSeeds } from '../inhouse-vendor/round-seeds.ts';
import { ledgerIn } from '../ledger/ledger.ts';
import type { WinRecorder } from '../vendor-protocol/vendor-protocol.service.ts';
import { type JackpotRecord, JackpotRepository, type JackpotRow } from './jackpot.repository.ts';

/** The recurring job that posts the contributions and pays the wins (docs/jobs.md). */
export const POST_JOB = 'jackpot.post';
export const POST_EVERY_MS = 2_000;
/** Contributions one run posts per jackpot; the rest wait for the next run (2 s later). */
export const BATCH_LIMIT = 5_000;

/** A win for the public winner board (content module), written after the commit. */
export type JackpotWinNews = {
  brandId: bigint;
  memberId: bigint;
  jackpotName: string;
  amountMinor: bigint;
  wonAt: Date;
};

export type JackpotDeps = {
  db: Db;
  /** The studio's rounds' committed seeds on a transaction (inhouse-vendor round-seeds.ts). */
  roundSeedsIn: (trx: Tx) => RoundSeeds;
  /** The home winner board (content.api.recordWin), after the commit; a failure there is only logged. */
  recordWin?: WinRecorder;
  log?: FastifyBaseLogger;
};

function viewOf(record: JackpotRecord): JackpotView {
  return {
    code: record.code,
    nameEn: record.name_en,
    nameHi: record.name_hi,
    potMinor: String(record.balance_minor + record.unposted_minor),
    currency: record.currency,
    contributionBps: record.contribution_bps,
    oneInMinor: String(record.one_in_minor),
    games: record.games,
  };
}

/**
 * Progressive jackpots (issue 19; docs/jackpot.md). Rounds contribute through the trigger of migration 0032
 * (one row per settled round of a covered game, in the settling transaction); `postPending` — the job
 * `jackpot.post`, every 2 s — posts them as one `jackpot_contribution` entry per batch (house → pot), draws
 * each round's jackpot from its committed seed, and pays a win (pot → the winner's main wallet,
 * `jackpot_win`) before reseeding the pot from the house. Every entry's key names what it pays, so a re-run
 * pays nothing twice, and one run holds the jackpot's lock, so two runs never interleave.
 */
export class JackpotService {
  readonly #db: Db;
  readonly #repository: JackpotRepository<Db>;
  readonly #roundSeedsIn: (trx: Tx) => RoundSeeds;
  readonly #recordWin: JackpotDeps['recordWin'];
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: JackpotDeps) {
    this.#db = deps.db;
    this.#repository = new JackpotRepository(deps.db);
    this.#roundSeedsIn = deps.roundSeedsIn;
    this.#recordWin = deps.recordWin;
    this.#log = deps.log;
  }

  /** The brand's active jackpots with their pots as shown (public). */
  async list(brandId: bigint): Promise<JackpotView[]> {
    return (await this.#repository.list(brandId, true)).map(viewOf);
  }

  async operatorList(brandId: bigint): Promise<OperatorJackpot[]> {
    const records = await this.#repository.list(brandId, false);
    return Promise.all(records.map((record) => this.#operatorView(record)));
  }

  async operatorGet(brandId: bigint, code: string): Promise<OperatorJackpot> {
    const record = await this.#repository.byCode(brandId, code);
    if (!record) throw new AppError('jackpot_not_found');
    return this.#operatorView(record);
  }

  async wins(brandId: bigint, code: string, limit = 50) {
    const record = await this.#repository.byCode(brandId, code);
    if (!record) throw new AppError('jackpot_not_found');
    const rows = await this.#repository.wins(record.id, limit);
    return rows.map((row) => ({
      id: String(row.id),
      memberId: String(row.member_id),
      roundId: row.round_id,
      amountMinor: String(row.amount_minor),
      winEntryId: row.win_entry_id === null ? null : String(row.win_entry_id),
      wonAt: row.created_at.toISOString(),
    }));
  }

  /** The latest contributions (newest first), posted or not, with their draws once posted. */
  async contributions(brandId: bigint, code: string, limit = 50) {
    const record = await this.#repository.byCode(brandId, code);
    if (!record) throw new AppError('jackpot_not_found');
    const rows = await this.#repository.contributions(record.id, limit);
    return rows.map((row) => ({
      id: String(row.id),
      memberId: String(row.member_id),
      roundId: row.round_id,
      stakeMinor: String(row.stake_minor),
      amountMinor: String(row.amount_minor),
      oneInMinor: String(row.one_in_minor),
      settledAt: row.created_at.toISOString(),
      postedAt: row.posted_at?.toISOString() ?? null,
      entryId: row.entry_id === null ? null : String(row.entry_id),
      won: row.won,
    }));
  }

  async #operatorView(record: JackpotRecord): Promise<OperatorJackpot> {
    const totals = await this.#repository.totals(record.id);
    return {
      ...viewOf(record),
      id: String(record.id),
      active: record.active,
      seedMinor: String(record.seed_minor),
      balanceMinor: String(record.balance_minor),
      unpostedMinor: String(record.unposted_minor),
      unpostedCount: record.unposted_count,
      contributedMinor: String(totals.contributed_minor),
      contributionCount: totals.contribution_count,
      fundedMinor: String(totals.funded_minor),
      paidMinor: String(totals.paid_minor),
      winCount: totals.win_count,
    };
  }

  async #gameIds(brandId: bigint, codes: readonly string[]): Promise<bigint[]> {
    const unique = [...new Set(codes)];
    const games = await this.#repository.inhouseGames(brandId, unique);
    if (games.length !== unique.length) throw new AppError('jackpot_game_invalid');
    return games.map((game) => game.id);
  }

  /** A new jackpot, its pot funded with the seed from the house in the same transaction. */
  async create(brandId: bigint, input: CreateJackpotInput, by: string): Promise<OperatorJackpot> {
    const gameIds = await this.#gameIds(brandId, input.games);
    const { currency } = await this.#repository.potCurrency(brandId);
    try {
      await transact(this.#db, async (trx) => {
        const repository = new JackpotRepository(trx);
        const accountId = await repository.ensurePot(brandId, input.code, currency);
        const row = await repository.insertJackpot({
          brandId,
          code: input.code,
          nameEn: input.nameEn,
          nameHi: input.nameHi,
          contributionBps: input.contributionBps,
          seedMinor: BigInt(input.seedMinor),
          oneInMinor: BigInt(input.oneInMinor),
          accountId,
        });
        if (!row) throw new AppError('jackpot_code_taken');
        await repository.setGames(row.id, gameIds);
        await this.#fund(trx, row, BigInt(input.seedMinor), 'seed', `jackpot:${row.id}:seed`, by);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'jackpot_games_game_id_key')) throw new AppError('jackpot_game_taken');
      throw error;
    }
    return this.operatorGet(brandId, input.code);
  }

  async update(brandId: bigint, code: string, input: UpdateJackpotInput): Promise<OperatorJackpot> {
    const gameIds = input.games === undefined ? undefined : await this.#gameIds(brandId, input.games);
    try {
      await transact(this.#db, async (trx) => {
        const repository = new JackpotRepository(trx);
        const row = await repository.lock(brandId, code);
        if (!row) throw new AppError('jackpot_not_found');
        await repository.update(row.id, {
          ...(input.nameEn === undefined ? {} : { name_en: input.nameEn }),
          ...(input.nameHi === undefined ? {} : { name_hi: input.nameHi }),
          ...(input.contributionBps === undefined ? {} : { contribution_bps: input.contributionBps }),
          ...(input.seedMinor === undefined ? {} : { seed_minor: BigInt(input.seedMinor) }),
          ...(input.oneInMinor === undefined ? {} : { one_in_minor: BigInt(input.oneInMinor) }),
          ...(input.active === undefined ? {} : { active: input.active }),
        });
        if (gameIds) await repository.setGames(row.id, gameIds);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'jackpot_games_game_id_key')) throw new AppError('jackpot_game_taken');
      throw error;
    }
    return this.operatorGet(brandId, code);
  }

  /** house → pot, recorded as a funding (the invariant's seed money). Nothing for a zero amount. */
  async #fund(
    trx: Tx,
    jackpot: JackpotRow,
    amountMinor: bigint,
    reason: 'seed' | 'reseed' | 'top_up',
    idempotencyKey: string,
    by: string,
  ): Promise<void> {
    if (amountMinor <= 0n) return;
    const entry = await ledgerIn(trx).post({
      brandId: jackpot.brand_id,
      idempotencyKey,
      kind: 'jackpot_contribution',
      memo: `jackpot ${jackpot.code} ${reason}`,
      createdBy: by,
      postings: [
        { system: 'house', amountMinor: -amountMinor },
        { accountId: jackpot.account_id, amountMinor },
      ],
    });
    await new JackpotRepository(trx).insertFunding({
      jackpotId: jackpot.id,
      entryId: entry.entryId,
      amountMinor,
      reason,
    });
  }

  /** The job: every jackpot with unposted contributions, one transaction each. Answers the rounds posted. */
  async postPending(): Promise<{ posted: number; wins: number }> {
    let posted = 0;
    let wins = 0;
    for (const jackpotId of await this.#repository.withUnposted()) {
      const result = await this.#postJackpot(jackpotId);
      posted += result.posted;
      wins += result.news.length;
      for (const news of result.news) await this.#announceWin(news);
    }
    return { posted, wins };
  }

  async #postJackpot(jackpotId: bigint): Promise<{ posted: number; news: JackpotWinNews[] }> {
    return transact(this.#db, async (trx) => {
      const repository = new JackpotRepository(trx);
      const jackpot = await repository.lock(null, jackpotId);
      if (!jackpot) return { posted: 0, news: [] };
      const pending = await repository.pending(jackpotId, BATCH_LIMIT);
      if (pending.length === 0) return { posted: 0, news: [] };
      const seeds = await this.#roundSeedsIn(trx)(pending.map((row) => row.round_id));
      const winners = new Set<bigint>();
      for (const row of pending) {
        const inputs = seeds.get(row.round_id);
        // A round without studio seed material (not an in-house round) cannot be drawn: it only contributes.
        if (inputs && jackpotDraw(inputs, row.stake_minor, row.one_in_minor, nodeHmac).won)
          winners.add(row.id);
      }
      const ledger = ledgerIn(trx);
      const winnerAccounts = new Map<bigint, bigint>();
      for (const row of pending) {
        if (winners.has(row.id) && !winnerAccounts.has(row.member_id)) {
          winnerAccounts.set(row.member_id, (await ledger.memberMainAccount(row.member_id)).id);
        }
      }
      await repository.lockAccounts([...winnerAccounts.values()]);

      const news: JackpotWinNews[] = [];
      // Batches end at each winning round: its contribution is in the pot it wins.
      let batch: typeof pending = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const first = batch[0];
        const last = batch[batch.length - 1];
        const amountMinor = batch.reduce((sum, row) => sum + row.amount_minor, 0n);
        let entryId: bigint | null = null;
        if (first && last && amountMinor > 0n) {
          const entry = await ledger.post({
            brandId: jackpot.brand_id,
            idempotencyKey: `jackpot:${jackpot.id}:c:${first.id}-${last.id}`,
            kind: 'jackpot_contribution',
            memo: `jackpot ${jackpot.code}: ${batch.length} rounds`,
            postings: [
              { system: 'house', amountMinor: -amountMinor },
              { accountId: jackpot.account_id, amountMinor },
            ],
          });
          entryId = entry.entryId;
        }
        const won = new Set(batch.filter((row) => winners.has(row.id)).map((row) => row.id));
        await repository.markPosted(
          batch.map((row) => row.id),
          entryId,
          won,
        );
        batch = [];
      };
      for (const row of pending) {
        batch.push(row);
        if (!winners.has(row.id)) continue;
        await flush();
        const potMinor = await repository.potBalance(jackpot.account_id);
        let entryId: bigint | null = null;
        if (potMinor > 0n) {
          const entry = await ledger.post({
            brandId: jackpot.brand_id,
            idempotencyKey: `jackpot:${jackpot.id}:win:${row.id}`,
            kind: 'jackpot_win',
            memo: `jackpot ${jackpot.code} won in ${row.round_id}`,
            postings: [
              { accountId: jackpot.account_id, amountMinor: -potMinor },
              { accountId: winnerAccounts.get(row.member_id) as bigint, amountMinor: potMinor },
            ],
          });
          entryId = entry.entryId;
        }
        const win = await repository.insertWin({
          jackpotId: jackpot.id,
          contributionId: row.id,
          memberId: row.member_id,
          roundId: row.round_id,
          amountMinor: potMinor,
          entryId,
        });
        if (win) {
          await this.#fund(
            trx,
            jackpot,
            jackpot.seed_minor,
            'reseed',
            `jackpot:${jackpot.id}:reseed:${win.id}`,
            'system',
          );
          if (potMinor > 0n) {
            news.push({
              brandId: jackpot.brand_id,
              memberId: row.member_id,
              jackpotName: jackpot.name_en,
              amountMinor: potMinor,
              wonAt: win.created_at,
            });
          }
        }
      }
      await flush();
      if (news.length > 0) await repository.announce(jackpot.brand_id);
      return { posted: pending.length, news };
    });
  }

  async #announceWin(news: JackpotWinNews): Promise<void> {
    if (!this.#recordWin) return;
    try {
      const winner = await this.#repository.winnerOf(news.memberId);
      if (!winner) return;
      await this.#recordWin(news.brandId, {
        account: winner.username,
        gameName: news.jackpotName,
        vendor: 'Jackpot',
        amountMinor: news.amountMinor,
        currencySymbol: winner.currency_symbol,
        wonAt: news.wonAt,
        gameCategory: 'ALL',
      });
    } catch (error) {
      this.#log?.warn({ err: error }, 'recording a jackpot win for the board failed');
    }
  }
}

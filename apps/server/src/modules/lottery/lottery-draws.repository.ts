import { sql } from 'kysely';
import type { LocalisedText } from '../../db/tables/catalogue.ts';
import type {
  LotteryDrawRow,
  LotteryDrawStatusColumn,
  LotteryFamilyColumn,
  LotteryGameRow,
  LotterySourceColumn,
  LotteryVariantColumn,
} from '../../db/tables/lottery.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** A lottery game with what the catalogue row adds: its names and game type. */
export type LotteryGameRecord = LotteryGameRow & { names: LocalisedText; game_type: string };
/** A draw with its game's code and source (every view names the draw `<gameCode>-<drawNo>`). */
export type LotteryDrawRecord = LotteryDrawRow & {
  game_code: string;
  source: LotterySourceColumn;
  family: LotteryFamilyColumn;
  variant: LotteryVariantColumn;
  brand_id: bigint;
};
export type LotteryEntryRow = {
  id: bigint;
  draw_id: bigint;
  result: unknown;
  source: 'api' | 'file';
  file_name: string | null;
  entered_by: string;
  entered_at: Date;
  status: 'pending' | 'confirmed' | 'rejected';
  decided_by: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
};

export type NewDraw = {
  gameId: bigint;
  drawNo: string;
  opensAt: Date;
  closesAt: Date;
  drawsAt: Date;
  seed: string | null;
  seedHash: string | null;
};

export type NewLotteryGame = {
  brandId: bigint;
  vendorId: bigint;
  gameCode: string;
  names: LocalisedText;
  gameType: string;
  family: LotteryFamilyColumn;
  variant: LotteryVariantColumn;
  region: string;
  source: LotterySourceColumn;
  schedule: unknown;
  marginBp: number;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxLines: number;
  maxPayoutMinor: bigint;
  sort: number;
  createdBy: string;
};

export type LotteryGameChange = Partial<{
  margin_bp: number;
  min_stake_minor: bigint;
  max_stake_minor: bigint;
  max_lines: number;
  max_payout_minor: bigint;
  schedule: string;
  enabled: boolean;
}>;

const FINISHED: LotteryDrawStatusColumn[] = ['drawn', 'settled'];
const HISTORY: LotteryDrawStatusColumn[] = ['drawn', 'settled', 'cancelled'];

/** SQL of the lottery's games, draws and external result entries (migration 0034_lottery). */
export class LotteryDrawsRepository<E extends Executor = Executor> extends Repository<E> {
  #games() {
    return this.db
      .selectFrom('lottery_games as lg')
      .innerJoin('games as g', 'g.id', 'lg.game_id')
      .selectAll('lg')
      .select(['g.names', 'g.game_type']);
  }

  #draws() {
    return this.db
      .selectFrom('lottery_draws as d')
      .innerJoin('lottery_games as lg', 'lg.id', 'd.game_id')
      .selectAll('d')
      .select(['lg.game_code', 'lg.source', 'lg.family', 'lg.variant', 'lg.brand_id']);
  }

  /** The brand by id or code: its id, currency and symbol. */
  async brand(
    by: { id: bigint } | { code: string },
  ): Promise<{ id: bigint; currency: string; currency_symbol: string } | undefined> {
    const query = this.db.selectFrom('brands').select(['id', 'currency', 'currency_symbol']);
    return (
      'id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code)
    ).executeTakeFirst();
  }

  /** The default brand (hosts no domain names: a bare test app without the system module). */
  defaultBrand(): Promise<{ id: bigint } | undefined> {
    return this.db.selectFrom('brands').select('id').where('is_default', '=', true).executeTakeFirst();
  }

  /** Whether an operator of the brand has this username (the CLI names who acts). */
  async operatorExists(brandId: bigint, username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('operators')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('username', '=', username)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every enabled game of every brand (the schedule job). */
  enabledGames(): Promise<LotteryGameRecord[]> {
    return this.#games().where('lg.enabled', '=', true).where('g.enabled', '=', true).execute();
  }

  /** The brand's games in their order; `enabledOnly` for the public. */
  gamesOf(brandId: bigint, filter: { enabledOnly: boolean; family?: string }): Promise<LotteryGameRecord[]> {
    let query = this.#games().where('lg.brand_id', '=', brandId);
    if (filter.enabledOnly) query = query.where('lg.enabled', '=', true).where('g.enabled', '=', true);
    if (filter.family) query = query.where('lg.family', '=', filter.family as LotteryFamilyColumn);
    return query.orderBy('lg.sort').orderBy('lg.id').execute();
  }

  gameByCode(brandId: bigint, gameCode: string): Promise<LotteryGameRecord | undefined> {
    return this.#games()
      .where('lg.brand_id', '=', brandId)
      .where('lg.game_code', '=', gameCode)
      .executeTakeFirst();
  }

  /** Creates the draws the game lacks; the ones it has stay as they are. Answers how many were new. */
  async insertDraws(this: LotteryDrawsRepository<Tx>, draws: NewDraw[]): Promise<number> {
    if (draws.length === 0) return 0;
    const rows = await this.db
      .insertInto('lottery_draws')
      .values(
        draws.map((draw) => ({
          game_id: draw.gameId,
          draw_no: draw.drawNo,
          opens_at: draw.opensAt,
          closes_at: draw.closesAt,
          draws_at: draw.drawsAt,
          seed: draw.seed,
          seed_hash: draw.seedHash,
        })),
      )
      .onConflict((conflict) => conflict.columns(['game_id', 'draw_no']).doNothing())
      .returning('id')
      .execute();
    return rows.length;
  }

  /** Which of these draw numbers the game already has (so only missing draws get a fresh seed). */
  async existingDrawNos(gameId: bigint, drawNos: string[]): Promise<Set<string>> {
    if (drawNos.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('lottery_draws')
      .select('draw_no')
      .where('game_id', '=', gameId)
      .where('draw_no', 'in', drawNos)
      .execute();
    return new Set(rows.map((row) => row.draw_no));
  }

  /** In-house draws whose time has come, oldest first, locked so two runs cannot draw one twice. */
  dueInhouse(this: LotteryDrawsRepository<Tx>, now: Date, limit: number): Promise<LotteryDrawRecord[]> {
    return this.#draws()
      .where('d.status', '=', 'scheduled')
      .where('d.draws_at', '<=', now)
      .where('lg.source', '=', 'inhouse')
      .orderBy('d.draws_at')
      .limit(limit)
      .forUpdate('d')
      .skipLocked()
      .execute();
  }

  /** Stores a result and makes the draw drawn (in-house: seed revealed by the status; external: the entry). */
  async markDrawn(
    this: LotteryDrawsRepository<Tx>,
    drawId: bigint,
    result: unknown,
    drawnAt: Date,
    entryId: bigint | null,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('lottery_draws')
      .set({ status: 'drawn', result: JSON.stringify(result), drawn_at: drawnAt, result_entry_id: entryId })
      .where('id', '=', drawId)
      .where('status', 'in', ['scheduled', 'result_entered'])
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  async setStatus(
    this: LotteryDrawsRepository<Tx>,
    drawId: bigint,
    status: 'scheduled' | 'result_entered',
  ): Promise<void> {
    await this.db.updateTable('lottery_draws').set({ status }).where('id', '=', drawId).execute();
  }

  async cancel(
    this: LotteryDrawsRepository<Tx>,
    drawId: bigint,
    by: string,
    reason: string,
    at: Date,
  ): Promise<void> {
    await this.db
      .updateTable('lottery_draws')
      .set({ status: 'cancelled', cancelled_at: at, cancelled_by: by, cancel_reason: reason })
      .where('id', '=', drawId)
      .execute();
  }

  /** One draw of the brand by its game code and number; `forUpdate` in a decision's transaction. */
  draw(brandId: bigint, gameCode: string, drawNo: string): Promise<LotteryDrawRecord | undefined> {
    return this.#draws()
      .where('lg.brand_id', '=', brandId)
      .where('lg.game_code', '=', gameCode)
      .where('d.draw_no', '=', drawNo)
      .executeTakeFirst();
  }

  drawForUpdate(
    this: LotteryDrawsRepository<Tx>,
    brandId: bigint,
    gameCode: string,
    drawNo: string,
  ): Promise<LotteryDrawRecord | undefined> {
    return this.#draws()
      .where('lg.brand_id', '=', brandId)
      .where('lg.game_code', '=', gameCode)
      .where('d.draw_no', '=', drawNo)
      .forUpdate('d')
      .executeTakeFirst();
  }

  /** The draw bets go to now (window open), else the next one to open. */
  nextDraw(gameId: bigint, now: Date): Promise<LotteryDrawRecord | undefined> {
    return this.#draws()
      .where('d.game_id', '=', gameId)
      .where('d.status', '=', 'scheduled')
      .where('d.closes_at', '>', now)
      .orderBy('d.draws_at')
      .limit(1)
      .executeTakeFirst();
  }

  /** The game's latest drawn (or settled) draws, newest first. */
  results(gameId: bigint, limit: number): Promise<LotteryDrawRecord[]> {
    return this.#draws()
      .where('d.game_id', '=', gameId)
      .where('d.status', 'in', FINISHED)
      .orderBy('d.draws_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Result history (drawn, settled and cancelled draws), newest first, one page, and the total. */
  async history(
    gameId: bigint,
    page: { pageNo: number; pageSize: number },
    statuses: LotteryDrawStatusColumn[] = HISTORY,
  ): Promise<{ rows: LotteryDrawRecord[]; total: number }> {
    const rows = await this.#draws()
      .where('d.game_id', '=', gameId)
      .where('d.status', 'in', statuses)
      .orderBy('d.draws_at', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute();
    const count = await this.db
      .selectFrom('lottery_draws')
      .select(sql<string>`count(*)`.as('total'))
      .where('game_id', '=', gameId)
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.total) };
  }

  /** The latest drawn results across these games, most recent draw first (the lgw boards). */
  openedAcross(gameIds: bigint[], limit: number): Promise<LotteryDrawRecord[]> {
    if (gameIds.length === 0) return Promise.resolve([]);
    return this.#draws()
      .where('d.game_id', 'in', gameIds)
      .where('d.status', 'in', FINISHED)
      .orderBy('d.draws_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The latest entry of each of these draws (the back office's view of external results). */
  async latestEntries(drawIds: bigint[]): Promise<Map<bigint, LotteryEntryRow>> {
    if (drawIds.length === 0) return new Map();
    const rows = (await this.db
      .selectFrom('lottery_result_entries')
      .selectAll()
      .where('draw_id', 'in', drawIds)
      .orderBy('id', 'desc')
      .execute()) as LotteryEntryRow[];
    const latest = new Map<bigint, LotteryEntryRow>();
    for (const row of rows) if (!latest.has(row.draw_id)) latest.set(row.draw_id, row);
    return latest;
  }

  async insertEntry(
    this: LotteryDrawsRepository<Tx>,
    entry: {
      drawId: bigint;
      result: unknown;
      source: 'api' | 'file';
      fileName: string | null;
      enteredBy: string;
      at: Date;
    },
  ): Promise<LotteryEntryRow> {
    return (await this.db
      .insertInto('lottery_result_entries')
      .values({
        draw_id: entry.drawId,
        result: JSON.stringify(entry.result),
        source: entry.source,
        file_name: entry.fileName,
        entered_by: entry.enteredBy,
        entered_at: entry.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as LotteryEntryRow;
  }

  async pendingEntry(this: LotteryDrawsRepository<Tx>, drawId: bigint): Promise<LotteryEntryRow | undefined> {
    return (await this.db
      .selectFrom('lottery_result_entries')
      .selectAll()
      .where('draw_id', '=', drawId)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst()) as LotteryEntryRow | undefined;
  }

  async decideEntry(
    this: LotteryDrawsRepository<Tx>,
    entryId: bigint,
    decision: { status: 'confirmed' | 'rejected'; by: string; at: Date; reason: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('lottery_result_entries')
      .set({
        status: decision.status,
        decided_by: decision.by,
        decided_at: decision.at,
        reject_reason: decision.reason,
      })
      .where('id', '=', entryId)
      .execute();
  }

  /** The brand's LOTTO vendor (a game must belong to it). */
  async lotteryVendorId(brandId: bigint, vassalage: string): Promise<bigint | undefined> {
    return (
      await this.db
        .selectFrom('vendors')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('vassalage', '=', vassalage)
        .executeTakeFirst()
    )?.id;
  }

  /** A catalogue game and its engine row; undefined when the brand has the code already. */
  async insertGame(this: LotteryDrawsRepository<Tx>, game: NewLotteryGame): Promise<bigint | undefined> {
    const taken = await this.db
      .selectFrom('games')
      .select('id')
      .where('brand_id', '=', game.brandId)
      .where('game_code', '=', game.gameCode)
      .executeTakeFirst();
    if (taken) return undefined;
    const catalogue = await this.db
      .insertInto('games')
      .values({
        brand_id: game.brandId,
        vendor_id: game.vendorId,
        game_type: game.gameType,
        game_code: game.gameCode,
        names: JSON.stringify(game.names),
        icon_url: null,
        min_bet_minor: game.minStakeMinor,
        max_bet_minor: game.maxStakeMinor,
        game_classify: null,
        sort: game.sort,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await this.db
      .insertInto('lottery_games')
      .values({
        brand_id: game.brandId,
        game_id: catalogue.id,
        game_code: game.gameCode,
        family: game.family,
        variant: game.variant,
        region: game.region,
        source: game.source,
        schedule: JSON.stringify(game.schedule),
        margin_bp: game.marginBp,
        min_stake_minor: game.minStakeMinor,
        max_stake_minor: game.maxStakeMinor,
        max_lines: game.maxLines,
        max_payout_minor: game.maxPayoutMinor,
        sort: game.sort,
        created_by: game.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Changes a game's settings; the catalogue's enabled flag and bet range follow. */
  async updateGame(this: LotteryDrawsRepository<Tx>, game: LotteryGameRecord, change: LotteryGameChange) {
    if (Object.keys(change).length === 0) return;
    await this.db.updateTable('lottery_games').set(change).where('id', '=', game.id).execute();
    const catalogue = {
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      ...(change.min_stake_minor === undefined ? {} : { min_bet_minor: change.min_stake_minor }),
      ...(change.max_stake_minor === undefined ? {} : { max_bet_minor: change.max_stake_minor }),
    };
    if (Object.keys(catalogue).length === 0) return;
    await this.db.updateTable('games').set(catalogue).where('id', '=', game.game_id).execute();
  }
}

import { type Selectable, sql } from 'kysely';
import type {
  LotteryFamilyColumn,
  LotteryLinesTable,
  LotterySlipStatusColumn,
  LotteryVariantColumn,
} from '../../db/tables/lottery.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import {
  type BookSession,
  InhouseRoundsRepository,
  stalePendingIds,
} from '../inhouse-vendor/inhouse-rounds.repository.ts';

/** The SQL of the engine part (docs/lottery.md "Bet slips through the protocol"): sessions, slips, exposure. */

export type LotterySession = BookSession;

/** A draw as placement and settlement read it, with its game's rules. */
export type EngineDraw = {
  drawId: bigint;
  publicId: string;
  drawNo: string;
  status: 'scheduled' | 'result_entered' | 'drawn' | 'settled' | 'cancelled';
  opensAt: Date;
  closesAt: Date;
  drawsAt: Date;
  result: unknown;
  gameId: bigint;
  gameCode: string;
  family: LotteryFamilyColumn;
  variant: LotteryVariantColumn;
  marginBp: number;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxLines: number;
  maxPayoutMinor: bigint;
};

export type NewLine = {
  lineNo: number;
  betType: string;
  selection: string;
  stakeMinor: bigint;
  odds1e4: bigint;
  maxPayoutMinor: bigint;
};

export type SlipLine = NewLine & { payoutMinor: bigint | null };

/** A slip with what its views and the settlement need. */
export type SlipRecord = {
  id: bigint;
  drawId: bigint;
  publicDrawId: string;
  drawNo: string;
  drawsAt: Date;
  gameCode: string;
  gameNames: unknown;
  playerRef: string;
  walletSession: string;
  requestId: string;
  totalStakeMinor: bigint;
  marginBp: number;
  payoutMinor: bigint | null;
  status: LotterySlipStatusColumn;
  refusal: string | null;
  createdAt: Date;
};

export function exposureKeyOf(line: { betType: string; selection: string }): string {
  return `${line.betType}:${line.selection}`;
}

function slipLineOf(row: Selectable<LotteryLinesTable>): SlipLine {
  return {
    lineNo: row.line_no,
    betType: row.bet_type,
    selection: row.selection,
    stakeMinor: row.stake_minor,
    odds1e4: row.odds_1e4,
    maxPayoutMinor: row.max_payout_minor,
    payoutMinor: row.payout_minor,
  };
}

const publicDrawId = sql<string>`lottery_games.game_code || '-' || lottery_draws.draw_no`;

export class LotteryEngineRepository<E extends Executor = Executor> extends Repository<E> {
  /** The round plumbing shared with the sportsbook, on this repository's executor. */
  readonly #rounds: InhouseRoundsRepository<E> = new InhouseRoundsRepository(this.db);

  #draws() {
    return this.db
      .selectFrom('lottery_draws')
      .innerJoin('lottery_games', 'lottery_games.id', 'lottery_draws.game_id')
      .select([
        'lottery_draws.id as drawId',
        publicDrawId.as('publicId'),
        'lottery_draws.draw_no as drawNo',
        'lottery_draws.status',
        'lottery_draws.opens_at as opensAt',
        'lottery_draws.closes_at as closesAt',
        'lottery_draws.draws_at as drawsAt',
        'lottery_draws.result',
        'lottery_games.id as gameId',
        'lottery_games.game_code as gameCode',
        'lottery_games.family',
        'lottery_games.variant',
        'lottery_games.margin_bp as marginBp',
        'lottery_games.min_stake_minor as minStakeMinor',
        'lottery_games.max_stake_minor as maxStakeMinor',
        'lottery_games.max_lines as maxLines',
        'lottery_games.max_payout_minor as maxPayoutMinor',
      ]);
  }

  /** The draw a player of this wallet (a member id) may bet on: a draw of a game of the member's brand. */
  async drawOfPlayer(publicId: string, playerRef: string): Promise<EngineDraw | undefined> {
    if (!/^[1-9][0-9]{0,17}$/.test(playerRef)) return undefined;
    return this.#byPublicId(publicId)
      ?.where('lottery_games.brand_id', '=', (eb) =>
        eb.selectFrom('members').select('members.brand_id').where('members.id', '=', BigInt(playerRef)),
      )
      .executeTakeFirst();
  }

  /**
   * A public draw id `<gameCode>-<drawNo>` split into its (game code, draw number) readings — a daily drawNo
   * `YYYYMMDD` or an interval one `YYYYMMDD-NNNN` — so the lookup uses the unique keys instead of scanning
   * every draw for a concatenation. Undefined when it has no reading.
   */
  #byPublicId(publicId: string) {
    const readings = [/^(.+)-([0-9]{8}-[0-9]{4})$/, /^(.+)-([0-9]{8})$/]
      .map((pattern) => pattern.exec(publicId))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, gameCode, drawNo]) => ({ gameCode: gameCode as string, drawNo: drawNo as string }));
    if (readings.length === 0) return undefined;
    return this.#draws().where((eb) =>
      eb.or(
        readings.map((reading) =>
          eb.and([
            eb('lottery_games.game_code', '=', reading.gameCode),
            eb('lottery_draws.draw_no', '=', reading.drawNo),
          ]),
        ),
      ),
    );
  }

  /**
   * The draw row `FOR SHARE` for a slip's transaction: slips of one draw go in together, an operator's cancel
   * (`FOR UPDATE`) waits for them and they for it, so no slip lands on a draw being cancelled.
   */
  async lockDrawForShare(this: LotteryEngineRepository<Tx>, drawId: bigint): Promise<EngineDraw['status']> {
    const row = await this.db
      .selectFrom('lottery_draws')
      .select('status')
      .where('id', '=', drawId)
      .forShare()
      .executeTakeFirstOrThrow();
    return row.status;
  }

  async drawById(drawId: bigint): Promise<EngineDraw | undefined> {
    return this.#draws().where('lottery_draws.id', '=', drawId).executeTakeFirst();
  }

  async insertSlip(
    this: LotteryEngineRepository<Tx>,
    slip: {
      drawId: bigint;
      gameId: bigint;
      playerRef: string;
      sessionId: bigint;
      walletSession: string;
      requestId: string;
      totalStakeMinor: bigint;
      marginBp: number;
      createdAt: Date;
    },
    lines: NewLine[],
  ): Promise<bigint> {
    const row = await this.db
      .insertInto('lottery_slips')
      .values({
        draw_id: slip.drawId,
        game_id: slip.gameId,
        player_ref: slip.playerRef,
        session_id: slip.sessionId,
        wallet_session: slip.walletSession,
        request_id: slip.requestId,
        total_stake_minor: slip.totalStakeMinor,
        margin_bp: slip.marginBp,
        created_at: slip.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('lottery_lines')
      .values(
        lines.map((line) => ({
          slip_id: row.id,
          line_no: line.lineNo,
          bet_type: line.betType,
          selection: line.selection,
          stake_minor: line.stakeMinor,
          odds_1e4: line.odds1e4,
          max_payout_minor: line.maxPayoutMinor,
        })),
      )
      .execute();
    return row.id;
  }

  /**
   * Adds a line's most payout to its selection's exposure in one statement that succeeds only while the sum
   * stays within `max`: concurrent slips serialise on the exposure row, so they cannot pass the limit
   * together. Null when the limit would be passed (then what is left on the key).
   */
  async addExposure(
    this: LotteryEngineRepository<Tx>,
    drawId: bigint,
    key: string,
    amountMinor: bigint,
    maxMinor: bigint,
  ): Promise<{ ok: true } | { ok: false; leftMinor: bigint }> {
    const key_ = { draw_id: drawId, exposure_key: key };
    if (await this.#rounds.addExposure('lottery_exposure', key_, amountMinor, maxMinor)) return { ok: true };
    return { ok: false, leftMinor: await this.#left(drawId, key, maxMinor) };
  }

  async #left(drawId: bigint, key: string, maxMinor: bigint): Promise<bigint> {
    const left =
      maxMinor -
      (await this.#rounds.exposureMinor('lottery_exposure', { draw_id: drawId, exposure_key: key }));
    return left > 0n ? left : 0n;
  }

  /** Takes a slip's lines back out of the exposure (a refused or void slip stands for nothing). */
  async releaseExposure(this: LotteryEngineRepository<Tx>, slipId: bigint, drawId: bigint): Promise<void> {
    // In key order, as placement adds them (one lock order on the exposure rows).
    const lines = (await this.linesOf(slipId)).sort((a, b) =>
      exposureKeyOf(a) < exposureKeyOf(b) ? -1 : exposureKeyOf(a) > exposureKeyOf(b) ? 1 : 0,
    );
    for (const line of lines) {
      const key = { draw_id: drawId, exposure_key: exposureKeyOf(line) };
      await this.#rounds.releaseExposure('lottery_exposure', key, line.maxPayoutMinor);
    }
  }

  /**
   * Moves a slip from `from` to `to` (guarded: a second run, or another process, finds it moved and changes
   * nothing). True when this call moved it.
   */
  async moveSlip(
    this: LotteryEngineRepository<Tx>,
    slipId: bigint,
    from: LotterySlipStatusColumn,
    to: LotterySlipStatusColumn,
    at: Date,
    extra: { refusal?: string; payoutMinor?: bigint } = {},
  ): Promise<boolean> {
    return this.#rounds.moveRound('lottery_slips', slipId, from, to, at, {
      refusal: extra.refusal,
      payout_minor: extra.payoutMinor,
    });
  }

  /** Each line's payout, in one statement for the slip. */
  async setLinePayouts(
    this: LotteryEngineRepository<Tx>,
    slipId: bigint,
    payouts: { lineNo: number; payoutMinor: bigint }[],
  ): Promise<void> {
    const lines = payouts.map((line) => ({ lineNo: line.lineNo, payout_minor: line.payoutMinor }));
    await this.#rounds.setLines('lottery_lines', slipId, lines);
  }

  #slips() {
    return this.db
      .selectFrom('lottery_slips')
      .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_slips.draw_id')
      .innerJoin('lottery_games', 'lottery_games.id', 'lottery_slips.game_id')
      .innerJoin('games', 'games.id', 'lottery_games.game_id')
      .select([
        'lottery_slips.id',
        'lottery_slips.draw_id as drawId',
        publicDrawId.as('publicDrawId'),
        'lottery_draws.draw_no as drawNo',
        'lottery_draws.draws_at as drawsAt',
        'lottery_games.game_code as gameCode',
        'games.names as gameNames',
        'lottery_slips.player_ref as playerRef',
        'lottery_slips.wallet_session as walletSession',
        'lottery_slips.request_id as requestId',
        'lottery_slips.total_stake_minor as totalStakeMinor',
        'lottery_slips.margin_bp as marginBp',
        'lottery_slips.payout_minor as payoutMinor',
        'lottery_slips.status',
        'lottery_slips.refusal',
        'lottery_slips.created_at as createdAt',
      ]);
  }

  async slipById(slipId: bigint): Promise<SlipRecord | undefined> {
    return this.#slips().where('lottery_slips.id', '=', slipId).executeTakeFirst();
  }

  async slipByRequest(playerRef: string, requestId: string): Promise<SlipRecord | undefined> {
    return this.#slips()
      .where('lottery_slips.player_ref', '=', playerRef)
      .where('lottery_slips.request_id', '=', requestId)
      .executeTakeFirst();
  }

  /** The player's slips, newest first; `open` = pending or placed, `settled` = every finished one. */
  async slipsOf(
    playerRef: string,
    query: {
      status: 'open' | 'settled' | 'all';
      gameCode?: string | undefined;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: SlipRecord[]; total: number }> {
    let base = this.#slips().where('lottery_slips.player_ref', '=', playerRef);
    if (query.status === 'open') base = base.where('lottery_slips.status', 'in', ['pending', 'placed']);
    if (query.status === 'settled') {
      base = base.where('lottery_slips.status', 'in', ['settled', 'refunded', 'refused', 'void']);
    }
    if (query.gameCode) base = base.where('lottery_games.game_code', '=', query.gameCode);
    const rows = await base
      .orderBy('lottery_slips.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    const count = await base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }

  async linesOf(slipId: bigint): Promise<SlipLine[]> {
    const rows = await this.db
      .selectFrom('lottery_lines')
      .selectAll()
      .where('slip_id', '=', slipId)
      .orderBy('line_no')
      .execute();
    return rows.map(slipLineOf);
  }

  async linesOfSlips(slipIds: bigint[]): Promise<Map<bigint, SlipLine[]>> {
    const byslip = new Map<bigint, SlipLine[]>();
    if (slipIds.length === 0) return byslip;
    const rows = await this.db
      .selectFrom('lottery_lines')
      .selectAll()
      .where('slip_id', 'in', slipIds)
      .orderBy('slip_id')
      .orderBy('line_no')
      .execute();
    for (const row of rows) {
      const list = byslip.get(row.slip_id) ?? [];
      list.push(slipLineOf(row));
      byslip.set(row.slip_id, list);
    }
    return byslip;
  }

  // --- settlement ---

  /** Slips still `pending` (debit in flight or lost) created before `before`. */
  async stalePending(before: Date, limit: number): Promise<SlipRecord[]> {
    // Only draws not yet settled can hold a pending slip: their few ids lead to the (draw, status) index
    // instead of a scan of every slip ever placed.
    const openDraws = this.db
      .selectFrom('lottery_draws')
      .select('id')
      .where('status', 'in', ['scheduled', 'result_entered', 'drawn', 'cancelled']);
    const within = { column: 'draw_id' as const, in: openDraws };
    return this.#slips()
      .where('lottery_slips.id', 'in', stalePendingIds('lottery_slips', before, limit, within))
      .orderBy('lottery_slips.id')
      .execute();
  }

  /** Placed slips of draws in `drawStatus` (drawn: to settle; cancelled: to refund). */
  async placedSlipsOfDraws(drawStatus: 'drawn' | 'cancelled', limit: number): Promise<SlipRecord[]> {
    return this.#slips()
      .where('lottery_slips.status', '=', 'placed')
      .where('lottery_draws.status', '=', drawStatus)
      .orderBy('lottery_slips.id')
      .limit(limit)
      .execute();
  }

  /** Drawn draws with no placed or pending slip left: ready to be marked settled. */
  async drawnWithoutOpenSlips(limit: number): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('lottery_draws')
      .select('id')
      .where('status', '=', 'drawn')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('lottery_slips')
              .select('lottery_slips.id')
              .whereRef('lottery_slips.draw_id', '=', 'lottery_draws.id')
              .where('lottery_slips.status', 'in', ['placed', 'pending']),
          ),
        ),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async markDrawSettled(this: LotteryEngineRepository<Tx>, drawId: bigint, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('lottery_draws')
      .set({ status: 'settled', settled_at: at })
      .where('id', '=', drawId)
      .where('status', '=', 'drawn')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // --- liability (operators) ---

  async brandIdByCode(code: string): Promise<bigint | undefined> {
    const row = await this.db.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirst();
    return row?.id;
  }

  async drawOfBrand(publicId: string, brandId: bigint): Promise<EngineDraw | undefined> {
    return this.#byPublicId(publicId)?.where('lottery_games.brand_id', '=', brandId).executeTakeFirst();
  }

  /** Per selection key of a draw: the exposure row and the standing (placed or pending) lines behind it. */
  async liabilityOf(drawId: bigint): Promise<
    {
      key: string;
      exposureMinor: bigint;
      stakeMinor: bigint;
      lines: number;
    }[]
  > {
    const exposure = await this.db
      .selectFrom('lottery_exposure')
      .select(['exposure_key', 'payout_minor'])
      .where('draw_id', '=', drawId)
      .execute();
    const standing = await this.db
      .selectFrom('lottery_lines')
      .innerJoin('lottery_slips', 'lottery_slips.id', 'lottery_lines.slip_id')
      .select([
        sql<string>`lottery_lines.bet_type || ':' || lottery_lines.selection`.as('key'),
        sql<string>`sum(lottery_lines.stake_minor)::text`.as('stake'),
        sql<string>`count(*)::text`.as('n'),
      ])
      .where('lottery_slips.draw_id', '=', drawId)
      .where('lottery_slips.status', 'in', ['pending', 'placed', 'settled'])
      .groupBy(['lottery_lines.bet_type', 'lottery_lines.selection'])
      .execute();
    const byKey = new Map(standing.map((row) => [row.key, row]));
    const keys = new Set([...exposure.map((row) => row.exposure_key), ...byKey.keys()]);
    const exposureByKey = new Map(exposure.map((row) => [row.exposure_key, row.payout_minor]));
    return [...keys].map((key) => ({
      key,
      exposureMinor: exposureByKey.get(key) ?? 0n,
      stakeMinor: BigInt(byKey.get(key)?.stake ?? '0'),
      lines: Number(byKey.get(key)?.n ?? '0'),
    }));
  }
}

import type { SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { LocalisedText } from '../../db/tables/catalogue.ts';
import type { GameRoundStatus, LaneSource } from '../../db/tables/games.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/**
 * Games storage for the catalogue calls (docs/games-contract.md "Catalogue API"): game cards with their
 * vendor, lanes, favourites, recent games, launch sessions and the player's rounds. Every card list is the
 * brand's enabled games of its enabled vendors; paging is by limit / offset over a stable order (the id
 * breaks ties).
 */

/** One game with what its tile needs of the vendor. */
export type GameCardRecord = {
  id: bigint;
  gameCode: string;
  names: LocalisedText;
  iconUrl: string | null;
  vassalage: string;
  vendorName: LocalisedText;
  vendorLogoUrl: string | null;
  gameType: string;
  gameClassify: string | null;
  supportPlay: number;
  isHot: boolean;
  isNew: boolean;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  minLineNum: number;
  accountTypeId: number;
  maintenance: boolean;
};

/** The filters of SPEC §3 "Game list request" plus the lane rules. Absent fields do not filter. */
export type CardFilter = {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  /** Case-insensitive substring of the name in any language. */
  gameName?: string | undefined;
  /** Games whose minimum bet is at most this. */
  minBet?: bigint | undefined;
  /** Games with at least this many lines. */
  minLineNum?: number | undefined;
  hot?: boolean | undefined;
  isNew?: boolean | undefined;
};

export type Page = { limit: number; offset: number };

/** A game to launch or to favourite, enabled or not (the caller decides what a switched-off one means). */
export type LaunchTarget = {
  id: bigint;
  brandId: bigint;
  gameCode: string;
  gameType: string;
  supportPlay: number;
  enabled: boolean;
  vendorId: bigint;
  vassalage: string;
  vendorEnabled: boolean;
  maintenance: boolean;
  launchUrl: string | null;
  sessionMinutes: number;
};

export type LaneRecord = {
  id: bigint;
  title: LocalisedText;
  source: LaneSource;
  gameType: string | null;
  gameClassify: string | null;
  cardLimit: number;
};

export type BetRecordFilter = { memberId: bigint; from: Date; until: Date; gameType?: string | undefined };

export type BetRecordRow = {
  roundId: string;
  gameNames: LocalisedText | null;
  gameType: string | null;
  vendorName: LocalisedText;
  vassalage: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: GameRoundStatus;
  createdAt: Date;
  settledAt: Date | null;
};

export class GameCardsRepository<E extends Executor = Executor> extends Repository<E> {
  /** The brand's enabled games of enabled vendors, with the tile's columns. */
  #cards(brandId: bigint) {
    return this.db
      .selectFrom('games as g')
      .innerJoin('vendors as v', 'v.id', 'g.vendor_id')
      .where('g.brand_id', '=', brandId)
      .where('v.brand_id', '=', brandId)
      .where('g.enabled', '=', true)
      .where('v.enabled', '=', true);
  }

  #filtered(brandId: bigint, filter: CardFilter) {
    const { gameType, vassalage, gameClassify, gameName, minBet, minLineNum, hot, isNew } = filter;
    return this.#cards(brandId)
      .$if(gameType !== undefined, (qb) => qb.where('g.game_type', '=', gameType as string))
      .$if(vassalage !== undefined, (qb) => qb.where('v.vassalage', '=', vassalage as string))
      .$if(gameClassify !== undefined, (qb) => qb.where('g.game_classify', '=', gameClassify as string))
      .$if(minBet !== undefined, (qb) => qb.where('g.min_bet_minor', '<=', minBet as bigint))
      .$if(minLineNum !== undefined, (qb) => qb.where('g.min_line_num', '>=', minLineNum as number))
      .$if(hot === true, (qb) => qb.where('g.is_hot', '=', true))
      .$if(isNew === true, (qb) => qb.where('g.is_new', '=', true))
      .$if(gameName !== undefined && gameName !== '', (qb) =>
        // strpos, not LIKE: the player's text is matched literally (a % or _ in it is no wildcard).
        qb.where(
          sql<SqlBool>`exists (select 1 from jsonb_each_text(g.names) as name
            where strpos(lower(name.value), lower(${gameName as string})) > 0)`,
        ),
      );
  }

  static readonly cardColumns = [
    'g.id',
    'g.game_code',
    'g.names',
    'g.icon_url',
    'v.vassalage',
    'v.display_name',
    'v.logo_url',
    'g.game_type',
    'g.game_classify',
    'g.support_play',
    'g.is_hot',
    'g.is_new',
    'g.min_bet_minor',
    'g.max_bet_minor',
    'g.min_line_num',
    'g.account_type_id',
    'v.maintenance',
  ] as const;

  /** Cards matching `filter` in catalogue order (the game's sort, then its id). */
  async listCards(brandId: bigint, filter: CardFilter, page: Page): Promise<GameCardRecord[]> {
    const rows = await this.#filtered(brandId, filter)
      .select(GameCardsRepository.cardColumns)
      .orderBy('g.sort')
      .orderBy('g.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(cardOf);
  }

  async countCards(brandId: bigint, filter: CardFilter): Promise<number> {
    const row = await this.#filtered(brandId, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** The most played games since `since` (rounds), then hot ones, then catalogue order. */
  async popularCards(
    brandId: bigint,
    since: Date,
    gameType: string | undefined,
    limit: number,
  ): Promise<GameCardRecord[]> {
    const rows = await this.#filtered(brandId, { gameType })
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('game_rounds')
            .select(['game_id', (inner) => inner.fn.countAll<string>().as('plays')])
            .where('brand_id', '=', brandId)
            .where('created_at', '>=', since)
            .where('game_id', 'is not', null)
            .groupBy('game_id')
            .as('r'),
        (join) => join.onRef('r.game_id', '=', 'g.id'),
      )
      .select(GameCardsRepository.cardColumns)
      .orderBy(sql`coalesce(r.plays, 0)`, 'desc')
      .orderBy('g.is_hot', 'desc')
      .orderBy('g.sort')
      .orderBy('g.id')
      .limit(limit)
      .execute();
    return rows.map(cardOf);
  }

  /** Which of `gameIds` the member has among favourites: one query for a whole page. */
  async favouriteIds(memberId: bigint, gameIds: readonly bigint[]): Promise<Set<bigint>> {
    if (gameIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('favourite_games')
      .select('game_id')
      .where('member_id', '=', memberId)
      .where('game_id', 'in', gameIds)
      .execute();
    return new Set(rows.map((row) => row.game_id));
  }

  /** The game types a vendor has enabled games in, in the brand's type order, with their counts. */
  async vendorGameTypes(
    brandId: bigint,
    vassalage: string,
  ): Promise<{ gameType: string; labelKey: string; gameCount: number }[]> {
    const rows = await this.#cards(brandId)
      .innerJoin('game_types as gt', 'gt.code', 'g.game_type')
      .leftJoin('brand_game_types as bgt', (join) =>
        join.onRef('bgt.game_type', '=', 'gt.code').on('bgt.brand_id', '=', brandId),
      )
      .where('v.vassalage', '=', vassalage)
      .where((eb) => eb.or([eb('bgt.enabled', 'is', null), eb('bgt.enabled', '=', true)]))
      .groupBy(['gt.code', 'gt.label_key', 'gt.sort', 'bgt.sort'])
      .select(['gt.code', 'gt.label_key', (eb) => eb.fn.countAll<string>().as('games')])
      .orderBy((eb) => eb.fn.coalesce('bgt.sort', 'gt.sort'))
      .orderBy('gt.code')
      .execute();
    return rows.map((row) => ({ gameType: row.code, labelKey: row.label_key, gameCount: Number(row.games) }));
  }

  /** The vendors with enabled games of a classification (a classify lane's `gameClassify.vendors`). */
  async vendorsWithClassify(brandId: bigint, gameClassify: string): Promise<string[]> {
    const rows = await this.#cards(brandId)
      .where('g.game_classify', '=', gameClassify)
      .select('v.vassalage')
      .distinct()
      .orderBy('v.vassalage')
      .execute();
    return rows.map((row) => row.vassalage);
  }

  /** The page a game type's "more" leads to. */
  async gameTypePages(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('game_types').select(['code', 'page']).execute();
    return new Map(rows.map((row) => [row.code, row.page]));
  }

  async listLanes(brandId: bigint): Promise<LaneRecord[]> {
    const rows = await this.db
      .selectFrom('game_lanes')
      .select(['id', 'title', 'source', 'game_type', 'game_classify', 'card_limit'])
      .where('brand_id', '=', brandId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      source: row.source,
      gameType: row.game_type,
      gameClassify: row.game_classify,
      cardLimit: row.card_limit,
    }));
  }

  // --- one game --------------------------------------------------------------------------------------

  async findGame(brandId: bigint, gameId: bigint): Promise<LaunchTarget | undefined> {
    const row = await this.db
      .selectFrom('games as g')
      .innerJoin('vendors as v', 'v.id', 'g.vendor_id')
      .select([
        'g.id',
        'g.brand_id',
        'g.game_code',
        'g.game_type',
        'g.support_play',
        'g.enabled',
        'v.id as vendor_id',
        'v.vassalage',
        'v.enabled as vendor_enabled',
        'v.maintenance',
        'v.launch_url',
        'v.session_minutes',
      ])
      .where('g.id', '=', gameId)
      .where('g.brand_id', '=', brandId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      brandId: row.brand_id,
      gameCode: row.game_code,
      gameType: row.game_type,
      supportPlay: row.support_play,
      enabled: row.enabled,
      vendorId: row.vendor_id,
      vassalage: row.vassalage,
      vendorEnabled: row.vendor_enabled,
      maintenance: row.maintenance,
      launchUrl: row.launch_url,
      sessionMinutes: row.session_minutes,
    };
  }

  // --- favourites ------------------------------------------------------------------------------------

  /**
   * Adds the favourite, or removes it when the member already has it; returns whether it is now a
   * favourite. One statement each way, so two quick taps cannot leave a duplicate or fail.
   */
  async toggleFavourite(this: GameCardsRepository<Tx>, memberId: bigint, gameId: bigint): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('favourite_games')
      .where('member_id', '=', memberId)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    if ((removed.numDeletedRows ?? 0n) > 0n) return false;
    await this.db
      .insertInto('favourite_games')
      .values({ member_id: memberId, game_id: gameId })
      .onConflict((conflict) => conflict.columns(['member_id', 'game_id']).doNothing())
      .execute();
    return true;
  }

  #favourites(brandId: bigint, memberId: bigint, filter: CardFilter) {
    return this.#filtered(brandId, filter)
      .innerJoin('favourite_games as f', 'f.game_id', 'g.id')
      .where('f.member_id', '=', memberId);
  }

  /** The member's favourites, newest first. */
  async listFavouriteCards(
    brandId: bigint,
    memberId: bigint,
    filter: CardFilter,
    page: Page,
  ): Promise<GameCardRecord[]> {
    const rows = await this.#favourites(brandId, memberId, filter)
      .select(GameCardsRepository.cardColumns)
      .orderBy('f.created_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(cardOf);
  }

  async countFavouriteCards(brandId: bigint, memberId: bigint, filter: CardFilter): Promise<number> {
    const row = await this.#favourites(brandId, memberId, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  // --- recent games ----------------------------------------------------------------------------------

  #recent(brandId: bigint, memberId: bigint, filter: CardFilter) {
    return this.#filtered(brandId, filter)
      .innerJoin('recent_games as r', 'r.game_id', 'g.id')
      .where('r.member_id', '=', memberId);
  }

  /** The member's launched games, last launched first. */
  async listRecentCards(
    brandId: bigint,
    memberId: bigint,
    filter: CardFilter,
    page: Page,
  ): Promise<GameCardRecord[]> {
    const rows = await this.#recent(brandId, memberId, filter)
      .select(GameCardsRepository.cardColumns)
      .orderBy('r.played_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(cardOf);
  }

  async countRecentCards(brandId: bigint, memberId: bigint, filter: CardFilter): Promise<number> {
    const row = await this.#recent(brandId, memberId, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  // --- launch ----------------------------------------------------------------------------------------

  /**
   * Stores a launch token's hash and records the game as the member's most recent, together. A real launch
   * first locks its login session (FOR SHARE) and goes ahead only while it is unrevoked: a revocation
   * racing it (revokeMemberAccess) either waits for this launch and then ends it with the member's other
   * games, or has revoked the session first, and the launch stores nothing (false).
   */
  async recordLaunch(
    this: GameCardsRepository<Tx>,
    input: {
      tokenHash: string | null;
      loginSessionId: bigint | null;
      brandId: bigint;
      memberId: bigint;
      gameId: bigint;
      vendorId: bigint;
      now: Date;
      expiresAt: Date;
    },
  ): Promise<boolean> {
    if (input.tokenHash !== null) {
      if (input.loginSessionId !== null) {
        const live = await this.db
          .selectFrom('sessions')
          .select('id')
          .where('id', '=', input.loginSessionId)
          .where('revoked_at', 'is', null)
          .forShare()
          .executeTakeFirst();
        if (!live) return false;
      }
      await this.db
        .insertInto('game_launch_sessions')
        .values({
          token_hash: input.tokenHash,
          brand_id: input.brandId,
          member_id: input.memberId,
          game_id: input.gameId,
          vendor_id: input.vendorId,
          created_at: input.now,
          expires_at: input.expiresAt,
          // The session's reality check and time limit apply to this game's bets (vendor_call_begin).
          login_session_id: input.loginSessionId,
        })
        .execute();
    }
    await this.db
      .insertInto('recent_games')
      .values({ member_id: input.memberId, game_id: input.gameId, played_at: input.now })
      .onConflict((conflict) =>
        conflict.columns(['member_id', 'game_id']).doUpdateSet({ played_at: input.now }),
      )
      .execute();
    return true;
  }

  // --- betting record --------------------------------------------------------------------------------

  #rounds(filter: BetRecordFilter) {
    return this.db
      .selectFrom('game_rounds as r')
      .innerJoin('vendors as v', 'v.id', 'r.vendor_id')
      .leftJoin('games as g', 'g.id', 'r.game_id')
      .where('r.member_id', '=', filter.memberId)
      .where('r.created_at', '>=', filter.from)
      .where('r.created_at', '<', filter.until)
      .$if(filter.gameType !== undefined, (qb) => qb.where('g.game_type', '=', filter.gameType as string));
  }

  /** The member's rounds in the range, newest first. */
  async listRounds(filter: BetRecordFilter, page: Page): Promise<BetRecordRow[]> {
    const rows = await this.#rounds(filter)
      .select([
        'r.round_id',
        'g.names',
        'g.game_type',
        'v.display_name',
        'v.vassalage',
        'r.stake_minor',
        'r.payout_minor',
        'r.status',
        'r.created_at',
        'r.settled_at',
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map((row) => ({
      roundId: row.round_id,
      gameNames: row.names,
      gameType: row.game_type,
      vendorName: row.display_name,
      vassalage: row.vassalage,
      stakeMinor: row.stake_minor,
      payoutMinor: row.payout_minor,
      status: row.status,
      createdAt: row.created_at,
      settledAt: row.settled_at,
    }));
  }

  /**
   * Count and sums over the whole filter. Every round adds what it stands at: a round's stake is the sum of
   * its standing debits and its payout the sum of its credits, so a rolled-back round adds nothing (its
   * stakes went back and it never had a credit, migration 0013), and a free round adds its payout with no
   * stake. Rounds rolled back after a win before 0013 (issue 14) add the win they really paid.
   */
  async roundTotals(
    filter: BetRecordFilter,
  ): Promise<{ total: number; stakeMinor: bigint; payoutMinor: bigint }> {
    const row = await this.#rounds(filter)
      .select([
        (eb) => eb.fn.countAll<string>().as('total'),
        sql<string>`coalesce(sum(r.stake_minor), 0)`.as('stake'),
        sql<string>`coalesce(sum(r.payout_minor), 0)`.as('payout'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), stakeMinor: BigInt(row.stake), payoutMinor: BigInt(row.payout) };
  }
}

type CardRow = {
  id: bigint;
  game_code: string;
  names: LocalisedText;
  icon_url: string | null;
  vassalage: string;
  display_name: LocalisedText;
  logo_url: string | null;
  game_type: string;
  game_classify: string | null;
  support_play: number;
  is_hot: boolean;
  is_new: boolean;
  min_bet_minor: bigint;
  max_bet_minor: bigint;
  min_line_num: number;
  account_type_id: number;
  maintenance: boolean;
};

function cardOf(row: CardRow): GameCardRecord {
  return {
    id: row.id,
    gameCode: row.game_code,
    names: row.names,
    iconUrl: row.icon_url,
    vassalage: row.vassalage,
    vendorName: row.display_name,
    vendorLogoUrl: row.logo_url,
    gameType: row.game_type,
    gameClassify: row.game_classify,
    supportPlay: row.support_play,
    isHot: row.is_hot,
    isNew: row.is_new,
    minBetMinor: row.min_bet_minor,
    maxBetMinor: row.max_bet_minor,
    minLineNum: row.min_line_num,
    accountTypeId: row.account_type_id,
    maintenance: row.maintenance,
  };
}

import type {
  FavouriteList,
  FavouriteToggle,
  GameCard,
  GameCardList,
  GameList,
  Lane,
  RecentGames,
  VassGameTypes,
} from '@lotus/shared/games.schema';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CardFilter, GameCardRecord, LaneRecord } from './game-cards.repository.ts';
import { type CatalogueBrand, type GameCardsContext, localised } from './games.service.ts';

/** Who asks: the Host names the brand; `actor` is the logged-in player or null for a visitor. */
export type Viewer = { host: string | null; actor: Actor | null; language?: string | undefined };
/** A member call's viewer: always logged in. */
export type MemberViewer = Viewer & { actor: Actor };

/** A viewer whose brand is settled: the member's own brand for member calls, the Host's for the rest. */
type Context = { brandId: bigint; memberId: bigint | null; language: string; brand: CatalogueBrand };

type Paging = { pageNo: number; pageSize: number };

const POPULAR_WINDOW_MS = 7 * 24 * 3_600_000;
/** Hot games come in one answer; the cap only guards against a runaway catalogue. */
const HOT_GAMES_LIMIT = 100;

/** Where a lane's "more" leads when its rule names no game type page. */
const LANE_PAGES = { hot: '/hot', new: '/new' } as const;

function pageOf(paging: Paging) {
  return { limit: paging.pageSize, offset: (paging.pageNo - 1) * paging.pageSize };
}

function pageInfo(paging: Paging, total: number) {
  return { pageNum: paging.pageNo, totalPages: Math.ceil(total / paging.pageSize), total };
}

/** The catalogue calls of SPEC §7 "Games" that read the game lists (docs/games-contract.md). */
export class GameCatalogueService {
  readonly #ctx: GameCardsContext;

  constructor(context: GameCardsContext) {
    this.#ctx = context;
  }

  /**
   * A public call's context: the Host's brand. A member of another brand browses it as a visitor (their
   * favourites live in their own brand's catalogue).
   */
  async publicContext(viewer: Viewer): Promise<Context> {
    const brand = await this.#ctx.findBrand(viewer.host);
    const actor = viewer.actor && viewer.actor.brandId === brand.id ? viewer.actor : null;
    return {
      brandId: brand.id,
      memberId: actor?.memberId ?? null,
      language: viewer.language ?? actor?.language ?? brand.defaultLanguage,
      brand,
    };
  }

  /** A member call's context: always the member's own brand. */
  async memberContext(viewer: MemberViewer): Promise<Context> {
    const brand = await this.#ctx.findBrand(viewer.host);
    const sameBrand = brand.id === viewer.actor.brandId;
    return {
      brandId: viewer.actor.brandId,
      memberId: viewer.actor.memberId,
      language: viewer.language ?? viewer.actor.language ?? (sameBrand ? brand.defaultLanguage : 'EN'),
      brand,
    };
  }

  /** Tiles with the member's favourite flags, read in one query for the whole set. */
  async #cardsOf(context: Context, records: readonly GameCardRecord[]): Promise<GameCard[]> {
    const favourites =
      context.memberId === null
        ? new Set<bigint>()
        : await this.#ctx.repository.favouriteIds(
            context.memberId,
            records.map((record) => record.id),
          );
    return records.map((record) => cardOf(record, context.language, favourites.has(record.id)));
  }

  /** `GCSGAME_gameList`: filtered, paged, in catalogue order. */
  async gameList(viewer: Viewer, filter: CardFilter, paging: Paging): Promise<GameList> {
    const context = await this.publicContext(viewer);
    const [records, total] = await Promise.all([
      this.#ctx.repository.listCards(context.brandId, filter, pageOf(paging)),
      this.#ctx.repository.countCards(context.brandId, filter),
    ]);
    return { list: await this.#cardsOf(context, records), ...pageInfo(paging, total) };
  }

  /** `GCSGAME_hotGamesV2`: the hot games, optionally of one vendor or type. */
  async hotGames(
    viewer: Viewer,
    filter: { vassalage?: string | undefined; gameType?: string | undefined },
  ): Promise<GameCardList> {
    const context = await this.publicContext(viewer);
    const records = await this.#ctx.repository.listCards(
      context.brandId,
      { ...filter, hot: true },
      { limit: HOT_GAMES_LIMIT, offset: 0 },
    );
    return { list: await this.#cardsOf(context, records) };
  }

  /** `GCSGAME_getVassGameType`: the types a vendor has games in. */
  async vendorGameTypes(viewer: Viewer, vassalage: string): Promise<VassGameTypes> {
    const context = await this.publicContext(viewer);
    return { list: await this.#ctx.repository.vendorGameTypes(context.brandId, vassalage) };
  }

  /** `GET /lgw/games/popular`: most played in the last 7 days, then hot, then catalogue order. */
  async popular(viewer: Viewer, gameType: string | undefined, count: number): Promise<GameCardList> {
    const context = await this.publicContext(viewer);
    const since = new Date(this.#ctx.clock.now().getTime() - POPULAR_WINDOW_MS);
    const records = await this.#ctx.repository.popularCards(context.brandId, since, gameType, count);
    return { list: await this.#cardsOf(context, records) };
  }

  /** `GCSGAME_newGameVendor`: the brand's lanes, each with up to `card_limit` cards. */
  async lanes(viewer: Viewer): Promise<{ data: { lanes: Lane[] } }> {
    const context = await this.publicContext(viewer);
    const [lanes, typePages] = await Promise.all([
      this.#ctx.repository.listLanes(context.brandId),
      this.#ctx.repository.gameTypePages(),
    ]);
    const filled = await Promise.all(
      lanes.map(async (lane) => {
        const filter = laneFilter(lane);
        const [records, total, classifyVendors] = await Promise.all([
          this.#ctx.repository.listCards(context.brandId, filter, { limit: lane.cardLimit, offset: 0 }),
          this.#ctx.repository.countCards(context.brandId, filter),
          lane.gameClassify === null
            ? Promise.resolve(null)
            : this.#ctx.repository.vendorsWithClassify(context.brandId, lane.gameClassify),
        ]);
        return { lane, records, total, classifyVendors };
      }),
    );
    // One favourites query for every card of every lane.
    const cards = await this.#cardsOf(
      context,
      filled.flatMap((entry) => entry.records),
    );
    let next = 0;
    return {
      data: {
        lanes: filled.map(({ lane, records, total, classifyVendors }): Lane => {
          const laneCards = cards.slice(next, next + records.length);
          next += records.length;
          return {
            title: localised(lane.title, context.language, ''),
            cards: laneCards,
            gameClassify:
              lane.gameClassify === null ? null : { key: lane.gameClassify, vendors: classifyVendors ?? [] },
            gameCount: total,
            page: lanePage(lane, typePages, context.brand),
          };
        }),
      },
    };
  }

  // --- member lists ----------------------------------------------------------------------------------

  /**
   * `MCSFE_getFavoriteGames`: toggles one favourite. The game must be the brand's and the vendor / type
   * sent with it must be its own (a stale tile cannot favourite some other game).
   */
  async toggleFavourite(
    viewer: MemberViewer,
    input: { nodeId: string; vendor: string; gameType: string },
  ): Promise<FavouriteToggle> {
    const game = await this.#ctx.repository.findGame(viewer.actor.brandId, BigInt(input.nodeId));
    if (!game) throw new AppError('game_not_found');
    if (game.vassalage !== input.vendor || game.gameType !== input.gameType) {
      throw new AppError('invalid_request', {
        message: 'favourite: vendor or game type does not match the game',
        details: { issues: [{ path: 'vendor', code: 'mismatch' }] },
      });
    }
    const memberId = viewer.actor.memberId;
    const favourite = await this.#ctx.uow.run(({ games }) => games.toggleFavourite(memberId, game.id));
    return { nodeId: input.nodeId, favourite };
  }

  /** `MCSFE_getFavoriteGamesList`: newest favourite first. */
  async favourites(
    viewer: MemberViewer,
    filter: { gameType?: string | undefined; vendor?: string | undefined },
    paging: Paging,
  ): Promise<FavouriteList> {
    const context = await this.memberContext(viewer);
    const cardFilter = { gameType: filter.gameType, vassalage: filter.vendor };
    const [records, total] = await Promise.all([
      this.#ctx.repository.listFavouriteCards(
        context.brandId,
        viewer.actor.memberId,
        cardFilter,
        pageOf(paging),
      ),
      this.#ctx.repository.countFavouriteCards(context.brandId, viewer.actor.memberId, cardFilter),
    ]);
    return {
      content: records.map((record) => cardOf(record, context.language, true)),
      ...pageInfo(paging, total),
    };
  }

  /** `GCS_recentGame`: last launched first. */
  async recent(
    viewer: MemberViewer,
    filter: { gameType?: string | undefined; vassalage?: string | undefined },
    paging: Paging,
  ): Promise<RecentGames> {
    const context = await this.memberContext(viewer);
    const [records, total] = await Promise.all([
      this.#ctx.repository.listRecentCards(context.brandId, viewer.actor.memberId, filter, pageOf(paging)),
      this.#ctx.repository.countRecentCards(context.brandId, viewer.actor.memberId, filter),
    ]);
    return { list: await this.#cardsOf(context, records), ...pageInfo(paging, total) };
  }
}

function laneFilter(lane: LaneRecord): CardFilter {
  switch (lane.source) {
    case 'hot':
      return { hot: true };
    case 'new':
      return { isNew: true };
    case 'type':
      return { gameType: lane.gameType ?? undefined };
    case 'classify':
      return { gameClassify: lane.gameClassify ?? undefined };
  }
}

/**
 * A lane's "more": /hot, /new, its game type's page, or for a classify lane the page of the category the
 * brand's classify rule makes of it (JACKPOT → /jp), else its source category's page.
 */
function lanePage(lane: LaneRecord, typePages: Map<string, string>, brand: CatalogueBrand): string {
  if (lane.source === 'hot' || lane.source === 'new') return LANE_PAGES[lane.source];
  if (lane.source === 'type') return typePages.get(lane.gameType ?? '') ?? '/';
  const rule = brand.categoryRules.find((entry) => entry.gameClassify === lane.gameClassify);
  if (!rule) return '/';
  return typePages.get(rule.category) ?? typePages.get(rule.sourceCategory) ?? '/';
}

export function cardOf(record: GameCardRecord, language: string, favourite: boolean): GameCard {
  return {
    nodeId: record.id.toString(),
    gameCode: record.gameCode,
    gameName: localised(record.names, language, record.gameCode),
    iconUrl: record.iconUrl,
    vassalage: record.vassalage,
    vendorName: localised(record.vendorName, language, record.vassalage),
    vendorLogoUrl: record.vendorLogoUrl,
    gameType: record.gameType,
    gameClassify: record.gameClassify,
    supportPlay: record.supportPlay === 0 ? 0 : 1,
    isHot: record.isHot ? 1 : 0,
    isNew: record.isNew ? 1 : 0,
    minBetMinor: record.minBetMinor.toString(),
    minLineNum: record.minLineNum,
    accountTypeId: record.accountTypeId,
    maintenance: record.maintenance,
    favourite,
  };
}

import { type LotteryResult, lotteryHeadline, lotteryOdds, lotteryTrends } from '@lotus/games/lottery/index';
import {
  LOTTERY_POPULAR_COUNT,
  LOTTERY_VN_NUMBERS_COUNT,
  type LotteryDraw,
  type LotteryGameDetail,
  type LotteryGameSummary,
  type LotteryOpenedNumber,
} from '@lotus/shared/lottery.schema';
import type { Db } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type {
  LotteryDrawRecord,
  LotteryDrawsRepository,
  LotteryGameRecord,
} from './lottery-draws.repository.ts';
import {
  type LotteryBrandOf,
  lotteryDrawsUnit,
  mathsKey,
  nameOf,
  parseDrawId,
} from './lottery-draws.unit.ts';
import { drawView, gameSummaryView, limitsView } from './lottery-draws.views.ts';

/** Who asks: the request's host (its brand) and the language of the names. */
export type LotteryViewer = { host: string | null; language?: string | undefined };

/** The VN menu's regions in their order, with their names (EN, HI). */
const VN_REGIONS: { region: string; names: Record<string, string> }[] = [
  { region: 'NORTH', names: { en: 'North', hi: 'उत्तर' } },
  { region: 'CENTRAL', names: { en: 'Central', hi: 'मध्य' } },
  { region: 'SOUTH', names: { en: 'South', hi: 'दक्षिण' } },
  { region: 'FAST', names: { en: 'Fast', hi: 'तेज़' } },
];

/** SPEC §7 prize modes of the popular board: SEA games, the e-lottery, or the rest (Lott, ZY). */
export type LotteryPrizeMode = 'Lott' | 'ZY' | 'Elott' | 'SEA';
function inPrizeMode(game: LotteryGameRecord, mode: LotteryPrizeMode | undefined): boolean {
  if (mode === undefined) return true;
  if (mode === 'SEA') return game.region === 'SEA';
  if (mode === 'Elott') return game.game_type === 'ELOTT';
  return game.region !== 'SEA' && game.game_type !== 'ELOTT';
}

/**
 * The lottery's public reads (docs/lottery.md "API", no login): games with their next draw and last result,
 * a game's odds and limits, result history, trends, one draw, and the SPEC §7 lgw boards. Every draw goes
 * through `drawView`, which never shows the seed of a draw that is not drawn.
 */
export class LotteryPublicService {
  readonly #reads: LotteryDrawsRepository;
  readonly #clock: Clock;
  readonly #brandOf: LotteryBrandOf;

  constructor(deps: { db: Db; clock: Clock; brandOf: LotteryBrandOf }) {
    const unit = lotteryDrawsUnit(deps);
    this.#reads = unit.reads;
    this.#clock = deps.clock;
    this.#brandOf = deps.brandOf;
  }

  async #brandId(viewer: LotteryViewer): Promise<bigint> {
    return (await this.#brandOf(viewer.host)).id;
  }

  async #game(viewer: LotteryViewer, gameCode: string): Promise<LotteryGameRecord> {
    const game = await this.#reads.gameByCode(await this.#brandId(viewer), gameCode);
    if (!game?.enabled) throw new AppError('lottery_game_not_found');
    return game;
  }

  async #summary(game: LotteryGameRecord, language: string | undefined, now: Date) {
    const [next, [last]] = await Promise.all([
      this.#reads.nextDraw(game.id, now),
      this.#reads.results(game.id, 1),
    ]);
    return gameSummaryView(game, language, { next, last }, now);
  }

  async #summaries(games: LotteryGameRecord[], language: string | undefined): Promise<LotteryGameSummary[]> {
    const now = this.#clock.now();
    const list: LotteryGameSummary[] = [];
    // One game at a time: PGlite has one connection, and 13 games are quick.
    for (const game of games) list.push(await this.#summary(game, language, now));
    return list;
  }

  async games(viewer: LotteryViewer, family?: string): Promise<LotteryGameSummary[]> {
    const games = await this.#reads.gamesOf(await this.#brandId(viewer), {
      enabledOnly: true,
      ...(family ? { family } : {}),
    });
    return this.#summaries(games, viewer.language);
  }

  async game(viewer: LotteryViewer, gameCode: string): Promise<LotteryGameDetail> {
    const game = await this.#game(viewer, gameCode);
    const summary = await this.#summary(game, viewer.language, this.#clock.now());
    const brand = await this.#reads.brand({ id: game.brand_id });
    const { family, variant } = mathsKey(game);
    const odds = Object.values(lotteryOdds(family, variant, game.margin_bp)).map((row) => ({
      betType: row.betType,
      odds1e4: row.odds1e4.toString(),
      maxUnits: row.maxUnits.toString(),
      ...(row.table
        ? {
            table: Object.fromEntries(
              Object.entries(row.table).map(([key, units]) => [key, units.toString()]),
            ),
          }
        : {}),
      declaredReturn: row.declaredReturn,
    }));
    return {
      ...summary,
      odds,
      limits: limitsView(game),
      currency: brand?.currency ?? '',
      currencySymbol: brand?.currency_symbol || 'P',
    };
  }

  async history(
    viewer: LotteryViewer,
    gameCode: string,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ list: LotteryDraw[]; pageNum: number; totalPages: number }> {
    const game = await this.#game(viewer, gameCode);
    const { rows, total } = await this.#reads.history(game.id, page);
    const now = this.#clock.now();
    return {
      list: rows.map((row) => drawView(row, now)),
      pageNum: page.pageNo,
      totalPages: Math.ceil(total / page.pageSize),
    };
  }

  async trends(viewer: LotteryViewer, gameCode: string, sample: number) {
    const game = await this.#game(viewer, gameCode);
    const results = (await this.#reads.results(game.id, sample)).map((row) => row.result as LotteryResult);
    return {
      gameCode: game.game_code,
      sampleSize: results.length,
      groups: lotteryTrends(mathsKey(game).family, results),
    };
  }

  async draw(viewer: LotteryViewer, drawId: string): Promise<LotteryDraw> {
    const { gameCode, drawNo } = parseDrawId(drawId);
    const draw = await this.#reads.draw(await this.#brandId(viewer), gameCode, drawNo);
    if (!draw) throw new AppError('lottery_draw_not_found');
    return drawView(draw, this.#clock.now());
  }

  // --- SPEC §7 lgw boards ---

  /** The VN regions and their games, each with its next draw; the lobby link of SPEC §7. */
  async vnMenu(viewer: LotteryViewer) {
    const games = await this.#reads.gamesOf(await this.#brandId(viewer), { enabledOnly: true, family: 'vn' });
    const summaries = await this.#summaries(games, viewer.language);
    const language = (viewer.language ?? 'en').toLowerCase();
    return {
      list: VN_REGIONS.map(({ region, names }) => ({
        region,
        name: names[language] ?? names.en ?? region,
        games: summaries.filter((game) => game.region === region),
      })).filter((entry) => entry.games.length > 0),
      lobby: { lottoArea: 'VN' as const, launchMode: 'LOTT' as const },
    };
  }

  /** VN games that have a result, the most recently drawn first. */
  async vnMenuRecent(viewer: LotteryViewer): Promise<LotteryGameSummary[]> {
    const games = await this.#reads.gamesOf(await this.#brandId(viewer), { enabledOnly: true, family: 'vn' });
    const summaries = await this.#summaries(games, viewer.language);
    return summaries
      .filter((game) => game.lastResult !== null)
      .sort((a, b) => (b.lastResult?.drawsAt ?? '').localeCompare(a.lastResult?.drawsAt ?? ''));
  }

  /** Vietnam numbers: the latest drawn VN results, most recent first (count ≤ 100). */
  async vnNumbers(viewer: LotteryViewer, count = LOTTERY_VN_NUMBERS_COUNT): Promise<LotteryOpenedNumber[]> {
    const games = await this.#reads.gamesOf(await this.#brandId(viewer), { enabledOnly: true, family: 'vn' });
    const rows = await this.#reads.openedAcross(
      games.map((game) => game.id),
      Math.min(count, LOTTERY_VN_NUMBERS_COUNT),
    );
    return this.#opened(games, rows, viewer.language);
  }

  /**
   * Popular lottery: the latest drawn result of every game of the prize mode (one per game), most recent
   * first (count ≤ 20; a larger count is cut to 20).
   */
  async popular(
    viewer: LotteryViewer,
    prizeMode: LotteryPrizeMode | undefined,
    count = LOTTERY_POPULAR_COUNT,
  ): Promise<LotteryOpenedNumber[]> {
    const games = (await this.#reads.gamesOf(await this.#brandId(viewer), { enabledOnly: true })).filter(
      (game) => inPrizeMode(game, prizeMode),
    );
    const rows: LotteryDrawRecord[] = [];
    for (const game of games) {
      const [last] = await this.#reads.results(game.id, 1);
      if (last) rows.push(last);
    }
    rows.sort((a, b) => b.draws_at.getTime() - a.draws_at.getTime());
    return this.#opened(games, rows.slice(0, Math.min(count, LOTTERY_POPULAR_COUNT)), viewer.language);
  }

  #opened(
    games: LotteryGameRecord[],
    rows: LotteryDrawRecord[],
    language: string | undefined,
  ): LotteryOpenedNumber[] {
    const byId = new Map(games.map((game) => [game.id, game]));
    const now = this.#clock.now();
    return rows.map((row) => {
      const game = byId.get(row.game_id) as LotteryGameRecord;
      const view = drawView(row, now);
      return {
        gameCode: row.game_code,
        name: nameOf(game, language),
        drawId: view.drawId,
        drawNo: row.draw_no,
        drawnAt: (row.drawn_at ?? row.draws_at).toISOString(),
        numero: lotteryHeadline(row.result as LotteryResult),
        result: row.result as Record<string, unknown>,
      };
    });
  }
}

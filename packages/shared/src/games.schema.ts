import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { pvpRoomListItemSchema } from './pvp.schema.ts';
import { singleLineText } from './text.ts';

/**
 * The games calls of SPEC §7 as this platform serves them (docs/games-contract.md "Catalogue API"). The
 * browser imports only the types from here on eager paths: the schemas pull zod in.
 */

/** SPEC §9: game list page 20, recent / favourite 20 (recent 10 in the search view), search 24. */
export const GAME_LIST_PAGE_SIZE = 20;
export const FAVOURITE_PAGE_SIZE = 20;
export const RECENT_PAGE_SIZE = 20;
export const RECENT_SEARCH_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE = 24;
/** Largest `pageSize` any game list serves; bigger values are refused, not clamped. */
export const GAME_LIST_MAX_PAGE_SIZE = 100;

const languageParam = z
  .string()
  .regex(/^[A-Za-z]{2,3}$/)
  .transform((value) => value.toUpperCase());
const code = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeOf = (fallback: number) =>
  z.coerce.number().int().min(1).max(GAME_LIST_MAX_PAGE_SIZE).default(fallback);
/** Game ids travel as strings (SPEC §3 "Favourites: ids kept as strings"). */
const nodeId = z.string().regex(/^[1-9][0-9]{0,17}$/);
const binary = z.union([z.literal(0), z.literal(1)]);

/** A game tile's data (SPEC §3 "Game / vendor card"). */
export const gameCardSchema = z.object({
  nodeId,
  gameCode: z.string(),
  /** In the requested language, else English. */
  gameName: z.string(),
  iconUrl: z.string().nullable(),
  vassalage: z.string(),
  vendorName: z.string(),
  vendorLogoUrl: z.string().nullable(),
  gameType: z.string(),
  gameClassify: z.string().nullable(),
  /** SPEC §2 "Game tile": a free-trial button shows when supportPlay is 0. */
  supportPlay: binary,
  /** 1 = hot icon. */
  isHot: binary,
  isNew: binary,
  minBetMinor: z.string(),
  minLineNum: z.number().int(),
  accountTypeId: z.number().int(),
  /** The vendor is under maintenance: the tile shows it, a launch answers `game_maintenance`. */
  maintenance: z.boolean(),
  /** Whether the logged-in player has it among favourites (always false for a visitor). */
  favourite: z.boolean(),
  /**
   * Issue 22: the declared return to player (0.9601 = 96.01 %) of a studio game, computed from its maths
   * (packages/games play.ts declaredRtp); null for another vendor's game (it publishes its own).
   */
  rtp: z.number().nullable(),
});
export type GameCard = z.infer<typeof gameCardSchema>;

/** A page of a game list: `pageNum` is the page served, `totalPages` ceil(total / pageSize), 0 when empty. */
const gamePage = { pageNum: z.number().int(), totalPages: z.number().int(), total: z.number().int() };

/** `POST /wps/relay/GCSGAME_gameList` (SPEC §3 "Game list request"; no login needed). */
export const gameListRequestSchema = z.object({
  clientType: z.coerce.number().int().optional(),
  platform: singleLineText().max(64).optional(),
  channel: singleLineText().max(64).optional(),
  merchant: singleLineText().max(64).optional(),
  gameType: code.optional(),
  vassalage: code.optional(),
  gameClassify: code.optional(),
  /** Case-insensitive substring of the name in any language; trimmed; empty means no filter. */
  gameName: singleLineText().trim().max(64).optional(),
  /** Games whose minimum bet is at most this many minor units. */
  // Bounded by the columns they filter (bigint, integer): a larger filter is a 400, not a database error.
  minBet: z.coerce.bigint().min(0n).max(9_223_372_036_854_775_807n).optional(),
  minLineNum: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  pageNo,
  pageSize: pageSizeOf(GAME_LIST_PAGE_SIZE),
  language: languageParam.optional(),
});
export type GameListRequest = z.infer<typeof gameListRequestSchema>;
export const gameListSchema = z.object({ list: z.array(gameCardSchema), ...gamePage });
export type GameList = z.infer<typeof gameListSchema>;
export const gameListResponse = envelopeOf(gameListSchema);

/** `POST /wps/relay/GCSGAME_hotGamesV2`: the hot games (isHot), optionally of one vendor or type. */
export const hotGamesRequestSchema = z.object({
  merchantCode: singleLineText().max(64).optional(),
  isPlatform: z.coerce.number().int().optional(),
  vassalage: code.optional(),
  gameType: code.optional(),
  platform: singleLineText().max(64).optional(),
  language: languageParam.optional(),
});
export const gameCardListSchema = z.object({ list: z.array(gameCardSchema) });
export type GameCardList = z.infer<typeof gameCardListSchema>;
export const gameCardListResponse = envelopeOf(gameCardListSchema);

/** `POST /wps/relay/GCSGAME_getVassGameType`: the game types one vendor has games in. */
export const vassGameTypeRequestSchema = z.object({ vassalage: code, language: languageParam.optional() });
export const vassGameTypesSchema = z.object({
  list: z.array(z.object({ gameType: z.string(), labelKey: z.string(), gameCount: z.number().int() })),
});
export type VassGameTypes = z.infer<typeof vassGameTypesSchema>;
export const vassGameTypesResponse = envelopeOf(vassGameTypesSchema);

/** `POST /wps/relay/GCSGAME_newGameVendor`: the home lanes (SPEC §3 "Lane"); response value.data.lanes. */
export const newGameVendorRequestSchema = z.object({
  platform: singleLineText().max(64).optional(),
  language: languageParam.optional(),
});
export const laneSchema = z.object({
  title: z.string(),
  cards: z.array(gameCardSchema),
  gameClassify: z.object({ key: z.string(), vendors: z.array(z.string()) }).nullable(),
  gameCount: z.number().int(),
  /** Where "more" leads, e.g. /hot, /new, /rng. */
  page: z.string(),
});
export type Lane = z.infer<typeof laneSchema>;
export const newGameVendorSchema = z.object({ data: z.object({ lanes: z.array(laneSchema) }) });
export const newGameVendorResponse = envelopeOf(newGameVendorSchema);

/** `GET /lgw/games/popular`: most played games of the last 7 days, else the hot ones. */
export const popularGamesQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(50).default(12),
  gameType: code.optional(),
  language: languageParam.optional(),
});

/** `POST /wps/relay/MCSFE_getFavoriteGames`: toggles one favourite (login required). */
export const favouriteToggleRequestSchema = z.object({ nodeId, vendor: code, gameType: code });
export const favouriteToggleSchema = z.object({ nodeId, favourite: z.boolean() });
export type FavouriteToggle = z.infer<typeof favouriteToggleSchema>;
export const favouriteToggleResponse = envelopeOf(favouriteToggleSchema);

/** `POST /wps/relay/MCSFE_getFavoriteGamesList`: newest favourite first (login required). */
export const favouriteListRequestSchema = z.object({
  pageNo,
  pageSize: pageSizeOf(FAVOURITE_PAGE_SIZE),
  gameType: code.optional(),
  vendor: code.optional(),
  language: languageParam.optional(),
});
export const favouriteListSchema = z.object({ content: z.array(gameCardSchema), ...gamePage });
export type FavouriteList = z.infer<typeof favouriteListSchema>;
export const favouriteListResponse = envelopeOf(favouriteListSchema);

/** `POST /wps/relay/GCS_recentGame`: last launched first (login required). */
export const recentGamesRequestSchema = z.object({
  page: pageNo,
  pageSize: pageSizeOf(RECENT_PAGE_SIZE),
  type: code.optional(),
  clientType: z.coerce.number().int().optional(),
  vassalage: code.optional(),
  language: languageParam.optional(),
});
export const recentGamesSchema = z.object({ list: z.array(gameCardSchema), ...gamePage });
export type RecentGames = z.infer<typeof recentGamesSchema>;
export const recentGamesResponse = envelopeOf(recentGamesSchema);

/**
 * `GET /wps/relay/GLS2_roomList`: the brand's PVP rooms (issue 22, docs/pvp.md "Server"), one item per room
 * (login required). The PVP fields (`pvpRoomListItemSchema`) plus the SPEC's names for the same facts:
 * `roomName` = name, `vassalage` = the PVP vendor, `minBetMinor`/`maxBetMinor` = boot and chaal limit
 * (Rummy: a point's value and the hold),
 * `players` = seats taken. `vassalage` filters (anything but `PVP` lists nothing).
 */
export const roomListQuerySchema = z.object({
  vassalage: code.optional(),
  language: languageParam.optional(),
});
export const roomListSchema = z.object({
  list: z.array(
    pvpRoomListItemSchema.extend({
      gameCode: z.string(),
      roomName: z.string(),
      vassalage: z.string(),
      minBetMinor: z.string(),
      maxBetMinor: z.string(),
      players: z.number().int(),
    }),
  ),
});
export type RoomList = z.infer<typeof roomListSchema>;
export const roomListResponse = envelopeOf(roomListSchema);

/**
 * `GET /wps/game/launchGame`: where the game opens. A real launch needs login; `trial=1` plays with demo
 * money and needs none (only for games with supportPlay 0). Value.content is the URL for the iframe.
 */
export const launchGameQuerySchema = z.object({
  nodeId,
  trial: z.enum(['0', '1']).default('0'),
  platform: singleLineText().max(64).optional(),
  language: languageParam.optional(),
});
export const launchGameSchema = z.object({
  content: z.string(),
  nodeId,
  trial: z.boolean(),
  /** How the site shows it: in the game pop-up (iframe) or on the /game page. */
  mode: z.enum(['popup', 'page']),
});
export type LaunchGame = z.infer<typeof launchGameSchema>;
export const launchGameResponse = envelopeOf(launchGameSchema);

/** `GET /wps/member/betRecords`: the player's rounds, newest first, grouped by round id (login required). */
export const betRecordsQuerySchema = z.object({
  pageNo,
  pageSize: pageSizeOf(GAME_LIST_PAGE_SIZE),
  gameType: code.optional(),
  /** yyyy-MM-dd in the brand's time zone, both inclusive, at most 92 days apart. */
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  language: languageParam.optional(),
});
export const betRecordSchema = z.object({
  roundId: z.string(),
  gameName: z.string(),
  gameType: z.string(),
  vendorName: z.string(),
  stakeMinor: z.string(),
  payoutMinor: z.string(),
  /** open: stake taken, result pending; settled; rolled_back: stake returned. */
  status: z.enum(['open', 'settled', 'rolled_back']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;
export const betRecordsSchema = z.object({
  list: z.array(betRecordSchema),
  ...gamePage,
  /** Sums over the filter, not only this page. */
  totals: z.object({ stakeMinor: z.string(), payoutMinor: z.string() }),
});
export type BetRecords = z.infer<typeof betRecordsSchema>;
export const betRecordsResponse = envelopeOf(betRecordsSchema);

import {
  betRecordsQuerySchema,
  betRecordsResponse,
  favouriteListRequestSchema,
  favouriteListResponse,
  favouriteToggleRequestSchema,
  favouriteToggleResponse,
  gameCardListResponse,
  gameListRequestSchema,
  gameListResponse,
  hotGamesRequestSchema,
  launchGameQuerySchema,
  launchGameResponse,
  newGameVendorRequestSchema,
  newGameVendorResponse,
  popularGamesQuerySchema,
  recentGamesRequestSchema,
  recentGamesResponse,
  vassGameTypeRequestSchema,
  vassGameTypesResponse,
} from '@lotus/shared/games.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../lib/actor.ts';
import { isAppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { BetRecordsService } from './bet-records.service.ts';
import type { GameCatalogueService } from './game-catalogue.service.ts';
import type { LaunchService } from './launch.service.ts';

export type GameCatalogueRoutesDeps = {
  catalogue: GameCatalogueService;
  launch: LaunchService;
  betRecords: BetRecordsService;
  /** The auth module's session check, for calls where a login is optional (favourite flags, launch). */
  authenticate(token: string): Promise<Actor>;
};

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,128})$/;
const TAGS = ['games'];
const MEMBER = { auth: 'required' } as const;

const route = routeOptionsIn(TAGS);

/**
 * The catalogue calls of SPEC §7 "Games" (docs/games-contract.md "Catalogue API"): game lists, lanes,
 * favourites, recent games, PVP rooms, launching and the betting record.
 */
export function gameCatalogueRoutes(deps: GameCatalogueRoutesDeps): FastifyPluginAsyncZod {
  /**
   * The player of a call that does not need one. A missing, expired or revoked token makes a visitor: a
   * public list should not fail because a tab kept an old token. So does a session that must change its
   * password first (`password_change_required`), except for a real launch (`forMoney`), which it refuses:
   * such a session may not play (plugins/auth.ts).
   */
  async function optionalActor(request: FastifyRequest, forMoney = false): Promise<Actor | null> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    try {
      return await deps.authenticate(match[1]);
    } catch (error) {
      if (isAppError(error) && error.code === 'not_logged_in') return null;
      if (isAppError(error) && error.code === 'password_change_required' && !forMoney) return null;
      throw error;
    }
  }
  const hostOf = (request: FastifyRequest) => request.hostname || null;
  const memberViewer = (request: FastifyRequest, language: string | undefined) => ({
    host: hostOf(request),
    actor: actorOf(request),
    language,
  });
  const publicViewer = async (request: FastifyRequest, language: string | undefined) => ({
    host: hostOf(request),
    actor: await optionalActor(request),
    language,
  });

  return async (app) => {
    // The relays take a JSON body; a client that posts none asks with every default.
    app.addHook('preValidation', async (request) => {
      if (request.method === 'POST' && (request.body === undefined || request.body === null)) {
        request.body = {};
      }
    });

    app.post(
      '/wps/relay/GCSGAME_gameList',
      route('Game list with the filters of SPEC §3, paged', {
        description:
          'No login (a logged-in player gets `favourite` flags). Filters: gameType, vassalage, gameClassify, ' +
          "gameName (case-insensitive, any language's name), minBet (games whose minimum bet ≤ it), " +
          'minLineNum (games with at least that many lines). pageSize ≤ 100.',
        body: gameListRequestSchema,
        response: { 200: gameListResponse },
      }),
      async (request) => {
        const { body } = request;
        return ok(
          await deps.catalogue.gameList(
            await publicViewer(request, body.language),
            {
              gameType: body.gameType,
              vassalage: body.vassalage,
              gameClassify: body.gameClassify,
              gameName: body.gameName,
              minBet: body.minBet,
              minLineNum: body.minLineNum,
            },
            { pageNo: body.pageNo, pageSize: body.pageSize },
          ),
        );
      },
    );

    app.post(
      '/wps/relay/GCSGAME_hotGamesV2',
      route('The hot games, optionally of one vendor or game type', {
        body: hotGamesRequestSchema,
        response: { 200: gameCardListResponse },
      }),
      async (request) =>
        ok(
          await deps.catalogue.hotGames(await publicViewer(request, request.body.language), {
            vassalage: request.body.vassalage,
            gameType: request.body.gameType,
          }),
        ),
    );

    app.post(
      '/wps/relay/GCSGAME_getVassGameType',
      route('The game types a vendor has games in, with their counts', {
        body: vassGameTypeRequestSchema,
        response: { 200: vassGameTypesResponse },
      }),
      async (request) =>
        ok(
          await deps.catalogue.vendorGameTypes(
            await publicViewer(request, request.body.language),
            request.body.vassalage,
          ),
        ),
    );

    app.post(
      '/wps/relay/GCSGAME_newGameVendor',
      route('The home lanes (value.data.lanes)', {
        body: newGameVendorRequestSchema,
        response: { 200: newGameVendorResponse },
      }),
      async (request) => ok(await deps.catalogue.lanes(await publicViewer(request, request.body.language))),
    );

    app.get(
      '/lgw/games/popular',
      route('Most played games of the last 7 days, then the hot ones', {
        querystring: popularGamesQuerySchema,
        response: { 200: gameCardListResponse },
      }),
      async (request) =>
        ok(
          await deps.catalogue.popular(
            await publicViewer(request, request.query.language),
            request.query.gameType,
            request.query.count,
          ),
        ),
    );

    app.post(
      '/wps/relay/MCSFE_getFavoriteGames',
      route(
        'Toggles one favourite game',
        {
          description:
            'Errors: not_logged_in 401, game_not_found 404, invalid_request 400 (vendor or gameType not the game’s).',
          body: favouriteToggleRequestSchema,
          response: { 200: favouriteToggleResponse },
        },
        MEMBER,
      ),
      async (request) =>
        ok(await deps.catalogue.toggleFavourite(memberViewer(request, undefined), request.body)),
    );

    app.post(
      '/wps/relay/MCSFE_getFavoriteGamesList',
      route(
        "The member's favourite games, newest first",
        {
          body: favouriteListRequestSchema,
          response: { 200: favouriteListResponse },
        },
        MEMBER,
      ),
      async (request) => {
        const { body } = request;
        return ok(
          await deps.catalogue.favourites(
            memberViewer(request, body.language),
            { gameType: body.gameType, vendor: body.vendor },
            { pageNo: body.pageNo, pageSize: body.pageSize },
          ),
        );
      },
    );

    app.post(
      '/wps/relay/GCS_recentGame',
      route(
        "The member's launched games, last launched first",
        {
          body: recentGamesRequestSchema,
          response: { 200: recentGamesResponse },
        },
        MEMBER,
      ),
      async (request) => {
        const { body } = request;
        return ok(
          await deps.catalogue.recent(
            memberViewer(request, body.language),
            { gameType: body.type, vassalage: body.vassalage },
            { pageNo: body.page, pageSize: body.pageSize },
          ),
        );
      },
    );

    app.get(
      '/wps/game/launchGame',
      route('Where a game opens (value.content: the URL for the game pop-up)', {
        description:
          'Login required unless trial=1 (only for games with supportPlay 0). Errors: not_logged_in 401, ' +
          'password_change_required 403 (real launch by a session that must change its password), ' +
          'in_need_true_account 403 (trial / type-4 account, real launch), game_not_found 404 (unknown or ' +
          'switched off), game_trial_unavailable 400, game_maintenance 503.',
        querystring: launchGameQuerySchema,
        response: { 200: launchGameResponse },
      }),
      async (request) => {
        const actor = await optionalActor(request, request.query.trial !== '1');
        return ok(
          await deps.launch.launch({
            host: hostOf(request),
            actor,
            nodeId: request.query.nodeId,
            trial: request.query.trial === '1',
            language: request.query.language,
          }),
        );
      },
    );

    app.get(
      '/wps/member/betRecords',
      route(
        "The member's game rounds, newest first, with totals over the filter",
        {
          description:
            'Dates yyyy-MM-dd (UTC days), both inclusive, at most 92 days; the last 7 days by default. ' +
            'A rolled-back round is listed but adds nothing to the totals.',
          querystring: betRecordsQuerySchema,
          response: { 200: betRecordsResponse },
        },
        MEMBER,
      ),
      async (request) =>
        ok(
          await deps.betRecords.list({
            actor: actorOf(request),
            ...request.query,
          }),
        ),
    );
  };
}

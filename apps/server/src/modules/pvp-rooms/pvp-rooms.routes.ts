import { roomListQuerySchema, roomListResponse } from '@lotus/shared/games.schema';
import {
  PVP_API,
  PVP_VENDOR_CODE,
  pvpActionRequestSchema,
  pvpRoomParamsSchema,
  pvpTableResponse,
} from '@lotus/shared/pvp.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { PvpRoomsService } from './pvp-rooms.service.ts';

const route = routeOptionsIn(['pvp']);

const ACTION_ERRORS =
  'Errors: not_logged_in 401, in_need_true_account 403, pvp_room_not_found 404, idempotency_key_required 400 ' +
  '(sit, leave), idempotency_key_reused 409, pvp_seat_taken 409, pvp_seat_invalid 400, pvp_already_seated 409, ' +
  'pvp_not_seated 409, pvp_buy_in_out_of_range 400, insufficient_funds 409, limit_reached 403, ' +
  'reality_check_due 409, pvp_not_in_hand 409, pvp_not_your_turn 409, pvp_already_seen 409, ' +
  'pvp_bet_invalid 400 (details: allowedMinor), pvp_stack_short 409, pvp_show_not_allowed 409, ' +
  'pvp_side_show_not_allowed 409, pvp_action_invalid 409, pvp_table_moved 409, pvp_sit_cancelled 409, ' +
  'service_unavailable 503.';

/** The PVP rooms' member calls (docs/pvp.md "Server"), with SPEC §7's room list `GLS2_roomList`. */
export function pvpRoomsRoutes(rooms: PvpRoomsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/relay/GLS2_roomList',
      route(
        "The brand's PVP rooms: stakes, seats taken, waiting or playing",
        {
          description:
            'Login required. `vassalage` filters by vendor (only PVP has rooms). Errors: not_logged_in 401.',
          querystring: roomListQuerySchema,
          response: { 200: roomListResponse },
        },
        { auth: 'required' },
      ),
      async (request) => {
        const actor = actorOf(request);
        const { vassalage, language } = request.query;
        if (vassalage !== undefined && vassalage !== PVP_VENDOR_CODE) return ok({ list: [] });
        const list = await rooms.list(actor.brandId, (language ?? actor.language ?? 'EN').toUpperCase());
        return ok({
          list: list.map((room) => ({
            ...room,
            roomName: room.name,
            vassalage: PVP_VENDOR_CODE,
            players: room.seatsTaken,
          })),
        });
      },
    );

    app.get(
      `${PVP_API}/rooms/:roomCode`,
      route(
        'A PVP table as the member sees it (their own cards only once seen)',
        {
          description: 'Login required. Errors: not_logged_in 401, pvp_room_not_found 404.',
          params: pvpRoomParamsSchema,
          response: { 200: pvpTableResponse },
        },
        { auth: 'required' },
      ),
      async (request) => ok(await rooms.table(actorOf(request), request.params.roomCode)),
    );

    app.post(
      `${PVP_API}/rooms/:roomCode/actions`,
      route(
        'One action at a PVP table: sit and leave move money (Idempotency-Key), the others play the hand',
        {
          description: `Answers the table as the member now sees it. ${ACTION_ERRORS}`,
          params: pvpRoomParamsSchema,
          body: pvpActionRequestSchema,
          response: { 200: pvpTableResponse },
        },
        { auth: 'required' },
      ),
      async (request) => {
        const body = request.body;
        const key = body.type === 'sit' || body.type === 'leave' ? idempotencyKeyOf(request) : null;
        return ok(await rooms.act(actorOf(request), request.params.roomCode, body, key));
      },
    );
  };
}

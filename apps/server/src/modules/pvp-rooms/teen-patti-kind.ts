import { createHmac } from 'node:crypto';
import type { Hmac } from '@lotus/games/fair';
import {
  activeSeats,
  chaalAmounts,
  createTeenPattiTable,
  reduceTeenPatti,
  seatToAct,
  type TableRuleCode,
  TableRuleError,
  type TeenPattiAction,
  type TeenPattiTable,
} from '@lotus/games/pvp/teen-patti-table';
import type { Card } from '@lotus/games/types';
import type { ErrorCode } from '@lotus/shared/error-codes';
import type { PvpCard, PvpEvent, PvpSeatStatus } from '@lotus/shared/pvp.schema';
import { AppError } from '../../lib/app-error.ts';
import type {
  PvpGameKindModule,
  PvpMove,
  PvpRecordedEvent,
  PvpRoomConfig,
  PvpSeatOfKind,
} from './pvp-kind-types.ts';

/** node:crypto's HMAC for the shuffle: the same bytes as the package's pure one, much faster. */
const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();

/** The reducer's refusals as the API's error codes (docs/pvp.md "Server"). */
const RULE_CODES: Record<TableRuleCode, ErrorCode> = {
  action_invalid: 'pvp_action_invalid',
  seat_invalid: 'pvp_seat_invalid',
  seat_taken: 'pvp_seat_taken',
  seat_empty: 'pvp_not_seated',
  already_seated: 'pvp_already_seated',
  buy_in_out_of_range: 'pvp_buy_in_out_of_range',
  hand_in_progress: 'pvp_action_invalid',
  no_hand: 'pvp_not_in_hand',
  not_enough_players: 'pvp_action_invalid',
  fair_invalid: 'pvp_action_invalid',
  not_in_hand: 'pvp_not_in_hand',
  not_your_turn: 'pvp_not_your_turn',
  already_seen: 'pvp_already_seen',
  bet_invalid: 'pvp_bet_invalid',
  chips_short: 'pvp_stack_short',
  show_not_allowed: 'pvp_show_not_allowed',
  side_show_not_allowed: 'pvp_side_show_not_allowed',
};

function actionOf(move: PvpMove): TeenPattiAction {
  if (move.type !== 'play') return move;
  const { seat, request } = move;
  switch (request.type) {
    case 'chaal':
      return { type: 'chaal', seat, amountMinor: BigInt(request.amountMinor) };
    case 'side-show-reply':
      return { type: 'side-show-reply', seat, accept: request.accept };
    default:
      return { type: request.type, seat };
  }
}

const cardsOf = (cards: readonly Card[]): PvpCard[] => cards.map((c) => ({ rank: c.rank, suit: c.suit }));
const str = (value: unknown): string => String(value);

/**
 * Teen Patti (packages/games/src/pvp/teen-patti-table.ts) in the room layer. Cards leave the server only
 * as `view` and `eventsView` put them: a player's own once they have seen, everyone's still in at a show.
 */
export const teenPattiKind: PvpGameKindModule = {
  kind: 'teen-patti',

  createTable(config: PvpRoomConfig) {
    return createTeenPattiTable(config);
  },

  reduce(table, move) {
    const result = reduceTeenPatti(table as TeenPattiTable, actionOf(move), nodeHmac);
    if (result instanceof TableRuleError) {
      const details =
        result.code === 'bet_invalid' && move.type === 'play'
          ? allowedChaal(table as TeenPattiTable, move.seat)
          : undefined;
      throw new AppError(RULE_CODES[result.code], {
        message: result.message,
        ...(details ? { details } : {}),
      });
    }
    return { table: result.table, events: result.events as unknown as PvpRecordedEvent[] };
  },

  seatToAct: (table) => seatToAct(table as TeenPattiTable),

  canStart(table) {
    const t = table as TeenPattiTable;
    if (t.hand) return false;
    return t.seats.filter((s) => s !== null && s.chipsMinor >= t.config.bootMinor).length >= 2;
  },

  handNumber: (table) => (table as TeenPattiTable).hand?.number ?? null,

  seats: (table) => (table as TeenPattiTable).seats.map((s) => s && { ...s }),

  moneyOnTable(table) {
    const t = table as TeenPattiTable;
    return {
      chipsMinor: t.seats.reduce((sum, s) => sum + (s?.chipsMinor ?? 0n), 0n),
      potMinor: t.hand?.potMinor ?? 0n,
      rakeTakenMinor: t.rakeTakenMinor,
    };
  },

  view(table, viewerSeat) {
    const t = table as TeenPattiTable;
    const hand = t.hand;
    const seats = t.seats.map((player, seat): PvpSeatOfKind | null => {
      if (!player) return null;
      const inHand = hand?.seats[seat];
      const mine = inHand && inHand.playerId === player.playerId ? inHand : null;
      const status: PvpSeatStatus = !mine ? 'waiting' : mine.packed ? 'packed' : mine.seen ? 'seen' : 'blind';
      return {
        stackMinor: player.chipsMinor.toString(),
        status,
        inPotMinor: (mine?.inPotMinor ?? 0n).toString(),
        // Never another player's cards during the hand; one's own only once seen.
        cards: mine && seat === viewerSeat && mine.seen ? cardsOf(mine.cards) : null,
      };
    });
    const toAct = seatToAct(t);
    const mine = hand && viewerSeat !== null ? hand.seats[viewerSeat] : null;
    const inHand = !!mine && !mine.packed && t.seats[viewerSeat ?? -1]?.playerId === mine.playerId;
    const left = hand ? activeSeats(hand).length : 0;
    const myTurn = inHand && toAct === viewerSeat;
    const replying = inHand && hand?.sideShow?.to === viewerSeat;
    const onTurn = myTurn && !replying;
    const previous = hand && viewerSeat !== null ? previousActive(hand.seats, viewerSeat) : null;
    return {
      seats,
      hand: hand && {
        number: hand.number,
        dealer: hand.dealer,
        potMinor: hand.potMinor.toString(),
        stakeMinor: hand.stakeMinor.toString(),
        turnSeat: toAct ?? hand.turn,
        sideShow: hand.sideShow && { ...hand.sideShow },
      },
      choices: {
        myTurn,
        chaalMinor:
          onTurn && hand && viewerSeat !== null
            ? (chaalAmounts(hand, viewerSeat).map(String) as [string, string])
            : null,
        canSee: inHand && !mine?.seen,
        canShow: onTurn && left === 2,
        canSideShow:
          onTurn && left >= 3 && !!mine?.seen && previous !== null && !!hand?.seats[previous]?.seen,
        mustReplySideShow: !!replying,
      },
    };
  },

  eventsView(events, viewerId) {
    /** The viewer's own seat and cards by hand number, from the `dealt` events in view. */
    const myCards = new Map<number, { seat: number; cards: Card[] }>();
    let handNo: number | null = null;
    const out: PvpEvent[] = [];
    for (const event of events) {
      const e = event as Record<string, unknown>;
      switch (event.type) {
        case 'sat':
          out.push({
            type: 'sat',
            seat: Number(e.seat),
            nick: event.nick ?? '',
            buyInMinor: str(e.buyInMinor),
          });
          break;
        case 'left':
          out.push({
            type: 'left',
            seat: Number(e.seat),
            nick: event.nick ?? '',
            chipsMinor: str(e.chipsMinor),
          });
          break;
        case 'dealt': {
          handNo = Number(e.hand);
          const dealt = e.cards as { seat: number; playerId: string; cards: Card[] }[];
          // By player, not by seat: whoever sat at this seat in an earlier hand is someone else.
          const mine = viewerId === null ? undefined : dealt.find((one) => one.playerId === viewerId);
          if (mine) myCards.set(handNo, { seat: mine.seat, cards: mine.cards });
          // The record keeps every card and the fair inputs; the view only who was dealt in.
          out.push({
            type: 'dealt',
            hand: handNo,
            dealer: Number(e.dealer),
            seats: dealt.map((d) => d.seat),
          });
          break;
        }
        case 'seen': {
          const seat = Number(e.seat);
          out.push({ type: 'seen', seat });
          const mine = handNo === null ? undefined : myCards.get(handNo);
          if (mine && mine.seat === seat) out.push({ type: 'cards', seat, cards: cardsOf(mine.cards) });
          break;
        }
        case 'bet':
          out.push({
            type: 'bet',
            seat: Number(e.seat),
            reason: e.reason as 'boot' | 'chaal' | 'show' | 'side-show',
            amountMinor: str(e.amountMinor),
            blind: Boolean(e.blind),
            stakeMinor: str(e.stakeMinor),
            potMinor: str(e.potMinor),
          });
          break;
        case 'turn':
          out.push({ type: 'turn', seat: Number(e.seat) });
          break;
        case 'packed':
          out.push({
            type: 'packed',
            seat: Number(e.seat),
            reason: e.reason as 'pack' | 'timeout' | 'leave' | 'side-show',
          });
          break;
        case 'side-show':
          out.push({
            type: 'side-show',
            from: Number(e.from),
            to: Number(e.to),
            accepted: e.accepted as boolean | null,
            loser: e.loser as number | null,
          });
          break;
        case 'show': {
          const hands = e.hands as { seat: number; cards: Card[]; category: string }[];
          out.push({
            type: 'show',
            reason: e.reason as 'show' | 'pot-limit',
            hands: hands.map((h) => ({
              seat: h.seat,
              cards: cardsOf(h.cards),
              category: h.category as Extract<PvpEvent, { type: 'show' }>['hands'][number]['category'],
            })),
          });
          break;
        }
        case 'rake':
          out.push({ type: 'rake', amountMinor: str(e.amountMinor) });
          break;
        case 'won':
          out.push({
            type: 'won',
            seat: Number(e.seat),
            nick: event.nick ?? '',
            amountMinor: str(e.amountMinor),
          });
          break;
        case 'hand-ended':
          out.push({
            type: 'hand-ended',
            hand: Number(e.hand),
            serverSeed: str(e.serverSeed),
            clientSeed: str(e.clientSeed),
            nonce: Number(e.nonce),
          });
          break;
        default:
          break;
      }
    }
    return out;
  },
};

/** The previous seat still in the hand, counter-clockwise (whom a side show asks). */
function previousActive(
  seats: TeenPattiTable['seats'] | NonNullable<TeenPattiTable['hand']>['seats'],
  from: number,
) {
  const n = seats.length;
  for (let k = 1; k < n; k++) {
    const seat = (((from - k) % n) + n) % n;
    const h = seats[seat] as { packed?: boolean } | null;
    if (h && h.packed === false) return seat;
  }
  return null;
}

function allowedChaal(table: TeenPattiTable, seat: number): Record<string, unknown> | undefined {
  const hand = table.hand;
  if (!hand?.seats[seat]) return undefined;
  return { allowedMinor: chaalAmounts(hand, seat).map(String) };
}

import {
  activeSeats,
  chaalAmounts,
  createTeenPattiTable,
  reduceTeenPatti,
  seatToAct,
  TableRuleError,
  type TeenPattiAction,
  type TeenPattiConfig,
  type TeenPattiTable,
} from '@lotus/games/pvp/teen-patti-table';
import type { Card } from '@lotus/games/types';
import type { PvpCard, PvpEvent, PvpSeatStatus } from '@lotus/shared/pvp.schema';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { storedConfigOf } from './pvp-codec.ts';
import { commonEventView, nodeHmac, refusalOf, storedMinor, storedTableFields } from './pvp-kind-kit.ts';
import type {
  PvpKindRules,
  PvpMove,
  PvpRecordedEvent,
  PvpRoomConfig,
  PvpSeatOfKind,
} from './pvp-kind-types.ts';

/** Teen Patti's config as `pvp_rooms.config` keeps it (minor units as strings). */
const storedSchema = z.object({
  ...storedTableFields,
  bootMinor: storedMinor,
  maxStakeMinor: storedMinor,
  potLimitMinor: storedMinor,
});

/** A Teen Patti table's config as stored in `pvp_rooms.config` (the seed's and the tests' rooms). */
export const storedTeenPattiConfig = (config: TeenPattiConfig) => storedConfigOf(config);

const configOf = (stored: unknown): TeenPattiConfig => storedSchema.parse(stored);

function actionOf(move: PvpMove): TeenPattiAction {
  if (move.type !== 'play') return move;
  const { seat, request } = move;
  switch (request.type) {
    case 'chaal':
      return { type: 'chaal', seat, amountMinor: BigInt(request.amountMinor) };
    case 'side-show-reply':
      return { type: 'side-show-reply', seat, accept: request.accept };
    case 'see':
    case 'pack':
    case 'show':
    case 'side-show':
      return { type: request.type, seat };
    default:
      // Another game's move (a Rummy draw at this table).
      throw new AppError('pvp_action_invalid', { message: `${request.type} is not a Teen Patti action` });
  }
}

const cardsOf = (cards: readonly Card[]): PvpCard[] => cards.map((c) => ({ rank: c.rank, suit: c.suit }));
const str = (value: unknown): string => String(value);

/**
 * Teen Patti (packages/games/src/pvp/teen-patti-table.ts) in the room layer. Cards leave the server only
 * as `view` and `eventsView` put them: a player's own once they have seen, everyone's still in at a show.
 */
export const teenPattiKind: PvpKindRules = {
  kind: 'teen-patti',

  roomConfig(stored): PvpRoomConfig {
    const config = configOf(stored);
    return {
      seats: config.seats,
      minBuyInMinor: config.minBuyInMinor,
      maxBuyInMinor: config.maxBuyInMinor,
      stakes: {
        kind: 'teen-patti',
        bootMinor: config.bootMinor.toString(),
        minBuyInMinor: config.minBuyInMinor.toString(),
        maxBuyInMinor: config.maxBuyInMinor.toString(),
        maxStakeMinor: config.maxStakeMinor.toString(),
        potLimitMinor: config.potLimitMinor.toString(),
        rakeBps: config.rakeBps,
        rakeCapMinor: config.rakeCapMinor.toString(),
      },
      betRangeMinor: [config.bootMinor, config.maxStakeMinor],
    };
  },

  createTable: (stored) => createTeenPattiTable(configOf(stored)),

  reduce(table, move) {
    const result = reduceTeenPatti(table as TeenPattiTable, actionOf(move), nodeHmac);
    if (result instanceof TableRuleError) {
      const details =
        result.code === 'bet_invalid' && move.type === 'play'
          ? allowedChaal(table as TeenPattiTable, move.seat)
          : undefined;
      throw refusalOf(result, details);
    }
    return { table: result.table, events: result.events as unknown as PvpRecordedEvent[] };
  },

  seatToAct: (table) => seatToAct(table as TeenPattiTable),

  canStart(table) {
    const t = table as TeenPattiTable;
    if (t.hand) return false;
    return t.seats.filter((s) => s !== null && s.chipsMinor >= t.config.bootMinor).length >= 2;
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
      rummy: null,
    };
  },

  eventsView(events, viewerId) {
    /** The viewer's own seat and cards by hand number, from the `dealt` events in view. */
    const myCards = new Map<number, { seat: number; cards: Card[] }>();
    /** Every seat's cards in the current hand: an accepted side show shows its two players each other's. */
    let dealtCards = new Map<number, Card[]>();
    let handNo: number | null = null;
    const out: PvpEvent[] = [];
    for (const event of events) {
      const e = event as Record<string, unknown>;
      switch (event.type) {
        case 'dealt': {
          handNo = Number(e.hand);
          const dealt = e.cards as { seat: number; playerId: string; cards: Card[] }[];
          // By player, not by seat: whoever sat at this seat in an earlier hand is someone else.
          const mine = viewerId === null ? undefined : dealt.find((one) => one.playerId === viewerId);
          if (mine) myCards.set(handNo, { seat: mine.seat, cards: mine.cards });
          dealtCards = new Map(dealt.map((d) => [d.seat, d.cards]));
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
        case 'packed':
          out.push({
            type: 'packed',
            seat: Number(e.seat),
            reason: e.reason as 'pack' | 'timeout' | 'leave' | 'side-show',
          });
          break;
        case 'side-show': {
          const from = Number(e.from);
          const to = Number(e.to);
          out.push({
            type: 'side-show',
            from,
            to,
            accepted: e.accepted as boolean | null,
            loser: e.loser as number | null,
          });
          // Compared privately: each of the two sees the other's cards, nobody else does.
          const mySeat = handNo === null ? undefined : myCards.get(handNo)?.seat;
          const other = mySeat === from ? to : mySeat === to ? from : null;
          const theirs = other === null ? undefined : dealtCards.get(other);
          if (e.accepted === true && other !== null && theirs) {
            out.push({ type: 'side-show-cards', seat: other, cards: cardsOf(theirs) });
          }
          break;
        }
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
        default: {
          const common = commonEventView(event);
          if (common) out.push(common);
          break;
        }
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

import { isJoker } from '@lotus/games/pvp/rummy-melds';
import {
  createRummyTable,
  FIRST_DROP_POINTS,
  holdOf,
  MIDDLE_DROP_POINTS,
  type RummyAction,
  type RummyConfig,
  type RummyTable,
  reduceRummy,
  rummySeatToAct,
} from '@lotus/games/pvp/rummy-table';
import { TableRuleError } from '@lotus/games/pvp/table-rules';
import type { PvpEvent, PvpRummy, PvpSeatStatus } from '@lotus/shared/pvp.schema';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { storedConfigOf } from './pvp-codec.ts';
import { commonEventView, nodeHmac, refusalOf, storedMinor, storedTableFields } from './pvp-kind-kit.ts';
import type { PvpKindRules, PvpMove, PvpMoveResult, PvpRoomConfig, PvpSeatOfKind } from './pvp-kind-types.ts';

/** The clock drops a player after this many missed turns in a row unless the room says otherwise. */
export const RUMMY_DEFAULT_MAX_MISSED_TURNS = 3;

/** Points Rummy's config as `pvp_rooms.config` keeps it (minor units as strings). */
const storedSchema = z.object({
  ...storedTableFields,
  pointValueMinor: storedMinor,
  maxMissedTurns: z.number().int().default(RUMMY_DEFAULT_MAX_MISSED_TURNS),
});

/** A Rummy table's config as stored in `pvp_rooms.config` (the seed's and the tests' rooms). */
export const storedRummyConfig = (config: RummyConfig) => storedConfigOf(config);

const configOf = (stored: unknown): RummyConfig => storedSchema.parse(stored);

function actionOf(move: PvpMove): RummyAction {
  if (move.type !== 'play') return move;
  const { seat, request } = move;
  switch (request.type) {
    case 'draw':
      return { type: 'draw', seat, from: request.from };
    case 'discard':
      return { type: 'discard', seat, card: request.card };
    case 'declare':
      return { type: 'declare', seat, card: request.card, groups: request.groups };
    case 'drop':
      return { type: 'drop', seat };
    default:
      // Another game's move (a Teen Patti chaal at this table).
      throw new AppError('pvp_action_invalid', { message: `${request.type} is not a Rummy action` });
  }
}

const NO_RUMMY_CHOICES: PvpRummy['choices'] = {
  canDrawClosed: false,
  canDrawOpen: false,
  canDiscard: false,
  canDeclare: false,
  canDrop: false,
  dropPoints: null,
};

/** The Rummy part of the view: the viewer's own cards only, the others' as counts, the piles' public faces. */
function rummyView(t: RummyTable, viewerSeat: number | null): PvpRummy {
  const hand = t.hand;
  if (!hand) {
    return {
      wildCard: null,
      wildRank: null,
      openTop: null,
      openCount: 0,
      closedCount: 0,
      phase: null,
      myCards: null,
      cardCounts: t.seats.map(() => null),
      choices: NO_RUMMY_CHOICES,
    };
  }
  const mine = viewerSeat === null ? null : hand.seats[viewerSeat];
  const dealtIn = !!mine && t.seats[viewerSeat ?? -1]?.playerId === mine.playerId;
  const onTurn = dealtIn && !mine?.out && hand.turn === viewerSeat;
  const drawing = onTurn && hand.phase === 'draw';
  const top = hand.open.at(-1) ?? null;
  return {
    wildCard: hand.wildCard,
    wildRank: hand.wildRank,
    openTop: top,
    openCount: hand.open.length,
    closedCount: hand.closed.length,
    phase: hand.phase,
    // A player out of the hand still sees the cards they held, until the hand ends.
    myCards: dealtIn && mine ? [...mine.cards] : null,
    cardCounts: hand.seats.map((h) => (h && !h.out ? h.cards.length : null)),
    choices: {
      // The closed pile can always be drawn: an empty one is refilled from the open pile by the reducer.
      canDrawClosed: drawing,
      canDrawOpen: drawing && top !== null && (hand.firstOpen || !isJoker(top, hand.wildRank)),
      canDiscard: onTurn && hand.phase === 'discard',
      canDeclare: onTurn && hand.phase === 'discard',
      canDrop: drawing,
      dropPoints: drawing ? (mine?.drawn ? MIDDLE_DROP_POINTS : FIRST_DROP_POINTS) : null,
    },
  };
}

const str = (value: unknown): string => String(value);
const num = (value: unknown): number => Number(value);
const groupsOf = (value: unknown): number[][] => (value as number[][]).map((g) => g.map(num));

/**
 * 13-card Points Rummy (packages/games/src/pvp/rummy-table.ts) in the room layer. Cards leave the server only
 * as `view` and `eventsView` put them: a player's own hand to them alone, a closed draw's card to its drawer
 * alone, the open pile's cards, a declaration's groups and the losers' counted melds to everyone.
 */
export const rummyKind: PvpKindRules = {
  kind: 'rummy',

  roomConfig(stored): PvpRoomConfig {
    const config = configOf(stored);
    return {
      seats: config.seats,
      minBuyInMinor: config.minBuyInMinor,
      maxBuyInMinor: config.maxBuyInMinor,
      stakes: {
        kind: 'rummy',
        pointValueMinor: config.pointValueMinor.toString(),
        holdMinor: holdOf(config).toString(),
        minBuyInMinor: config.minBuyInMinor.toString(),
        maxBuyInMinor: config.maxBuyInMinor.toString(),
        rakeBps: config.rakeBps,
        rakeCapMinor: config.rakeCapMinor.toString(),
        maxMissedTurns: config.maxMissedTurns,
      },
      // A point, and the most a hand can cost (80 points).
      betRangeMinor: [config.pointValueMinor, holdOf(config)],
    };
  },

  createTable: (stored) => createRummyTable(configOf(stored)),

  reduce(table, move) {
    const result = reduceRummy(table as RummyTable, actionOf(move), nodeHmac);
    if (result instanceof TableRuleError) throw refusalOf(result);
    return { table: result.table, events: result.events as unknown as PvpMoveResult['events'] };
  },

  seatToAct: (table) => rummySeatToAct(table as RummyTable),

  canStart(table) {
    const t = table as RummyTable;
    if (t.hand) return false;
    const hold = holdOf(t.config);
    return t.seats.filter((s) => s !== null && s.chipsMinor >= hold).length >= 2;
  },

  view(table, viewerSeat) {
    const t = table as RummyTable;
    const hand = t.hand;
    const seats = t.seats.map((player, seat): PvpSeatOfKind | null => {
      if (!player) return null;
      const inHand = hand?.seats[seat];
      const mine = inHand && inHand.playerId === player.playerId ? inHand : null;
      const status: PvpSeatStatus = !mine ? 'waiting' : mine.out ? 'out' : 'playing';
      return {
        stackMinor: player.chipsMinor.toString(),
        status,
        inPotMinor: (mine?.inPotMinor ?? 0n).toString(),
        // Rummy cards travel as ids in `rummy.myCards` (two decks: a rank and suit do not name a card).
        cards: null,
      };
    });
    const rummy = rummyView(t, viewerSeat);
    const myTurn = rummy.choices.canDrawClosed || rummy.choices.canDiscard;
    return {
      seats,
      hand: hand && {
        number: hand.number,
        dealer: hand.dealer,
        potMinor: hand.potMinor.toString(),
        stakeMinor: holdOf(t.config).toString(),
        turnSeat: hand.turn,
        sideShow: null,
      },
      choices: {
        myTurn,
        chaalMinor: null,
        canSee: false,
        canShow: false,
        canSideShow: false,
        mustReplySideShow: false,
      },
      rummy,
    };
  },

  eventsView(events, viewerId) {
    /** Who was dealt in at each seat of the hand in view: a closed draw's card goes to its drawer only. */
    let players = new Map<number, string>();
    const out: PvpEvent[] = [];
    for (const event of events) {
      const e = event as Record<string, unknown>;
      switch (event.type) {
        case 'dealt': {
          const dealt = e.cards as { seat: number; playerId: string }[];
          players = new Map(dealt.map((d) => [num(d.seat), d.playerId]));
          // The record keeps every hand and the fair inputs; the view only who was dealt in and the faces up.
          out.push({
            type: 'dealt',
            hand: num(e.hand),
            dealer: num(e.dealer),
            seats: dealt.map((d) => d.seat),
          });
          out.push({
            type: 'cut',
            wildCard: num(e.wildCard),
            wildRank: num(e.wildRank),
            openCard: num(e.openCard),
          });
          break;
        }
        case 'held':
          out.push({
            type: 'held',
            seat: num(e.seat),
            amountMinor: str(e.amountMinor),
            potMinor: str(e.potMinor),
          });
          break;
        case 'drew': {
          const seat = num(e.seat);
          const from = e.from === 'open' ? 'open' : 'closed';
          // Unknown drawer (the window starts mid-hand): hidden, never shown by mistake.
          const visible = from === 'open' || (viewerId !== null && players.get(seat) === viewerId);
          out.push({ type: 'drew', seat, from, card: visible ? num(e.card) : null });
          break;
        }
        case 'reshuffled':
          out.push({ type: 'reshuffled', cards: num(e.cards) });
          break;
        case 'discarded':
          out.push({ type: 'discarded', seat: num(e.seat), card: num(e.card) });
          break;
        case 'missed':
          out.push({ type: 'missed', seat: num(e.seat), count: num(e.count) });
          break;
        case 'dropped':
          out.push({
            type: 'dropped',
            seat: num(e.seat),
            reason: e.reason as 'drop' | 'timeout' | 'leave',
            points: num(e.points),
          });
          break;
        case 'declared':
          out.push({
            type: 'declared',
            seat: num(e.seat),
            card: num(e.card),
            groups: groupsOf(e.groups),
            valid: Boolean(e.valid),
            reason: (e.reason ?? null) as Extract<PvpEvent, { type: 'declared' }>['reason'],
          });
          break;
        case 'released':
          out.push({ type: 'released', seat: num(e.seat), amountMinor: str(e.amountMinor) });
          break;
        case 'lost':
          out.push({
            type: 'lost',
            seat: num(e.seat),
            nick: event.nick ?? '',
            reason: e.reason as Extract<PvpEvent, { type: 'lost' }>['reason'],
            points: num(e.points),
            amountMinor: str(e.amountMinor),
            melds: e.melds ? groupsOf(e.melds) : null,
          });
          break;
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

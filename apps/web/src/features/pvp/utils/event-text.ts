import { rummyCard } from '@lotus/games/pvp/rummy-melds';
import type { PvpCard, PvpEvent, PvpSeat } from '@lotus/shared/pvp.schema';
import { cardText } from '../../../components/games/playing-card.tsx';
import type { TFunction } from '../../../lib/i18n.ts';
import { moneyText } from '../../../lib/money/money.ts';

/** A seat's name for the log and announcements: its nick, or "Seat 3" once it is gone. */
export function nickResolver(t: TFunction, seats: readonly (PvpSeat | null)[]) {
  return (seat: number) => seats[seat]?.nick ?? t('pvp:table.seatLabelShort', { seat: seat + 1 });
}

const cardsText = (cards: readonly PvpCard[]) => cards.map(cardText).join(' ');

/** A Rummy card id in short text ("K♠"; a printed joker by its name). */
export function rummyCardText(t: TFunction, id: number): string {
  const face = rummyCard(id);
  return face ? cardText(face) : t('pvp:rummy.printedJoker');
}

const groupsText = (t: TFunction, groups: readonly (readonly number[])[]) =>
  groups.map((group) => group.map((id) => rummyCardText(t, id)).join(' ')).join(' | ');

/** The Rummy events' lines (docs/pvp.md "Rummy"); undefined for the events both games share. */
function rummyEventText(
  t: TFunction,
  event: PvpEvent,
  nickOf: (seat: number) => string,
  money: (minor: string) => string,
): string | undefined {
  const card = (id: number) => rummyCardText(t, id);
  switch (event.type) {
    case 'cut':
      return t('pvp:log.cut', { card: card(event.wildCard), open: card(event.openCard) });
    case 'held':
      return t('pvp:log.held', { nick: nickOf(event.seat), amount: money(event.amountMinor) });
    case 'drew':
      if (event.from === 'open')
        return t('pvp:log.drewOpen', { nick: nickOf(event.seat), card: card(event.card ?? 0) });
      // A closed draw's card comes only to its drawer.
      return event.card === null
        ? t('pvp:log.drewClosed', { nick: nickOf(event.seat) })
        : t('pvp:log.drewMine', { card: card(event.card) });
    case 'reshuffled':
      return t('pvp:log.reshuffled', { count: event.cards });
    case 'discarded':
      return t('pvp:log.discarded', { nick: nickOf(event.seat), card: card(event.card) });
    case 'missed':
      return t('pvp:log.missed', { nick: nickOf(event.seat), count: event.count });
    case 'dropped':
      return t(`pvp:log.dropped.${event.reason}`, { nick: nickOf(event.seat), points: event.points });
    case 'declared':
      return t(event.valid ? 'pvp:log.declaredValid' : 'pvp:log.declaredWrong', {
        nick: nickOf(event.seat),
        groups: groupsText(t, event.groups),
      });
    case 'released':
      return t('pvp:log.released', { nick: nickOf(event.seat), amount: money(event.amountMinor) });
    case 'lost':
      return t('pvp:log.lost', { nick: event.nick, points: event.points, amount: money(event.amountMinor) });
    default:
      return undefined;
  }
}

/**
 * One line of the table log, in the viewer's language. Events carry seats; names come from the snapshot's
 * seats (a `sat`, `left` and `won` event names the player itself, since the seat may be empty by now).
 * `previous` tells a side show asked (right after the asker's side-show bet) from one that lapsed (the same
 * event, `accepted` and `loser` null, after one of the two left).
 */
export function eventText(
  t: TFunction,
  event: PvpEvent,
  nickOf: (seat: number) => string,
  symbol: string,
  previous: PvpEvent | null = null,
): string {
  const money = (minor: string) => moneyText(minor, symbol);
  switch (event.type) {
    case 'sat':
      return t('pvp:log.sat', { nick: event.nick, amount: money(event.buyInMinor) });
    case 'left':
      return t('pvp:log.left', { nick: event.nick, amount: money(event.chipsMinor) });
    case 'dealt':
      return t('pvp:log.dealt', { hand: event.hand });
    case 'cards':
      return t('pvp:log.cards', { cards: cardsText(event.cards) });
    case 'side-show-cards':
      return t('pvp:log.sideShowCards', { nick: nickOf(event.seat), cards: cardsText(event.cards) });
    case 'seen':
      return t('pvp:log.seen', { nick: nickOf(event.seat) });
    case 'bet': {
      const key = event.reason === 'chaal' && event.blind ? 'chaalBlind' : event.reason;
      return t(`pvp:log.bet.${key}`, { nick: nickOf(event.seat), amount: money(event.amountMinor) });
    }
    case 'turn':
      return t('pvp:log.turn', { nick: nickOf(event.seat) });
    case 'packed':
      return t(`pvp:log.packed.${event.reason}`, { nick: nickOf(event.seat) });
    case 'side-show': {
      const asked = previous?.type === 'bet' && previous.reason === 'side-show';
      const outcome =
        event.accepted === null ? (asked ? 'asked' : 'lapsed') : event.accepted ? 'accepted' : 'declined';
      return t(`pvp:log.sideShow.${outcome}`, { from: nickOf(event.from), to: nickOf(event.to) });
    }
    case 'show':
      return t('pvp:log.show', {
        hands: event.hands
          .map((hand) =>
            t('pvp:log.showHand', {
              nick: nickOf(hand.seat),
              cards: cardsText(hand.cards),
              category: t(`pvp:categories.${hand.category}`),
            }),
          )
          .join('; '),
      });
    case 'rake':
      return t('pvp:log.rake', { amount: money(event.amountMinor) });
    case 'won':
      return t('pvp:log.won', { nick: event.nick, amount: money(event.amountMinor) });
    case 'hand-ended':
      return t('pvp:log.handEnded', { hand: event.hand, seed: event.serverSeed });
    default:
      return rummyEventText(t, event, nickOf, money) ?? '';
  }
}

/** The `won` events of the last finished hand in the log (after its last `dealt`), oldest first. */
export function lastHandWins(events: readonly PvpEvent[]): Extract<PvpEvent, { type: 'won' }>[] {
  let start = 0;
  events.forEach((event, index) => {
    if (event.type === 'dealt') start = index;
  });
  return events
    .slice(start)
    .filter((event): event is Extract<PvpEvent, { type: 'won' }> => event.type === 'won');
}

/**
 * The hands shown at the last hand's show (the `show` event after its `dealt`), by seat: a seat's own `cards`
 * are only ever the viewer's, so the others' are turned face up from this event, and stay so until the next
 * deal.
 */
export function shownHands(events: readonly PvpEvent[]): Map<number, PvpCard[]> {
  let start = 0;
  events.forEach((event, index) => {
    if (event.type === 'dealt') start = index;
  });
  const shown = new Map<number, PvpCard[]>();
  for (const event of events.slice(start)) {
    if (event.type === 'show') for (const hand of event.hands) shown.set(hand.seat, hand.cards);
  }
  return shown;
}

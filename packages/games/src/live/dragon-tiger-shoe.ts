import { settleDragonTigerCards } from '../dragon-tiger.ts';
import type { DragonTigerBet, DragonTigerOutcome } from '../types.ts';
import { dealCard, type Shoe } from './shoe.ts';

/**
 * Dragon Tiger at a live table: the same rules and pays as dragon-tiger.ts, but the two cards of a round
 * (dragon's first, then tiger's) come off the table's shared 8-deck shoe instead of a fresh shoe per round.
 * Every round takes exactly two cards, so each round's pair of cards is as likely as the first two of a
 * fresh shoe: the exact odds of dragon-tiger.ts hold round by round.
 */
export function dealDragonTiger(shoe: Shoe, bets: DragonTigerBet[] = []): DragonTigerOutcome {
  const dragon = dealCard(shoe);
  const tiger = dealCard(shoe);
  return settleDragonTigerCards(bets, dragon, tiger);
}

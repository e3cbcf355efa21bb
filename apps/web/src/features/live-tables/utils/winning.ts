import type { LiveOutcome } from '@lotus/shared/live.schema';

/**
 * The spots lit as won once the outcome is out (what the eye looks for; the settlement itself is the
 * server's): the winner, baccarat's pairs, roulette's pocket and its even chances, sic bo's total.
 */
export function winningSpots(outcome: LiveOutcome | null): Set<string> {
  const won = new Set<string>();
  if (!outcome) return won;
  switch (outcome.game) {
    case 'baccarat':
      won.add(outcome.winner);
      if (outcome.playerPair) won.add('player-pair');
      if (outcome.bankerPair) won.add('banker-pair');
      break;
    case 'dragon-tiger':
    case 'andar-bahar':
      won.add(outcome.winner);
      break;
    case 'sic-bo': {
      won.add(`total:${outcome.total}`);
      for (const face of outcome.dice) won.add(`single:${face}`);
      const triple = outcome.dice[0] === outcome.dice[1] && outcome.dice[1] === outcome.dice[2];
      if (triple) won.add('any-triple').add(`triple:${outcome.dice[0]}`);
      else {
        won.add(outcome.total <= 10 ? 'small' : 'big').add(outcome.total % 2 === 1 ? 'odd' : 'even');
      }
      break;
    }
    case 'roulette':
      won.add(`straight:${outcome.pocket}`);
      if (outcome.pocket > 0) {
        won
          .add(outcome.colour)
          .add(outcome.pocket % 2 === 1 ? 'odd' : 'even')
          .add(outcome.pocket <= 18 ? 'low' : 'high');
      }
      break;
  }
  return won;
}

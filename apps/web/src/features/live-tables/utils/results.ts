import type { LiveOutcome } from '@lotus/shared/live.schema';

/**
 * A past round in a few characters for the "last results" strip, and the colour it is drawn in: the
 * winner's letter (baccarat P B T, dragon tiger D T, Andar Bahar A B: liveTables `results.*` keys), the
 * roulette pocket or the sic bo dice.
 */
export type ResultMark = { key: string; text?: string; tone: 'red' | 'blue' | 'green' | 'black' | 'gold' };

export function resultMark(outcome: LiveOutcome): ResultMark {
  switch (outcome.game) {
    case 'baccarat':
      return {
        key: `results.${outcome.winner}`,
        tone: outcome.winner === 'banker' ? 'red' : outcome.winner === 'player' ? 'blue' : 'green',
      };
    case 'dragon-tiger':
      return {
        key: `results.${outcome.winner}`,
        tone: outcome.winner === 'dragon' ? 'red' : outcome.winner === 'tiger' ? 'blue' : 'green',
      };
    case 'andar-bahar':
      return { key: `results.${outcome.winner}`, tone: outcome.winner === 'andar' ? 'blue' : 'red' };
    case 'roulette':
      return { key: '', text: String(outcome.pocket), tone: outcome.colour };
    case 'sic-bo':
      return { key: '', text: `${outcome.dice.join('')}·${outcome.total}`, tone: 'gold' };
  }
}

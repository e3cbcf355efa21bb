/**
 * A bet the rules refuse; `code` is the platform error code (packages/shared/src/error-codes.ts). Its own
 * file so that a game's rules can throw it without importing `play.ts`, which imports every game.
 */
export type GameRuleErrorCode = 'bet_invalid' | 'bet_limit';

export class GameRuleError extends Error {
  readonly code: GameRuleErrorCode;
  constructor(code: GameRuleErrorCode, message: string) {
    super(message);
    this.name = 'GameRuleError';
    this.code = code;
  }
}

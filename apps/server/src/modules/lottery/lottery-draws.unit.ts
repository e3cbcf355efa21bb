import type { LotteryFamily, LotteryVariant } from '@lotus/games/lottery/index';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { LotteryDrawsRepository, type LotteryGameRecord } from './lottery-draws.repository.ts';

/** What a lottery draws transaction works on: the lottery rows and the audit log. */
export function lotteryDrawsRepositories(trx: Tx) {
  return { lottery: new LotteryDrawsRepository(trx), audit: new AuditRepository(trx) };
}
export type LotteryDrawsRepos = ReturnType<typeof lotteryDrawsRepositories>;

/** The brand of a request's host (the system module resolves it; app.ts wires it). */
export type LotteryBrandOf = (host: string | null) => Promise<{ id: bigint }>;

/** The draws services' shared wiring. */
export type LotteryDrawsUnit = {
  uow: UnitOfWork<LotteryDrawsRepos>;
  reads: LotteryDrawsRepository;
  clock: Clock;
};

export function lotteryDrawsUnit(deps: { db: Db; clock: Clock }): LotteryDrawsUnit {
  return {
    uow: new UnitOfWork(deps.db, lotteryDrawsRepositories),
    reads: new LotteryDrawsRepository(deps.db),
    clock: deps.clock,
  };
}

/** The public id of a draw (`<gameCode>-<drawNo>`), also an in-house draw's HMAC client seed. */
export const drawIdOf = (gameCode: string, drawNo: string) => `${gameCode}-${drawNo}`;

/** `<gameCode>-<drawNo>` split; the draw number is the trailing `YYYYMMDD` or `YYYYMMDD-NNNN`. */
export function parseDrawId(drawId: string): { gameCode: string; drawNo: string } {
  const match = /^([a-z0-9][a-z0-9-]{1,39}?)-([0-9]{8}(?:-[0-9]{4})?)$/.exec(drawId);
  if (!match?.[1] || !match[2]) throw new AppError('lottery_draw_not_found');
  return { gameCode: match[1], drawNo: match[2] };
}

/** The maths' view of a game row. */
export const mathsKey = (game: { family: string; variant: string }) => ({
  family: game.family as LotteryFamily,
  variant: game.variant as LotteryVariant,
});

/** A game's name in a language (the catalogue keys names by upper-case code: EN, HI), else English. */
export function nameOf(game: Pick<LotteryGameRecord, 'names' | 'game_code'>, language: string | undefined) {
  const names = game.names ?? {};
  return (language ? names[language.toUpperCase()] : undefined) ?? names.EN ?? game.game_code;
}

import { randomBytes } from 'node:crypto';
import type { LaunchGame } from '@lotus/shared/games.schema';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/request-hash.ts';
import type { GameCardsContext } from './games.service.ts';

export type LaunchRequest = {
  host: string | null;
  /** The logged-in player (and the login session it launches from), or null for a visitor. */
  actor: Actor | null;
  nodeId: string;
  trial: boolean;
  language?: string | undefined;
};

/** The launch token's hash as stored: the vendor presents the token, the platform looks up its hash. */
export function launchTokenHash(token: string): string {
  return sha256Hex(token);
}

/**
 * `GET /wps/game/launchGame` (docs/games-contract.md "Launch URL"). A real launch needs a real account and
 * creates a launch session the vendor authenticates with; a trial launch plays with the vendor's demo
 * money, needs no login and no session, and is offered only for games with supportPlay 0 (SPEC §2).
 */
export class LaunchService {
  readonly #ctx: GameCardsContext;

  constructor(context: GameCardsContext) {
    this.#ctx = context;
  }

  async launch(request: LaunchRequest): Promise<LaunchGame> {
    const { actor } = request;
    if (!request.trial) {
      // Checked before the game so a visitor learns to log in, not whether a game id exists.
      if (!actor) throw new AppError('not_logged_in');
      // Trial (free-play) and type-4 accounts hold no real money (SPEC §6).
      requireReal(actor);
    }

    const hostBrand = await this.#ctx.findBrand(request.host);
    const brandId = actor?.brandId ?? hostBrand.id;
    const game = await this.#ctx.repository.findGame(brandId, BigInt(request.nodeId));
    // A switched-off game or vendor is gone as far as players are concerned.
    if (!game?.enabled || !game.vendorEnabled) throw new AppError('game_not_found');
    // A vendor without a launch URL cannot be reached: for the player that is the same as maintenance.
    if (game.maintenance || game.launchUrl === null) throw new AppError('game_maintenance');
    if (request.trial && game.supportPlay !== 0) throw new AppError('game_trial_unavailable');

    const language = (
      request.language ??
      actor?.language ??
      (brandId === hostBrand.id ? hostBrand.defaultLanguage : 'EN')
    ).toUpperCase();
    const now = this.#ctx.clock.now();
    const params = new URLSearchParams();
    let tokenHash: string | null = null;
    if (request.trial) {
      params.set('trial', '1');
    } else {
      const token = randomBytes(32).toString('base64url');
      tokenHash = launchTokenHash(token);
      params.set('token', token);
    }
    params.set('game', game.gameCode);
    params.set('lang', language);

    if (actor) {
      const launch = {
        tokenHash,
        loginSessionId: actor.sessionId,
        brandId,
        memberId: actor.memberId,
        gameId: game.id,
        vendorId: game.vendorId,
        now,
        expiresAt: new Date(now.getTime() + game.sessionMinutes * 60_000),
      };
      const recorded = await this.#ctx.uow.run(({ games }) => games.recordLaunch(launch));
      // The login session was revoked (logout, password change, lock) while this launch was on its way.
      if (!recorded) throw new AppError('not_logged_in');
    }
    const separator = game.launchUrl.includes('?') ? '&' : '?';
    return {
      content: `${game.launchUrl}${separator}${params.toString()}`,
      nodeId: request.nodeId,
      trial: request.trial,
      mode: 'popup',
    };
  }
}

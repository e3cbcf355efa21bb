import { randomBytes } from 'node:crypto';
import type { sportsSessionSchema } from '@lotus/shared/sportsbook.schema';
import type { z } from 'zod';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  hashToken,
  refusalError,
  type WalletClientSource,
} from '../inhouse-vendor/inhouse-vendor.service.ts';
// The lottery's helper: a wallet call whose transport failed is `service_unavailable` (one rule for both books).
import { walletCall } from '../lottery/lottery-sessions.service.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import { SportsBetsRepository, type SportsSession } from './sportsbook-bets.repository.ts';

export { walletCall };

type SessionView = z.infer<typeof sportsSessionSchema>;

/**
 * The player's sportsbook sessions (docs/sportsbook.md step 1), as the lottery's: a platform launch token is
 * authenticated through the protocol; the book keeps the wallet's session and player id and hands the
 * browser its own token (only its hash is stored). A session is not tied to the launched catalogue game:
 * the player bets on any event of the brand's sports, e-sports and cockfight.
 */
export class SportsSessionsService {
  readonly #repository: SportsBetsRepository<Db>;
  readonly #uow: UnitOfWork<{ bets: SportsBetsRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;

  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock }) {
    this.#repository = new SportsBetsRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ bets: new SportsBetsRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#clock = deps.clock;
  }

  async open(launchToken: string): Promise<SessionView> {
    // Launch tokens are printable ASCII; anything else is no launch session (not a wallet outage).
    if (!/^[\x21-\x7e]+$/.test(launchToken)) throw new AppError('not_logged_in');
    const client = await this.#wallet();
    const auth = await walletCall(() => client.authenticate(launchToken));
    if (auth.status !== 'OK') {
      throw new AppError(auth.status === 'SESSION_EXPIRED' ? 'session_expired' : 'not_logged_in');
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(auth.sessionExpiresAt);
    await this.#uow.run(({ bets }) =>
      bets.createSession({
        tokenHash: hashToken(token),
        playerRef: auth.playerId,
        walletSession: auth.sessionToken,
        currency: auth.currency,
        language: auth.language,
        expiresAt,
      }),
    );
    return {
      sessionToken: token,
      playerRef: auth.playerId,
      currency: auth.currency,
      language: auth.language,
      balanceMinor: String(auth.balanceMinor),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The session a request's `x-sportsbook-session` names; 401 when missing, unknown or expired. */
  async sessionOf(token: string | undefined): Promise<SportsSession> {
    if (!token) throw new AppError('not_logged_in');
    const session = await this.#repository.sessionByTokenHash(hashToken(token));
    if (!session) throw new AppError('not_logged_in');
    if (session.expiresAt.getTime() <= this.#clock.now().getTime()) throw new AppError('session_expired');
    return session;
  }
}

export async function sportsWalletBalance(
  client: SeamlessWalletClient,
  session: SportsSession,
): Promise<bigint> {
  const result = await walletCall(() =>
    client.balance({ playerId: session.playerRef, sessionToken: session.walletSession }),
  );
  if (result.status !== 'OK') throw refusalError(result);
  return result.balanceMinor;
}

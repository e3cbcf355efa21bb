import { randomBytes } from 'node:crypto';
import type { sportsSessionSchema } from '@lotus/shared/sportsbook.schema';
import type { z } from 'zod';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken, type WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import { SportsBetsRepository, type SportsSession } from './sportsbook-bets.repository.ts';
import { walletCall } from './sportsbook-betting.protocol.ts';

type SessionView = z.infer<typeof sportsSessionSchema>;

/** The platform's answer to a launch token: the player, or 401 (expired or unknown). */
async function authenticated(wallet: WalletClientSource, launchToken: string) {
  // Launch tokens are printable ASCII; anything else is no launch session (not a wallet outage), known
  // before the book's wallet client is even needed.
  if (!/^[\x21-\x7e]+$/.test(launchToken)) throw new AppError('not_logged_in');
  const client: SeamlessWalletClient = await wallet();
  const answer = await walletCall(() => client.authenticate(launchToken));
  if (answer.status === 'OK') return answer;
  throw new AppError(answer.status === 'SESSION_EXPIRED' ? 'session_expired' : 'not_logged_in');
}

/**
 * The player's sportsbook sessions (docs/sportsbook.md step 1), as the lottery's: a platform launch token is
 * authenticated through the protocol; the book keeps the wallet's session and player id and hands the
 * browser its own token (only its hash is stored). A session is not tied to the launched catalogue game:
 * the player bets on any event of the brand's sports, e-sports and cockfight.
 */
export class SportsSessionsService {
  readonly #deps: { db: Db; wallet: WalletClientSource; clock: Clock };
  readonly #reads: SportsBetsRepository<Db>;
  readonly #writes: UnitOfWork<{ bets: SportsBetsRepository<Tx> }>;

  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock }) {
    this.#deps = deps;
    this.#reads = new SportsBetsRepository(deps.db);
    this.#writes = new UnitOfWork(deps.db, (trx) => ({ bets: new SportsBetsRepository(trx) }));
  }

  async open(launchToken: string): Promise<SessionView> {
    const auth = await authenticated(this.#deps.wallet, launchToken);
    const sessionToken = randomBytes(32).toString('base64url');
    const session = {
      playerRef: auth.playerId,
      walletSession: auth.sessionToken,
      currency: auth.currency,
      language: auth.language,
      expiresAt: new Date(auth.sessionExpiresAt),
    };
    await this.#writes.run(({ bets }) => bets.createSession(hashToken(sessionToken), session));
    return {
      sessionToken,
      playerRef: session.playerRef,
      currency: session.currency,
      language: session.language,
      balanceMinor: String(auth.balanceMinor),
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  /** The session a request's `x-sportsbook-session` names; 401 when missing, unknown or expired. */
  async sessionOf(token: string | undefined): Promise<SportsSession> {
    const session = token ? await this.#reads.sessionByTokenHash(hashToken(token)) : undefined;
    if (!session) throw new AppError('not_logged_in');
    if (session.expiresAt.getTime() <= this.#deps.clock.now().getTime())
      throw new AppError('session_expired');
    return session;
  }
}

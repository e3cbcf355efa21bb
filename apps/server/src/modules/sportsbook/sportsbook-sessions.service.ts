import type { sportsSessionSchema } from '@lotus/shared/sportsbook.schema';
import type { z } from 'zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { InhouseBookSessions } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { SportsSession } from './sportsbook-bets.repository.ts';

type SessionView = z.infer<typeof sportsSessionSchema>;

/**
 * The player's sportsbook sessions (docs/sportsbook.md step 1), the in-house books' sessions
 * (`InhouseBookSessions`) in the book's table and with its answer: the player and when the session ends.
 */
export class SportsSessionsService {
  readonly #sessions: InhouseBookSessions;

  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock }) {
    this.#sessions = new InhouseBookSessions('sb_sessions', deps);
  }

  async open(launchToken: string): Promise<SessionView> {
    const { sessionToken, auth, session } = await this.#sessions.open(launchToken);
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
  sessionOf(token: string | undefined): Promise<SportsSession> {
    return this.#sessions.sessionOf(token);
  }
}

import type { sportsSessionSchema } from '@lotus/shared/sportsbook.schema';
import type { z } from 'zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { InhouseBookSessions } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';

/**
 * The player's sportsbook sessions (docs/sportsbook.md step 1): the in-house books' sessions in the book's
 * table, answering with the player and when the session ends.
 */
export class SportsSessionsService extends InhouseBookSessions<z.infer<typeof sportsSessionSchema>> {
  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock }) {
    super(
      {
        table: 'sb_sessions',
        view: ({ sessionToken, auth, session }) => ({
          sessionToken,
          playerRef: session.playerRef,
          currency: session.currency,
          language: session.language,
          balanceMinor: String(auth.balanceMinor),
          expiresAt: session.expiresAt.toISOString(),
        }),
      },
      deps,
    );
  }
}

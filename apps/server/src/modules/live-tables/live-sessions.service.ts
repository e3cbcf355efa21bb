import type { LiveSession } from '@lotus/shared/live.schema';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { InhouseBookSessions } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';

/**
 * The player's live sessions: the in-house books' sessions in the tables' own table. The answer names the
 * launched catalogue game, which is the table's code, so the page knows which table it opened; as with the
 * other books, a session may bet at any table of the brand.
 */
export class LiveSessionsService extends InhouseBookSessions<LiveSession> {
  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock }) {
    super(
      {
        table: 'live_sessions',
        view: ({ sessionToken, auth, session }) => ({
          sessionToken,
          playerRef: session.playerRef,
          currency: session.currency,
          language: session.language,
          balanceMinor: String(auth.balanceMinor),
          expiresAt: session.expiresAt.toISOString(),
          tableCode: auth.gameCode,
        }),
      },
      deps,
    );
  }
}

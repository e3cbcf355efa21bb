import type { lotterySessionSchema } from '@lotus/shared/lottery.schema';
import type { z } from 'zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { InhouseBookSessions } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { LotterySession } from './lottery-engine.repository.ts';

/**
 * The player's lottery sessions (docs/lottery.md step 1): the in-house books' sessions in the lottery's
 * table, answering with the balance, the currency's symbol and the nickname for the engine's header.
 */
export class LotterySessionsService extends InhouseBookSessions<z.infer<typeof lotterySessionSchema>> {
  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock }) {
    super(
      {
        table: 'lottery_sessions',
        view: ({ sessionToken, auth }) => ({
          sessionToken,
          currency: auth.currency,
          currencySymbol: auth.currencySymbol,
          balanceMinor: String(auth.balanceMinor),
          language: auth.language,
          nickname: auth.nickname,
        }),
      },
      deps,
    );
  }

  async balance(session: LotterySession): Promise<{ balanceMinor: string }> {
    return { balanceMinor: String(await this.balanceMinor(session)) };
  }
}

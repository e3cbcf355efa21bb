import type { lotterySessionSchema } from '@lotus/shared/lottery.schema';
import type { z } from 'zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { InhouseBookSessions } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { LotterySession } from './lottery-engine.repository.ts';

type SessionView = z.infer<typeof lotterySessionSchema>;

/**
 * The player's lottery sessions (docs/lottery.md step 1), the in-house books' sessions
 * (`InhouseBookSessions`) in the lottery's table and with the lottery's answer: the balance, the currency's
 * symbol and the nickname for the engine's header.
 */
export class LotterySessionsService {
  readonly #sessions: InhouseBookSessions;

  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock }) {
    this.#sessions = new InhouseBookSessions('lottery_sessions', deps);
  }

  async open(launchToken: string): Promise<SessionView> {
    const { sessionToken, auth } = await this.#sessions.open(launchToken);
    return {
      sessionToken,
      currency: auth.currency,
      currencySymbol: auth.currencySymbol,
      balanceMinor: String(auth.balanceMinor),
      language: auth.language,
      nickname: auth.nickname,
    };
  }

  /** The session a request's `x-lottery-session` names; 401 when missing, unknown or expired. */
  sessionOf(token: string | undefined): Promise<LotterySession> {
    return this.#sessions.sessionOf(token);
  }

  async balance(session: LotterySession): Promise<{ balanceMinor: string }> {
    return { balanceMinor: String(await this.#sessions.balance(session)) };
  }
}

import { randomBytes } from 'node:crypto';
import type { lotterySessionSchema } from '@lotus/shared/lottery.schema';
import type { z } from 'zod';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  hashToken,
  refusalError,
  type WalletClientSource,
} from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import { LotteryEngineRepository, type LotterySession } from './lottery-engine.repository.ts';

type SessionView = z.infer<typeof lotterySessionSchema>;

/** A wallet call whose transport failed is the platform being unreachable, not a server bug. */
export async function walletCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new AppError('service_unavailable', { message: 'wallet call failed', cause: error });
  }
}

/**
 * The player's lottery sessions (docs/lottery.md step 1), as the studio's: a platform launch token is
 * authenticated through the protocol, the engine keeps the wallet's session and player id and hands the
 * browser its own token (only its hash is stored). A lottery session is not tied to the launched game: the
 * player bets on any draw of the brand's lottery games.
 */
export class LotterySessionsService {
  readonly #repository: LotteryEngineRepository<Db>;
  readonly #uow: UnitOfWork<{ engine: LotteryEngineRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;

  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock }) {
    this.#repository = new LotteryEngineRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ engine: new LotteryEngineRepository(trx) }));
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
    await this.#uow.run(({ engine }) =>
      engine.createSession({
        tokenHash: hashToken(token),
        playerRef: auth.playerId,
        walletSession: auth.sessionToken,
        currency: auth.currency,
        language: auth.language,
        expiresAt: auth.sessionExpiresAt,
      }),
    );
    return {
      sessionToken: token,
      currency: auth.currency,
      currencySymbol: auth.currencySymbol,
      balanceMinor: String(auth.balanceMinor),
      language: auth.language,
      nickname: auth.nickname,
    };
  }

  /** The session a request's `x-lottery-session` names; 401 when missing, unknown or expired. */
  async sessionOf(token: string | undefined): Promise<LotterySession> {
    if (!token) throw new AppError('not_logged_in');
    const session = await this.#repository.sessionByTokenHash(hashToken(token));
    if (!session) throw new AppError('not_logged_in');
    if (session.expiresAt.getTime() <= this.#clock.now().getTime()) throw new AppError('session_expired');
    return session;
  }

  async balance(session: LotterySession): Promise<{ balanceMinor: string }> {
    return { balanceMinor: String(await walletBalance(await this.#wallet(), session)) };
  }
}

export async function walletBalance(client: SeamlessWalletClient, session: LotterySession): Promise<bigint> {
  const result = await walletCall(() =>
    client.balance({ playerId: session.playerRef, sessionToken: session.walletSession }),
  );
  if (result.status !== 'OK') throw refusalError(result);
  return result.balanceMinor;
}

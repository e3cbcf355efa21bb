import { randomBytes } from 'node:crypto';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticateResult, SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import {
  type BookSession,
  type BookSessionTable,
  InhouseRoundsRepository,
} from './inhouse-rounds.repository.ts';
import { hashToken, refusalError, type WalletClientSource } from './inhouse-vendor.service.ts';

/** A wallet call whose transport failed is the platform being unreachable, not a server bug. */
export async function walletCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new AppError('service_unavailable', { message: 'wallet call failed', cause: error });
  }
}

/** The player's balance now, through the protocol. */
export async function walletBalance(client: SeamlessWalletClient, session: BookSession): Promise<bigint> {
  const result = await walletCall(() =>
    client.balance({ playerId: session.playerRef, sessionToken: session.walletSession }),
  );
  if (result.status !== 'OK') throw refusalError(result);
  return result.balanceMinor;
}

/** What opening a book session learnt: the browser's new token, the platform's answer and the row kept. */
export type OpenedBookSession = {
  sessionToken: string;
  auth: Extract<AuthenticateResult, { status: 'OK' }>;
  session: Omit<BookSession, 'id'>;
};

/**
 * A book's player sessions (the lottery's and the sportsbook's step 1): a platform launch token is
 * authenticated through the protocol, the book keeps the wallet's session and player id and hands the
 * browser its own token (only its hash is stored). A session is not tied to the launched game: the player
 * bets on anything of the brand's book. Each book names its table and shapes its answer (`view`).
 */
export class InhouseBookSessions<View> {
  readonly #table: BookSessionTable;
  readonly #view: (opened: OpenedBookSession) => View;
  readonly #reads: InhouseRoundsRepository<Db>;
  readonly #writes: UnitOfWork<{ rounds: InhouseRoundsRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;

  constructor(
    book: { table: BookSessionTable; view: (opened: OpenedBookSession) => View },
    deps: { db: Db; wallet: WalletClientSource; clock: Clock },
  ) {
    this.#table = book.table;
    this.#view = book.view;
    this.#reads = new InhouseRoundsRepository(deps.db);
    this.#writes = new UnitOfWork(deps.db, (trx) => ({ rounds: new InhouseRoundsRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#clock = deps.clock;
  }

  async open(launchToken: string): Promise<View> {
    // Launch tokens are printable ASCII; anything else is no launch session (not a wallet outage), known
    // before the book's wallet client is even needed.
    if (!/^[\x21-\x7e]+$/.test(launchToken)) throw new AppError('not_logged_in');
    const client = await this.#wallet();
    const auth = await walletCall(() => client.authenticate(launchToken));
    if (auth.status !== 'OK') {
      throw new AppError(auth.status === 'SESSION_EXPIRED' ? 'session_expired' : 'not_logged_in');
    }
    const sessionToken = randomBytes(32).toString('base64url');
    const session = {
      playerRef: auth.playerId,
      walletSession: auth.sessionToken,
      currency: auth.currency,
      language: auth.language,
      expiresAt: new Date(auth.sessionExpiresAt),
    };
    await this.#writes.run(({ rounds }) =>
      rounds.createSession(this.#table, hashToken(sessionToken), session),
    );
    return this.#view({ sessionToken, auth, session });
  }

  /** The session a request's session header names; 401 when missing, unknown or expired. */
  async sessionOf(token: string | undefined): Promise<BookSession> {
    const session = token ? await this.#reads.sessionByTokenHash(this.#table, hashToken(token)) : undefined;
    if (!session) throw new AppError('not_logged_in');
    if (session.expiresAt.getTime() <= this.#clock.now().getTime()) throw new AppError('session_expired');
    return session;
  }

  async balanceMinor(session: BookSession): Promise<bigint> {
    return walletBalance(await this.#wallet(), session);
  }
}

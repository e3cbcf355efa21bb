import { randomBytes } from 'node:crypto';
import { type HumanChallenge, isHumanSolution } from '@lotus/shared/human-check';
import { humanVerificationSchema } from '@lotus/shared/verification.schema';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { VerificationRepository } from './verification.repository.ts';

export const HUMAN_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The proof-of-work human check (docs/accounts-contract.md "Human verification"). A challenge is consumed
 * BEFORE its nonce is checked, so a wrong nonce burns it: otherwise a bot could make the server do the
 * search for it, one guess per request.
 */
export class HumanCheckService {
  readonly #uow: UnitOfWork<{ verification: VerificationRepository<Tx> }>;
  readonly #clock: Clock;
  readonly #difficulty: number;

  constructor(db: Db, options: { clock: Clock; difficulty: number }) {
    this.#uow = new UnitOfWork(db, (trx) => ({ verification: new VerificationRepository(trx) }));
    this.#clock = options.clock;
    this.#difficulty = options.difficulty;
  }

  async issue(): Promise<HumanChallenge> {
    const now = this.#clock.now();
    const challenge = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + HUMAN_CHALLENGE_TTL_MS);
    const row = { idHash: hashToken(challenge), difficulty: this.#difficulty, now, expiresAt };
    await this.#uow.run(({ verification }) => verification.insertHumanChallenge(row));
    // Expired challenges are worthless; clearing them here keeps the table small without a scheduler.
    const before = new Date(now.getTime() - HUMAN_CHALLENGE_TTL_MS);
    await this.#uow.run(({ verification }) => verification.deleteHumanChallengesBefore(before));
    return { challenge, difficulty: this.#difficulty, expiresAt: expiresAt.toISOString() };
  }

  /** Throws `400 human_verification_failed` unless `solution` solves a live, unused challenge. */
  async verify(solution: unknown): Promise<void> {
    const parsed = humanVerificationSchema.safeParse(solution);
    if (!parsed.success) throw new AppError('human_verification_failed', { message: 'malformed solution' });
    const { challenge, nonce } = parsed.data;
    const idHash = hashToken(challenge);
    const now = this.#clock.now();
    const difficulty = await this.#uow.run(({ verification }) =>
      verification.consumeHumanChallenge(idHash, now),
    );
    if (difficulty === undefined) {
      throw new AppError('human_verification_failed', { message: 'unknown, used or expired challenge' });
    }
    if (!(await isHumanSolution(challenge, nonce, difficulty))) {
      throw new AppError('human_verification_failed', { message: 'wrong nonce' });
    }
  }
}

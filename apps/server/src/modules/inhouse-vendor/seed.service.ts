import { randomBytes } from 'node:crypto';
import { serverSeedHash } from '@lotus/games/fair';
import type { RotateSeed, SeedState } from '@lotus/shared/originals.schema';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { type InhouseSeed, InhouseVendorRepository } from './inhouse-vendor.repository.ts';

/** 32 random bytes as 64 hex characters: the secret half of a seed pair. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The default client seed until the player picks one: 16 random hex characters. */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

export function seedStateOf(seed: InhouseSeed): SeedState {
  return { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nextNonce };
}

/**
 * Provably-fair seeds (docs/games-contract.md "In-house vendor", ARCHITECTURE §5): one active seed per
 * player whose hash is shown before play; rotating reveals it and commits to a new one at nonce 0.
 */
export class SeedService {
  readonly #repository: InhouseVendorRepository<Db>;
  readonly #uow: UnitOfWork<{ inhouse: InhouseVendorRepository<Tx> }>;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#repository = new InhouseVendorRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ inhouse: new InhouseVendorRepository(trx) }));
    this.#clock = clock;
  }

  /** The player's active seed, made on first sight (a race with another tab ends with one seed). */
  async ensureActive(playerRef: string): Promise<InhouseSeed> {
    const existing = await this.#repository.activeSeed(playerRef);
    if (existing) return existing;
    const clientSeed = newClientSeed();
    await this.#uow.run(({ inhouse }) => this.#insert(inhouse, playerRef, clientSeed));
    const seed = await this.#repository.activeSeed(playerRef);
    if (!seed) throw new Error(`no active seed for ${playerRef}`);
    return seed;
  }

  /**
   * Reveals the active seed and commits to a fresh server seed, with `clientSeed` when the player chose
   * one (so a client seed chosen after a hash was seen never pairs with that hash), else the old one.
   * The seed row is locked like a round's nonce take, so a round is never played on a revealed seed.
   */
  async rotate(playerRef: string, clientSeed?: string): Promise<RotateSeed> {
    await this.ensureActive(playerRef);
    return this.#uow.run(async ({ inhouse }) => {
      const current = await inhouse.lockActiveSeed(playerRef);
      if (!current) throw new Error(`no active seed for ${playerRef}`);
      await inhouse.revealSeed(current.id, this.#clock.now());
      await this.#insert(inhouse, playerRef, clientSeed ?? current.clientSeed);
      const next = await inhouse.activeSeed(playerRef);
      if (!next) throw new Error(`rotation left no active seed for ${playerRef}`);
      return {
        revealed: {
          serverSeed: current.serverSeed,
          serverSeedHash: current.serverSeedHash,
          clientSeed: current.clientSeed,
          rounds: current.nextNonce,
        },
        seed: seedStateOf(next),
      };
    });
  }

  async #insert(inhouse: InhouseVendorRepository<Tx>, playerRef: string, clientSeed: string): Promise<void> {
    const serverSeed = newServerSeed();
    await inhouse.insertSeedIfNone({
      playerRef,
      serverSeed,
      serverSeedHash: serverSeedHash(serverSeed),
      clientSeed,
    });
  }
}

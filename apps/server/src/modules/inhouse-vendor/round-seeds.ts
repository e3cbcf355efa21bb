import type { FairInputs } from '@lotus/games/types';
import type { Executor } from '../../db/unit-of-work.ts';
import { InhouseVendorRepository } from './inhouse-vendor.repository.ts';
import { publicRoundId } from './inhouse-vendor.service.ts';

/** The seed material of studio rounds by their public round id (`LOT-<n>`), as the wallet knows them. */
export type RoundSeeds = (roundIds: readonly string[]) => Promise<Map<string, FairInputs>>;

/**
 * The studio's rounds' committed seeds, read on the caller's executor (a transaction on PGlite must read on
 * its own connection): what the progressive jackpot draws its per-round draw from (packages/games jackpot.ts).
 * A round id that is not the studio's is simply absent from the answer.
 */
export function roundSeedsIn(executor: Executor): RoundSeeds {
  const repository = new InhouseVendorRepository(executor);
  return async (roundIds) => {
    const ids: bigint[] = [];
    for (const roundId of roundIds) {
      const match = /^LOT-([1-9][0-9]{0,17})$/.exec(roundId);
      if (match?.[1]) ids.push(BigInt(match[1]));
    }
    const rows = await repository.roundSeeds(ids);
    return new Map(
      rows.map((row) => [
        publicRoundId(row.id),
        { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce },
      ]),
    );
  };
}

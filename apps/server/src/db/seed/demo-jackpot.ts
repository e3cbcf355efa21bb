import { INHOUSE_GAMES } from '@lotus/games/play';
import { JackpotRepository } from '../../modules/jackpot/jackpot.repository.ts';
import { ledgerIn } from '../../modules/ledger/ledger.ts';
import type { Tx } from '../unit-of-work.ts';

/**
 * The demo brand's progressive jackpot (issue 19, docs/jackpot.md): 1 % of every stake in the studio's
 * jackpot slots (issue 22: lotus-fortune, golden-diya, lakshmi-coins — play.ts `jackpot`), seeded with
 * ₹1,00,000.00 from the house, so the home counter shows a real pot that grows as the demo player spins. A round wins with probability stake / ₹1,00,00,000.00 (1 in 10⁷ for a ₹1.00 spin), which keeps
 * the pot around its seed plus what a crore of stakes contributes. Idempotent: an existing jackpot of the
 * code is left as an operator may have changed it, and the seed funding's entry key replays.
 */
export const DEMO_JACKPOT = {
  code: 'LOTUS-MEGA',
  nameEn: 'Lotus Mega Jackpot',
  nameHi: 'लोटस मेगा जैकपॉट',
  contributionBps: 100,
  seedMinor: 10_000_000n,
  oneInMinor: 1_000_000_000n,
  // The jackpot slots of the studio (play.ts `jackpot`; issue 22: a line slot and the two hold-and-win).
  games: Object.values(INHOUSE_GAMES)
    .filter((game) => game.jackpot)
    .map((game) => game.code),
};

export async function seedDemoJackpot(trx: Tx, brandId: bigint): Promise<number> {
  const repository = new JackpotRepository(trx);
  if (await repository.byCode(brandId, DEMO_JACKPOT.code)) return 0;
  const games = await repository.inhouseGames(brandId, DEMO_JACKPOT.games);
  if (games.length === 0) return 0;
  const { currency } = await repository.potCurrency(brandId);
  const accountId = await repository.ensurePot(brandId, DEMO_JACKPOT.code, currency);
  const jackpot = await repository.insertJackpot({ brandId, ...DEMO_JACKPOT, accountId });
  if (!jackpot) return 0;
  await repository.setGames(
    jackpot.id,
    games.map((game) => game.id),
  );
  const entry = await ledgerIn(trx).post({
    brandId,
    idempotencyKey: `seed:jackpot:${DEMO_JACKPOT.code}`,
    kind: 'jackpot_contribution',
    memo: `jackpot ${DEMO_JACKPOT.code} seed`,
    createdBy: 'seed',
    postings: [
      { system: 'house', amountMinor: -DEMO_JACKPOT.seedMinor },
      { accountId, amountMinor: DEMO_JACKPOT.seedMinor },
    ],
  });
  await repository.insertFunding({
    jackpotId: jackpot.id,
    entryId: entry.entryId,
    amountMinor: DEMO_JACKPOT.seedMinor,
    reason: 'seed',
  });
  return 1;
}

import { ledgerIn } from '../../modules/ledger/ledger.ts';
import type { Tx } from '../unit-of-work.ts';

/**
 * Opening balances of the demo accounts (README "Demo accounts"): real journal entries from the brand's
 * house account, so the demo wallet obeys the same ledger rules as any other (postings sum to zero,
 * balance = sum of postings). Idempotent through the entries' idempotency keys: a second seed replays them.
 */
export const DEMO_OPENING_BALANCES: { username: string; amountMinor: bigint }[] = [
  // ₹10,000.00
  { username: 'demo_player', amountMinor: 1_000_000n },
  // ₹5,000.00: the demo team's player, whose rounds the demo agents' contracts settle (demo-team-play.ts).
  { username: 'demo_player2', amountMinor: 500_000n },
];

export async function seedDemoWallets(trx: Tx, brandId: bigint): Promise<number> {
  const ledger = ledgerIn(trx);
  let added = 0;
  for (const opening of DEMO_OPENING_BALANCES) {
    const member = await trx
      .selectFrom('members')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('username', '=', opening.username)
      .executeTakeFirst();
    if (!member) continue;
    const wallet = await ledger.memberMainAccount(member.id);
    // Slot 0 of the house pool by id, as before pools: a database seeded then and seeded again replays
    // these entries instead of refusing their keys as reused (the hash names the account).
    const house = await ledger.systemAccount(brandId, 'house');
    const entry = await ledger.post({
      brandId,
      idempotencyKey: `seed:opening-balance:${opening.username}`,
      kind: 'opening_balance',
      memo: 'Demo opening balance',
      createdBy: 'seed',
      postings: [
        { accountId: house.id, amountMinor: -opening.amountMinor },
        { accountId: wallet.id, amountMinor: opening.amountMinor },
      ],
    });
    if (!entry.replayed) added += 1;
  }
  return added;
}

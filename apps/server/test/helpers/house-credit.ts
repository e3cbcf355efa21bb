import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import type { LedgerService } from '../../src/modules/ledger/ledger.service.ts';

/**
 * Moves money between the brand's house account and a member's main wallet in one `adjustment` entry (a
 * negative amount debits the member), the way an operator's adjustment does. Tests fund members with it.
 */
export async function creditFromHouse(
  ledger: LedgerService,
  credit: { brandId: bigint; memberId: bigint; amountMinor: bigint; idempotencyKey: string; memo?: string },
  trx?: Kysely<Database>,
): Promise<bigint> {
  const house = await ledger.systemAccount(credit.brandId, 'house', trx);
  const wallet = await ledger.memberMainAccount(credit.memberId, trx);
  const entry = await ledger.post(
    {
      brandId: credit.brandId,
      idempotencyKey: credit.idempotencyKey,
      kind: 'adjustment',
      ...(credit.memo === undefined ? {} : { memo: credit.memo }),
      postings: [
        { accountId: house.id, amountMinor: -credit.amountMinor },
        { accountId: wallet.id, amountMinor: credit.amountMinor },
      ],
    },
    trx,
  );
  return entry.entryId;
}

import type { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import type { Ledger } from '../../src/modules/ledger/ledger.ts';

/**
 * Moves money between the brand's house account and a member's main wallet in one `adjustment` entry (a
 * negative amount debits the member), the way an operator's adjustment does. Tests fund members with it.
 */
export async function creditFromHouse(
  /** A ledger of its own transactions, or one on the caller's (`ledgerIn(trx)`). */
  ledger: LedgerService | Ledger,
  credit: { brandId: bigint; memberId: bigint; amountMinor: bigint; idempotencyKey: string; memo?: string },
): Promise<bigint> {
  const wallet = await ledger.memberMainAccount(credit.memberId);
  const entry = await ledger.post({
    brandId: credit.brandId,
    idempotencyKey: credit.idempotencyKey,
    kind: 'adjustment',
    ...(credit.memo === undefined ? {} : { memo: credit.memo }),
    postings: [
      { system: 'house', amountMinor: -credit.amountMinor },
      { accountId: wallet.id, amountMinor: credit.amountMinor },
    ],
  });
  return entry.entryId;
}

import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { PaymentMethodKind, PaymentMethodNames } from '../tables/wallet-operations.ts';

/**
 * The demo brand's deposit methods (docs/wallet-contract.md "Deposits"): a manual bank transfer to the
 * brand's receiving account, approved by an operator, and a UPI gateway served by the local simulator
 * (offered only when the server runs with `GATEWAY_SIMULATOR=1`; its secret is the server's
 * `GATEWAY_SIMULATOR_SECRET`, so no secret is stored here). The receiving account is the demo brand's
 * made-up one: an account number of the right shape at a real IFSC format, clearly named as the demo.
 */
export const DEMO_PAYMENT_METHODS: {
  code: string;
  kind: PaymentMethodKind;
  names: PaymentMethodNames;
  minMinor: bigint;
  maxMinor: bigint;
  details: Record<string, string>;
}[] = [
  {
    code: 'bank',
    kind: 'bank_transfer',
    names: { EN: 'Bank transfer (IMPS / NEFT / UPI)', HI: 'बैंक ट्रांसफ़र (IMPS / NEFT / UPI)' },
    // ₹100.00 .. ₹2,00,000.00
    minMinor: 10_000n,
    maxMinor: 20_000_000n,
    details: {
      bankName: 'HDFC Bank',
      accountName: 'Lotus Demo Gaming Pvt Ltd',
      accountNumber: '50200012345678',
      ifsc: 'HDFC0001234',
      upiId: 'lotusdemo@hdfcbank',
    },
  },
  {
    code: 'sim-upi',
    kind: 'gateway',
    names: { EN: 'UPI (instant)', HI: 'UPI (तुरंत)' },
    // ₹100.00 .. ₹50,000.00
    minMinor: 10_000n,
    maxMinor: 5_000_000n,
    details: { adapter: 'simulator' },
  },
];

/** Adds the methods the brand does not have yet (by code); an operator's change to one is kept. */
export async function seedDemoPaymentMethods(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  const result = await trx
    .insertInto('payment_methods')
    .values(
      DEMO_PAYMENT_METHODS.map((method, index) => ({
        brand_id: brandId,
        code: method.code,
        kind: method.kind,
        names: JSON.stringify(method.names),
        min_minor: method.minMinor,
        max_minor: method.maxMinor,
        sort: index,
        details: JSON.stringify(method.details),
      })),
    )
    .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { OperatorRole } from '../tables/wallet-operations.ts';
import { demoPasswordHash } from './demo-password-hashes.ts';

/**
 * The demo back-office operator (README "Demo accounts"): log in with `POST /wps/ops/session`. The password
 * is public and for the demo only; a real deployment creates its operators with `npm run ops --
 * operator:create` and disables this one (`operator:disable demo_ops`).
 */
export const DEMO_OPERATORS: { username: string; password: string; role: OperatorRole }[] = [
  { username: 'demo_ops', password: 'Lotus-Ops-2026!', role: 'admin' },
];

/** Inserts the demo operators the brand lacks; an existing one (perhaps disabled or re-passworded) is left alone. */
export async function seedDemoOperators(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  const existing = await trx
    .selectFrom('operators')
    .select('username')
    .where('brand_id', '=', brandId)
    .where(
      'username',
      'in',
      DEMO_OPERATORS.map((operator) => operator.username),
    )
    .execute();
  const known = new Set(existing.map((row) => row.username));
  const missing = DEMO_OPERATORS.filter((operator) => !known.has(operator.username));
  if (missing.length === 0) return 0;
  const rows = await Promise.all(
    missing.map(async (operator) => ({
      brand_id: brandId,
      username: operator.username,
      role: operator.role,
      password_hash: await demoPasswordHash(operator.password),
    })),
  );
  const result = await trx
    .insertInto('operators')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['brand_id', 'username']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

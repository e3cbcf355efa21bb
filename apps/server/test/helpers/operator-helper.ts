import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import type { OperatorRole } from '../../src/db/tables/wallet-operations.ts';
import { hashPassword } from '../../src/lib/password.ts';

/** The password every operator made by `createTestOperator` gets. */
export const TEST_OPERATOR_PASSWORD = 'Test-Operator-Pass-1';

/** A fresh operator row with a random username (`op_<hex>`) in `brandId` (default: the default brand). */
export async function createTestOperator(
  db: Kysely<Database>,
  role: OperatorRole,
  brandId?: bigint,
): Promise<{ id: bigint; brandId: bigint; username: string; password: string }> {
  const brand =
    brandId ??
    (await db.selectFrom('brands').select('id').where('is_default', '=', true).executeTakeFirstOrThrow()).id;
  const username = `op_${randomBytes(6).toString('hex')}`;
  const row = await db
    .insertInto('operators')
    .values({ brand_id: brand, username, role, password_hash: await hashPassword(TEST_OPERATOR_PASSWORD) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, brandId: brand, username, password: TEST_OPERATOR_PASSWORD };
}

/**
 * A bearer token of a fresh operator with `role`, logged in through `POST /wps/ops/session` the way the
 * back office does. Use as `authorization: Bearer <token>` on `/wps/ops/*` routes.
 */
export async function operatorTokenFor(
  app: FastifyInstance,
  db: Kysely<Database>,
  role: OperatorRole,
  brandId?: bigint,
): Promise<string> {
  const operator = await createTestOperator(db, role, brandId);
  const code = (
    await db.selectFrom('brands').select('code').where('id', '=', operator.brandId).executeTakeFirstOrThrow()
  ).code;
  const response = await app.inject({
    method: 'POST',
    url: '/wps/ops/session',
    payload: { brand: code, username: operator.username, password: operator.password },
  });
  if (response.statusCode !== 200) throw new Error(`operator login: ${response.statusCode} ${response.body}`);
  return (response.json() as { value: { token: string } }).value.token;
}

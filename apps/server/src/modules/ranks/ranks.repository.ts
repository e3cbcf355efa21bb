import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { VipRankRow } from '../../db/tables/ranks.ts';

export class RanksRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The brand's ladder, lowest level first. */
  ladderOf(brandId: bigint): Promise<VipRankRow[]> {
    return this.#db
      .selectFrom('vip_ranks')
      .selectAll()
      .where('brand_id', '=', brandId)
      .orderBy('level', 'asc')
      .execute();
  }
}

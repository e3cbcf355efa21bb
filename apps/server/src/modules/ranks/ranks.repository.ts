import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { VipRankRow } from '../../db/tables/ranks.ts';

/** A member's rank and labels. */
export type MemberStanding = { rankLevel: number; clubLabelName: string | null; memberLabels: string[] };

export class RanksRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Where a member stands on the ladder (SPEC §3 clubLabel / memberLabel); undefined: no such member. */
  async standingOf(memberId: bigint): Promise<MemberStanding | undefined> {
    const row = await this.#db
      .selectFrom('members')
      .select(['rank_level', 'club_label_name', 'member_labels'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    return (
      row && {
        rankLevel: row.rank_level,
        clubLabelName: row.club_label_name,
        memberLabels: row.member_labels,
      }
    );
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

import { type Executor, Repository } from '../../db/unit-of-work.ts';
/** A member's rank and labels. */
export type MemberStanding = { rankLevel: number; clubLabelName: string | null; memberLabels: string[] };

/** One rung of the brand's ladder, in both languages it is written in. */
export type RankRung = {
  level: number;
  name: { EN: string; HI: string };
  /** One benefit per line, as the operator typed them. */
  benefits: { EN: string; HI: string };
};

export class RanksRepository<E extends Executor = Executor> extends Repository<E> {
  /** Where a member stands on the ladder (SPEC §3 clubLabel / memberLabel); undefined: no such member. */
  async standingOf(memberId: bigint): Promise<MemberStanding | undefined> {
    const row = await this.db
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
  async ladderOf(brandId: bigint): Promise<RankRung[]> {
    const rows = await this.db
      .selectFrom('vip_ranks')
      .select(['level', 'name_en', 'name_hi', 'benefits_en', 'benefits_hi'])
      .where('brand_id', '=', brandId)
      .orderBy('level', 'asc')
      .execute();
    return rows.map((row) => ({
      level: row.level,
      name: { EN: row.name_en, HI: row.name_hi },
      benefits: { EN: row.benefits_en, HI: row.benefits_hi },
    }));
  }
}

import { type Insertable, sql } from 'kysely';
import type { PromotionsTable } from '../../db/tables/content.ts';
import type { FreeRoundGrantsTable } from '../../db/tables/free-rounds.ts';
import type {
  ApplicationStatusColumn,
  BonusGrantRow,
  PromotionApplicationRow,
  PromotionRuleRow,
  WageringWeights,
} from '../../db/tables/promotion-engine.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** A promotion's content fields the engine needs. */
export type PromotionHead = {
  id: bigint;
  brand_id: bigint;
  code: string;
  title: Record<string, string>;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
};

export type MemberFacts = { id: bigint; created_at: Date; rank_level: number; username: string };
export type DepositFacts = {
  count: number;
  first: { id: bigint; amountMinor: bigint } | null;
  latest: { id: bigint; amountMinor: bigint } | null;
};

export type ApplicationWithPromotion = PromotionApplicationRow & {
  code: string;
  title: Record<string, string>;
  has_form: boolean;
  image_count: number;
};
export type GrantWithPromotion = BonusGrantRow & { title: Record<string, string> };

export type NewRules = Omit<PromotionRuleRow, 'updated_at'>;

/** SQL of the promotion engine (migration 0027). Write methods need the transaction (`this: …<Tx>`). */
export class PromotionEngineRepository<E extends Executor = Executor> extends Repository<E> {
  /** The id of the brand with this code (the operator CLI's `--brand`). */
  async brandIdByCode(code: string): Promise<bigint | undefined> {
    const row = await this.db.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirst();
    return row?.id;
  }

  async promotion(brandId: bigint, id: bigint): Promise<PromotionHead | undefined> {
    return this.db
      .selectFrom('promotions')
      .select(['id', 'brand_id', 'code', 'title', 'starts_at', 'ends_at', 'active'])
      .where('brand_id', '=', brandId)
      .where('id', '=', id)
      .executeTakeFirst() as Promise<PromotionHead | undefined>;
  }

  async promotionById(id: bigint): Promise<PromotionHead | undefined> {
    return this.db
      .selectFrom('promotions')
      .select(['id', 'brand_id', 'code', 'title', 'starts_at', 'ends_at', 'active'])
      .where('id', '=', id)
      .executeTakeFirst() as Promise<PromotionHead | undefined>;
  }

  /** A new content promotion; `undefined` when the brand already has one with this code. */
  async insertPromotion(
    this: PromotionEngineRepository<Tx>,
    row: Insertable<PromotionsTable>,
  ): Promise<bigint | undefined> {
    const inserted = await this.db
      .insertInto('promotions')
      .values(row)
      .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  async promotionByCode(brandId: bigint, code: string): Promise<PromotionHead | undefined> {
    return this.db
      .selectFrom('promotions')
      .select(['id', 'brand_id', 'code', 'title', 'starts_at', 'ends_at', 'active'])
      .where('brand_id', '=', brandId)
      .where('code', '=', code)
      .executeTakeFirst() as Promise<PromotionHead | undefined>;
  }

  async rules(promotionId: bigint): Promise<PromotionRuleRow | undefined> {
    return this.db
      .selectFrom('promotion_rules')
      .selectAll()
      .where('promotion_id', '=', promotionId)
      .executeTakeFirst();
  }

  /** The brand's active promotions with their rules (if any). */
  async activePromotions(brandId: bigint): Promise<(PromotionHead & { rules: PromotionRuleRow | null })[]> {
    const heads = (await this.db
      .selectFrom('promotions')
      .select(['id', 'brand_id', 'code', 'title', 'starts_at', 'ends_at', 'active'])
      .where('brand_id', '=', brandId)
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute()) as PromotionHead[];
    const rules = await this.db
      .selectFrom('promotion_rules')
      .selectAll()
      .where('brand_id', '=', brandId)
      .execute();
    const byId = new Map(rules.map((row) => [row.promotion_id, row]));
    return heads.map((head) => ({ ...head, rules: byId.get(head.id) ?? null }));
  }

  async member(memberId: bigint): Promise<MemberFacts | undefined> {
    return this.db
      .selectFrom('members')
      .select(['id', 'created_at', 'rank_level', 'username'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  async memberByUsername(
    brandId: bigint,
    username: string,
  ): Promise<(MemberFacts & { is_trial: boolean; member_type: number }) | undefined> {
    return this.db
      .selectFrom('members')
      .select(['id', 'created_at', 'rank_level', 'username', 'is_trial', 'member_type'])
      .where('brand_id', '=', brandId)
      .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** The member's approved deposits: how many, the first and the latest. */
  async deposits(memberId: bigint): Promise<DepositFacts> {
    const base = this.db
      .selectFrom('deposits')
      .where('member_id', '=', memberId)
      .where('status', '=', 'approved');
    const count = await base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
    const first = await base.select(['id', 'amount_minor']).orderBy('id', 'asc').limit(1).executeTakeFirst();
    const latest = await base
      .select(['id', 'amount_minor'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const of = (row: { id: bigint; amount_minor: bigint } | undefined) =>
      row ? { id: row.id, amountMinor: row.amount_minor } : null;
    return { count: Number(count.count), first: of(first), latest: of(latest) };
  }

  #applications() {
    return this.db
      .selectFrom('promotion_applications as a')
      .innerJoin('promotions as p', 'p.id', 'a.promotion_id')
      .leftJoin('promotion_rules as r', 'r.promotion_id', 'a.promotion_id')
      .selectAll('a')
      .select(['p.code', 'p.title'])
      .select(sql<boolean>`coalesce(r.has_form, false)`.as('has_form'))
      .select(
        sql<number>`(select count(*) from promotion_application_images i where i.application_id = a.id)::int`.as(
          'image_count',
        ),
      );
  }

  async applicationsOf(memberId: bigint): Promise<ApplicationWithPromotion[]> {
    return (await this.#applications()
      .where('a.member_id', '=', memberId)
      .orderBy('a.id', 'desc')
      .limit(200)
      .execute()) as ApplicationWithPromotion[];
  }

  async application(id: bigint): Promise<ApplicationWithPromotion | undefined> {
    return (await this.#applications().where('a.id', '=', id).executeTakeFirst()) as
      | ApplicationWithPromotion
      | undefined;
  }

  async applicationsByStatus(
    brandId: bigint,
    status: ApplicationStatusColumn,
  ): Promise<(ApplicationWithPromotion & { username: string })[]> {
    return (await this.#applications()
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select('m.username')
      .where('a.brand_id', '=', brandId)
      .where('a.status', '=', status)
      .orderBy('a.id', 'asc')
      .limit(500)
      .execute()) as (ApplicationWithPromotion & { username: string })[];
  }

  /** One picture of an application of the brand. */
  async applicationImage(
    brandId: bigint,
    applicationId: bigint,
    position: number,
  ): Promise<{ mime: 'image/png' | 'image/jpeg'; bytes: Uint8Array } | undefined> {
    return this.db
      .selectFrom('promotion_application_images as i')
      .innerJoin('promotion_applications as a', 'a.id', 'i.application_id')
      .select(['i.mime', 'i.bytes'])
      .where('a.brand_id', '=', brandId)
      .where('i.application_id', '=', applicationId)
      .where('i.position', '=', position)
      .executeTakeFirst();
  }

  async grantsOf(memberId: bigint): Promise<GrantWithPromotion[]> {
    return (await this.db
      .selectFrom('bonus_grants as g')
      .innerJoin('promotions as p', 'p.id', 'g.promotion_id')
      .selectAll('g')
      .select('p.title')
      .where('g.member_id', '=', memberId)
      .orderBy('g.id', 'desc')
      .limit(200)
      .execute()) as GrantWithPromotion[];
  }

  async grant(id: bigint): Promise<GrantWithPromotion | undefined> {
    return (await this.db
      .selectFrom('bonus_grants as g')
      .innerJoin('promotions as p', 'p.id', 'g.promotion_id')
      .selectAll('g')
      .select('p.title')
      .where('g.id', '=', id)
      .executeTakeFirst()) as GrantWithPromotion | undefined;
  }

  /** The open grants' totals: what they lock on the main wallet and their wagering. */
  async openTotals(
    memberId: bigint,
  ): Promise<{ lockedMinor: bigint; requiredMinor: bigint; doneMinor: bigint }> {
    const row = await this.db
      .selectFrom('bonus_grants')
      .select([
        sql<string>`coalesce(sum(amount_minor), 0)`.as('locked'),
        sql<string>`coalesce(sum(wagering_required_minor), 0)`.as('required'),
        sql<string>`coalesce(sum(wagering_done_minor), 0)`.as('done'),
      ])
      .where('member_id', '=', memberId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return {
      lockedMinor: BigInt(row.locked),
      requiredMinor: BigInt(row.required),
      doneMinor: BigInt(row.done),
    };
  }

  // --- writes -------------------------------------------------------------------------------------------

  /** The new application, or undefined when the member already has one for this promotion. */
  async insertApplication(
    this: PromotionEngineRepository<Tx>,
    row: {
      brandId: bigint;
      promotionId: bigint;
      memberId: bigint;
      status: ApplicationStatusColumn;
      remark: string | null;
      at: Date;
    },
  ): Promise<PromotionApplicationRow | undefined> {
    return this.db
      .insertInto('promotion_applications')
      .values({
        brand_id: row.brandId,
        promotion_id: row.promotionId,
        member_id: row.memberId,
        status: row.status,
        remark: row.remark,
        created_at: row.at,
        updated_at: row.at,
      })
      .onConflict((oc) => oc.columns(['promotion_id', 'member_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async insertImages(
    this: PromotionEngineRepository<Tx>,
    applicationId: bigint,
    images: readonly {
      mime: 'image/png' | 'image/jpeg';
      sizeBytes: number;
      sha256: string;
      bytes: Uint8Array;
    }[],
  ): Promise<void> {
    if (images.length === 0) return;
    await this.db
      .insertInto('promotion_application_images')
      .values(
        images.map((image, index) => ({
          application_id: applicationId,
          position: index + 1,
          mime: image.mime,
          size_bytes: image.sizeBytes,
          sha256: image.sha256,
          bytes: image.bytes,
        })),
      )
      .execute();
  }

  /** The application, locked until the transaction ends: decisions and claims on it queue. */
  async lockApplication(
    this: PromotionEngineRepository<Tx>,
    id: bigint,
  ): Promise<PromotionApplicationRow | undefined> {
    return this.db
      .selectFrom('promotion_applications')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async lockApplicationOf(
    this: PromotionEngineRepository<Tx>,
    promotionId: bigint,
    memberId: bigint,
  ): Promise<PromotionApplicationRow | undefined> {
    return this.db
      .selectFrom('promotion_applications')
      .selectAll()
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
  }

  async decide(
    this: PromotionEngineRepository<Tx>,
    id: bigint,
    change: {
      status: ApplicationStatusColumn;
      at: Date;
      by: string;
      depositId?: bigint | null;
      claimed?: boolean;
      rejectReason?: string | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('promotion_applications')
      .set({
        status: change.status,
        updated_at: change.at,
        decided_at: change.at,
        decided_by: change.by,
        ...(change.depositId === undefined ? {} : { deposit_id: change.depositId }),
        ...(change.claimed === undefined ? {} : { claimed: change.claimed }),
        ...(change.rejectReason === undefined ? {} : { reject_reason: change.rejectReason }),
      })
      .where('id', '=', id)
      .execute();
  }

  /** A free-rounds award (migration 0033): one per application. */
  async insertFreeRoundGrant(
    this: PromotionEngineRepository<Tx>,
    row: Insertable<FreeRoundGrantsTable>,
  ): Promise<void> {
    await this.db.insertInto('free_round_grants').values(row).execute();
  }

  async insertGrant(
    this: PromotionEngineRepository<Tx>,
    row: {
      brandId: bigint;
      memberId: bigint;
      promotionId: bigint;
      applicationId: bigint;
      amountMinor: bigint;
      currency: string;
      requiredMinor: bigint;
      weights: WageringWeights;
      entryId: bigint;
      at: Date;
    },
  ): Promise<BonusGrantRow> {
    const open = row.requiredMinor > 0n;
    return this.db
      .insertInto('bonus_grants')
      .values({
        brand_id: row.brandId,
        member_id: row.memberId,
        promotion_id: row.promotionId,
        application_id: row.applicationId,
        amount_minor: row.amountMinor,
        currency: row.currency,
        wagering_required_minor: row.requiredMinor,
        weights: JSON.stringify(row.weights),
        // No requirement: the bonus is cash at once.
        status: open ? 'open' : 'completed',
        closed_at: open ? null : row.at,
        entry_id: row.entryId,
        issued_at: row.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The grant, locked (before any balance: the lock order of docs/promotion-engine.md). */
  async lockGrant(this: PromotionEngineRepository<Tx>, id: bigint): Promise<BonusGrantRow | undefined> {
    return this.db.selectFrom('bonus_grants').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async markForfeited(
    this: PromotionEngineRepository<Tx>,
    id: bigint,
    change: { at: Date; forfeitedMinor: bigint; entryId: bigint | null },
  ): Promise<void> {
    await this.db
      .updateTable('bonus_grants')
      .set({
        status: 'forfeited',
        closed_at: change.at,
        forfeited_minor: change.forfeitedMinor,
        forfeit_entry_id: change.entryId,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
  }

  async upsertRules(this: PromotionEngineRepository<Tx>, rules: NewRules, at: Date): Promise<void> {
    const values = { ...rules, wagering_weights: JSON.stringify(rules.wagering_weights), updated_at: at };
    const { promotion_id: _id, brand_id: _brand, ...update } = values;
    await this.db
      .insertInto('promotion_rules')
      .values(values)
      .onConflict((oc) => oc.column('promotion_id').doUpdateSet(update))
      .execute();
  }
}

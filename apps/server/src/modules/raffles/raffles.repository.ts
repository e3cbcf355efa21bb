import { sql } from 'kysely';
import type {
  RaffleCampaignRow,
  RaffleKindColumn,
  RaffleTicketRow,
  RaffleTicketSourceColumn,
  StoredRafflePrize,
  StoredRaffleRules,
} from '../../db/tables/raffles.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

export type NewRaffleCampaign = {
  brandId: bigint;
  code: string;
  kind: RaffleKindColumn;
  nameEn: string;
  nameHi: string;
  startsAt: Date;
  endsAt: Date;
  budgetMinor: bigint;
  currency: string;
  seed: string;
  seedHash: string;
  prizes: StoredRafflePrize[];
  rules: StoredRaffleRules;
  createdBy: string;
};

export type NewTicket = { memberId: bigint; source: RaffleTicketSourceColumn; sourceKey: string };

/** The counts the back office shows beside a campaign. */
export type CampaignFigures = {
  ticketsGranted: number;
  ticketsClaimed: number;
  paidMinor: bigint;
  balanceMinor: bigint;
};

/** A claimed ticket with its member's username. */
export type DrawRow = RaffleTicketRow & { username: string };

/** A member's valid turnover over a campaign's window, for the turnover rule. */
export type TurnoverRow = { memberId: bigint; turnoverMinor: bigint };

/** SQL of the raffles (migration 0030_raffles). */
export class RafflesRepository<E extends Executor = Executor> extends Repository<E> {
  /** The brand by id or by code (the CLI's `--brand`): its id and the currency its ledger keeps. */
  async brand(by: { id: bigint } | { code: string }): Promise<{ id: bigint; currency: string } | undefined> {
    const query = this.db.selectFrom('brands').select(['id', 'currency']);
    return (
      'id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code)
    ).executeTakeFirst();
  }

  /** A member of the brand by username (any case), with what a grant must know. */
  async findMember(
    brandId: bigint,
    username: string,
  ): Promise<{ id: bigint; username: string; is_trial: boolean; member_type: number } | undefined> {
    const rows = await this.db
      .selectFrom('members')
      .select(['id', 'username', 'is_trial', 'member_type'])
      .where(sql<boolean>`brand_id = ${brandId} and lower(username) = ${username.toLowerCase()}`)
      .limit(1)
      .execute();
    return rows[0];
  }

  async memberOf(memberId: bigint): Promise<{ is_trial: boolean; member_type: number } | undefined> {
    return this.db
      .selectFrom('members')
      .select(['is_trial', 'member_type'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  /** Inserts a draft; undefined when the brand already has a campaign of that code. */
  async insertCampaign(
    this: RafflesRepository<Tx>,
    campaign: NewRaffleCampaign,
  ): Promise<RaffleCampaignRow | undefined> {
    return this.db
      .insertInto('raffle_campaigns')
      .values({
        brand_id: campaign.brandId,
        code: campaign.code,
        kind: campaign.kind,
        name_en: campaign.nameEn,
        name_hi: campaign.nameHi,
        starts_at: campaign.startsAt,
        ends_at: campaign.endsAt,
        budget_minor: campaign.budgetMinor,
        currency: campaign.currency,
        seed: campaign.seed,
        seed_hash: campaign.seedHash,
        prizes: JSON.stringify(campaign.prizes),
        rules: JSON.stringify(campaign.rules),
        created_by: campaign.createdBy,
      })
      .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async findCampaign(brandId: bigint, code: string): Promise<RaffleCampaignRow | undefined> {
    return this.db
      .selectFrom('raffle_campaigns')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  async campaignsByIds(ids: bigint[]): Promise<RaffleCampaignRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('raffle_campaigns').selectAll().where('id', 'in', ids).execute();
  }

  /**
   * The campaign, locked. `transition` (start, end: `for no key update`) waits for the claims in flight,
   * and the claims after it see its new status; ticket grants, whose foreign key takes a key-share lock,
   * never queue behind it. `claim` (`for share`): claims run side by side, a transition waits for them.
   */
  async lockCampaign(
    this: RafflesRepository<Tx>,
    brandId: bigint,
    code: string,
    mode: 'transition' | 'claim' = 'transition',
  ): Promise<RaffleCampaignRow | undefined> {
    const query = this.db
      .selectFrom('raffle_campaigns')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('code', '=', code);
    return (mode === 'claim' ? query.forShare() : query.forNoKeyUpdate()).executeTakeFirst();
  }

  /** The brand's campaigns, newest first. */
  async campaigns(brandId: bigint): Promise<RaffleCampaignRow[]> {
    return this.db
      .selectFrom('raffle_campaigns')
      .selectAll()
      .where('brand_id', '=', brandId)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }

  /** Running campaigns of every brand; with `endedBy`, only those whose window closed by then. */
  async running(endedBy?: Date): Promise<RaffleCampaignRow[]> {
    let query = this.db.selectFrom('raffle_campaigns').selectAll().where('status', '=', 'running');
    if (endedBy) query = query.where('ends_at', '<=', endedBy);
    return query.orderBy('id').execute();
  }

  /** What a member sees: running campaigns, and those ended since `since`. */
  async visibleTo(brandId: bigint, since: Date): Promise<RaffleCampaignRow[]> {
    return this.db
      .selectFrom('raffle_campaigns')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'running'),
          eb.and([eb('status', '=', 'ended'), eb('ends_at', '>=', since)]),
        ]),
      )
      .orderBy('status', 'desc')
      .orderBy('ends_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** Per campaign: the member's unclaimed and claimed tickets. */
  async ticketCounts(
    memberId: bigint,
    campaignIds: bigint[],
  ): Promise<Map<bigint, { left: number; used: number }>> {
    const counts = new Map<bigint, { left: number; used: number }>();
    if (campaignIds.length === 0) return counts;
    const rows = await this.db
      .selectFrom('raffle_tickets')
      .select([
        'campaign_id',
        sql<string>`count(*) filter (where claimed_at is null)`.as('left'),
        sql<string>`count(*) filter (where claimed_at is not null)`.as('used'),
      ])
      .where('member_id', '=', memberId)
      .where('campaign_id', 'in', campaignIds)
      .groupBy('campaign_id')
      .execute();
    for (const row of rows) counts.set(row.campaign_id, { left: Number(row.left), used: Number(row.used) });
    return counts;
  }

  async figures(campaign: RaffleCampaignRow): Promise<CampaignFigures> {
    const tickets = await this.db
      .selectFrom('raffle_tickets')
      .select([
        sql<string>`count(*)`.as('granted'),
        sql<string>`count(*) filter (where claimed_at is not null)`.as('claimed'),
        sql<string>`coalesce(sum(prize_minor), 0)`.as('paid'),
      ])
      .where('campaign_id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    const balanceMinor = campaign.account_id === null ? 0n : await this.accountBalance(campaign.account_id);
    return {
      ticketsGranted: Number(tickets.granted),
      ticketsClaimed: Number(tickets.claimed),
      paidMinor: BigInt(tickets.paid),
      balanceMinor,
    };
  }

  /**
   * The campaign's own budget account (migration 0026: kind `campaign`, owned through `vendor_code` = the
   * campaign's code, slot 0, brand currency), made on first use.
   */
  async ensureCampaignAccount(this: RafflesRepository<Tx>, campaign: RaffleCampaignRow): Promise<bigint> {
    await this.db
      .insertInto('ledger_accounts')
      .values({
        brand_id: campaign.brand_id,
        kind: 'campaign',
        vendor_code: campaign.code,
        currency: campaign.currency,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const row = await this.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('brand_id', '=', campaign.brand_id)
      .where('kind', '=', 'campaign')
      .where('vendor_code', '=', campaign.code)
      .where('currency', '=', campaign.currency)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async accountBalance(accountId: bigint): Promise<bigint> {
    const row = await this.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return row.balance_minor;
  }

  async markStarted(
    this: RafflesRepository<Tx>,
    campaignId: bigint,
    accountId: bigint,
    entryId: bigint,
    at: Date,
  ): Promise<RaffleCampaignRow> {
    return this.db
      .updateTable('raffle_campaigns')
      .set({ status: 'running', account_id: accountId, funding_entry_id: entryId, started_at: at })
      .where('id', '=', campaignId)
      .where('status', '=', 'draft')
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async markEnded(
    this: RafflesRepository<Tx>,
    campaignId: bigint,
    returnEntryId: bigint | null,
    at: Date,
  ): Promise<RaffleCampaignRow> {
    return this.db
      .updateTable('raffle_campaigns')
      .set({ status: 'ended', return_entry_id: returnEntryId, ended_at: at })
      .where('id', '=', campaignId)
      .where('status', '=', 'running')
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Inserts tickets, skipping source keys the campaign has granted before; answers the new rows. */
  async grantTickets(
    this: RafflesRepository<Tx>,
    campaign: RaffleCampaignRow,
    tickets: NewTicket[],
    at: Date,
  ): Promise<RaffleTicketRow[]> {
    if (tickets.length === 0) return [];
    const rows = await this.db
      .insertInto('raffle_tickets')
      .values(
        tickets.map((ticket) => ({
          brand_id: campaign.brand_id,
          campaign_id: campaign.id,
          member_id: ticket.memberId,
          source: ticket.source,
          source_key: ticket.sourceKey,
          granted_at: at,
        })),
      )
      .onConflict((conflict) => conflict.columns(['campaign_id', 'source_key']).doNothing())
      .returningAll()
      .execute();
    return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /**
   * The member's ticket to open, locked: the one named, or the oldest unclaimed one of the campaign that no
   * concurrent claim holds (`skip locked`), so two claims at once open two different tickets.
   */
  async lockTicket(
    this: RafflesRepository<Tx>,
    campaignId: bigint,
    memberId: bigint,
    ticketId: bigint | null,
  ): Promise<RaffleTicketRow | undefined> {
    const base = this.db
      .selectFrom('raffle_tickets')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('member_id', '=', memberId);
    if (ticketId !== null) return base.where('id', '=', ticketId).forUpdate().executeTakeFirst();
    return base
      .where('claimed_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  }

  async markClaimed(
    this: RafflesRepository<Tx>,
    ticketId: bigint,
    claim: { at: Date; prizeIndex: number; prizeMinor: bigint; entryId: bigint | null },
  ): Promise<RaffleTicketRow> {
    return this.db
      .updateTable('raffle_tickets')
      .set({
        claimed_at: claim.at,
        prize_index: claim.prizeIndex,
        prize_minor: claim.prizeMinor,
        entry_id: claim.entryId,
      })
      .where('id', '=', ticketId)
      .where('claimed_at', 'is', null)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async unclaimedCount(campaignId: bigint, memberId: bigint): Promise<number> {
    const row = await this.db
      .selectFrom('raffle_tickets')
      .select(sql<string>`count(*)`.as('count'))
      .where('campaign_id', '=', campaignId)
      .where('member_id', '=', memberId)
      .where('claimed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Claimed tickets, newest first, of a member or of a campaign; and how many there are. */
  async draws(
    filter: { memberId: bigint } | { campaignId: bigint },
    page: number,
    pageSize: number,
  ): Promise<{ rows: DrawRow[]; total: number }> {
    const scoped = this.db
      .selectFrom('raffle_tickets as t')
      .innerJoin('members as m', 'm.id', 't.member_id')
      .where('t.claimed_at', 'is not', null)
      .where((eb) =>
        'memberId' in filter
          ? eb('t.member_id', '=', filter.memberId)
          : eb('t.campaign_id', '=', filter.campaignId),
      );
    const rows = await scoped
      .selectAll('t')
      .select('m.username')
      .orderBy('t.claimed_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const count = await scoped.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
    return { rows, total: Number(count.count) };
  }

  /**
   * Valid turnover per real member of the brand inside the campaign's window (member_betting_hours,
   * migration 0024: whole UTC hours, so an hour counts when it starts inside the window), at least `min`.
   */
  async turnoverIn(campaign: RaffleCampaignRow, until: Date, min: bigint): Promise<TurnoverRow[]> {
    const rows = await this.db
      .selectFrom('member_betting_hours as h')
      .innerJoin('members as m', 'm.id', 'h.member_id')
      .select(['h.member_id', sql<string>`sum(h.valid_turnover_minor)`.as('turnover')])
      .where('m.brand_id', '=', campaign.brand_id)
      .where('m.is_trial', '=', false)
      .where('m.member_type', '<>', 4)
      .where('h.hour', '>=', campaign.starts_at)
      .where('h.hour', '<', until)
      .groupBy('h.member_id')
      .having(sql`sum(h.valid_turnover_minor)`, '>=', min)
      .execute();
    return rows.map((row) => ({ memberId: row.member_id, turnoverMinor: BigInt(row.turnover) }));
  }

  /** Real members of the brand who registered inside the window so far. */
  async registeredIn(campaign: RaffleCampaignRow, until: Date): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('members')
      .select('id')
      .where('brand_id', '=', campaign.brand_id)
      .where('is_trial', '=', false)
      .where('member_type', '<>', 4)
      .where('created_at', '>=', campaign.starts_at)
      .where('created_at', '<', until)
      .execute();
    return rows.map((row) => row.id);
  }
}

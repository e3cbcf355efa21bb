import { randomBytes } from 'node:crypto';
import { serverSeedHash } from '@lotus/games/fair';
import { rafflePrizeTableProblem } from '@lotus/games/raffle';
import { decimalToMinor } from '@lotus/shared/money';
import {
  type CreateRaffleBody,
  type GrantRaffleTicketsBody,
  type GrantRaffleTicketsResult,
  type OperatorRaffle,
  type OperatorRaffleDraws,
  RAFFLE_DRAWS_PAGE_SIZE,
} from '@lotus/shared/raffles.schema';
import type { RaffleCampaignRow, StoredRaffleRules } from '../../db/tables/raffles.ts';
import type { Db, Tx } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import type { CreditedDeposit } from '../deposits/deposit-credit-hooks.ts';
import { MAX_AMOUNT_MINOR } from '../ledger/ledger.ts';
import { isRealAccount } from '../wallet/wallet-rules.ts';
import { type RaffleRepos, type RaffleUnit, raffleUnit } from './raffle-unit.ts';
import { drawView, operatorCampaignView } from './raffle-views.ts';
import { type NewTicket, RafflesRepository } from './raffles.repository.ts';

/** Who acts on campaigns: an operator (by id), the CLI or the seed (null); `ip` goes to the audit row. */
export type RaffleOperator = { brandId: bigint; operatorId: bigint | null; ip: string };

export const GRANT_JOB = 'raffles.grant-tickets';
export const CLOSE_JOB = 'raffles.close-ended';
export const RAFFLE_JOB_EVERY_MS = 60_000;

/** The ledger keys of a campaign's funding and of the return of what is left: once each, whatever retries. */
export const fundingKey = (campaignId: bigint) => `raffle:${campaignId}:fund`;
export const returnKey = (campaignId: bigint) => `raffle:${campaignId}:return`;

const byLabel = (operator: RaffleOperator) =>
  operator.operatorId === null ? 'operator:cli' : `operator:${operator.operatorId}`;

/** A typed amount in minor units; a prize may be zero ("better luck next time"), a budget or step may not. */
function amountOf(text: string, allowZero: boolean): bigint {
  if (allowZero && /^0+(\.0{1,2})?$/.test(text.trim())) return 0n;
  const minor = decimalToMinor(text);
  if (minor === null || minor > MAX_AMOUNT_MINOR || (!allowZero && minor === 0n)) {
    throw new AppError('amount_invalid');
  }
  return minor;
}

/** The ticket keys `1..count` of one grant: a re-run with the same base grants nothing new. */
function keys(memberId: bigint, source: NewTicket['source'], base: string, count: number): NewTicket[] {
  return Array.from({ length: count }, (_, index) => ({
    memberId,
    source,
    sourceKey: `${base}:${index + 1}`,
  }));
}

/**
 * The back office's side of the raffles and their background work (docs/raffles.md): create a draft (the
 * server makes the seed and shows only its hash), start (fund the campaign's own ledger account from
 * `bonus` and publish), end (reveal the seed, return what is left to `bonus`), grant tickets, list draws;
 * the ticket rules' grants (deposit hook, turnover and registration job) and the job that closes campaigns
 * whose window has passed. Every grant is keyed per (campaign, source key), so a re-run grants nothing twice.
 */
export class RaffleCampaignsService {
  readonly #unit: RaffleUnit;

  constructor(deps: { db: Db; clock: Clock }) {
    this.#unit = raffleUnit(deps);
  }

  async #view(
    row: RaffleCampaignRow,
    repository: RafflesRepository = this.#unit.reads,
  ): Promise<OperatorRaffle> {
    const figures = await repository.figures(row);
    const returned = row.status === 'ended' ? row.budget_minor - figures.paidMinor : null;
    return operatorCampaignView(row, figures, returned);
  }

  async create(operator: RaffleOperator, body: CreateRaffleBody): Promise<OperatorRaffle> {
    const startsAt = new Date(body.startsAt);
    const endsAt = new Date(body.endsAt);
    if (endsAt.getTime() <= startsAt.getTime() || endsAt.getTime() <= this.#unit.clock.now().getTime()) {
      throw new AppError('raffle_window_invalid');
    }
    const budgetMinor = amountOf(body.budget, false);
    const prizes = body.prizes.map((prize) => ({
      amountMinor: amountOf(prize.amount, true).toString(),
      weight: prize.weight,
    }));
    if (rafflePrizeTableProblem(prizes) !== null) throw new AppError('raffle_prizes_invalid');
    // A table whose every row is zero pays nothing: not a raffle.
    if (prizes.every((prize) => prize.amountMinor === '0')) throw new AppError('raffle_prizes_invalid');
    const rules: StoredRaffleRules = {};
    if (body.rules.deposit) {
      rules.deposit = {
        minMinor: amountOf(body.rules.deposit.min, false).toString(),
        tickets: body.rules.deposit.tickets,
      };
    }
    if (body.rules.turnover) {
      rules.turnover = {
        stepMinor: amountOf(body.rules.turnover.step, false).toString(),
        maxTickets: body.rules.turnover.maxTickets,
      };
    }
    if (body.rules.registration) rules.registration = { tickets: body.rules.registration.tickets };
    // 32 random bytes as 64 hex characters, like the studio's server seeds: committed by its hash now,
    // revealed when the campaign ends.
    const seed = randomBytes(32).toString('hex');
    return this.#unit.uow.run(async ({ raffles, audit }) => {
      const brand = await raffles.brand({ id: operator.brandId });
      if (!brand) throw new AppError('brand_not_found');
      const row = await raffles.insertCampaign({
        brandId: operator.brandId,
        code: body.code,
        kind: body.kind,
        nameEn: body.nameEn,
        nameHi: body.nameHi,
        startsAt,
        endsAt,
        budgetMinor,
        currency: brand.currency,
        seed,
        seedHash: serverSeedHash(seed),
        prizes,
        rules,
        createdBy: byLabel(operator),
      });
      if (!row) throw new AppError('raffle_code_taken');
      await audit.record({
        brandId: operator.brandId,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'raffle.created',
        ip: operator.ip,
        detail: {
          code: row.code,
          seedHash: row.seed_hash,
          budgetMinor,
          ...(operator.operatorId === null ? { via: 'cli' } : {}),
        },
      });
      return this.#view(row, raffles);
    });
  }

  /** Funds the campaign from `bonus` (one `campaign_funding` entry) and publishes its seed's hash. */
  async start(operator: RaffleOperator, code: string): Promise<OperatorRaffle> {
    return this.#unit.uow.run(async ({ raffles, ledger, audit }) => {
      const campaign = await raffles.lockCampaign(operator.brandId, code);
      if (!campaign) throw new AppError('raffle_not_found');
      if (campaign.status === 'running') return this.#view(campaign, raffles);
      const now = this.#unit.clock.now();
      if (campaign.status !== 'draft' || campaign.ends_at.getTime() <= now.getTime()) {
        throw new AppError('raffle_state_invalid');
      }
      const accountId = await raffles.ensureCampaignAccount(campaign);
      const entry = await ledger.post({
        brandId: campaign.brand_id,
        idempotencyKey: fundingKey(campaign.id),
        kind: 'campaign_funding',
        memo: `Raffle ${campaign.code}: budget`,
        createdBy: byLabel(operator),
        postings: [
          { system: 'bonus', amountMinor: -campaign.budget_minor },
          { accountId, amountMinor: campaign.budget_minor },
        ],
      });
      const started = await raffles.markStarted(campaign.id, accountId, entry.entryId, now);
      await audit.record({
        brandId: campaign.brand_id,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'raffle.started',
        ip: operator.ip,
        detail: { code: campaign.code, seedHash: campaign.seed_hash, entryId: entry.entryId },
      });
      return this.#view(started, raffles);
    });
  }

  /** Ends a running campaign: the seed becomes public and what is left goes back to `bonus`. */
  async end(operator: RaffleOperator, code: string): Promise<OperatorRaffle> {
    return this.#unit.uow.run(async (repos) => {
      const campaign = await repos.raffles.lockCampaign(operator.brandId, code);
      if (!campaign) throw new AppError('raffle_not_found');
      if (campaign.status === 'ended') return this.#view(campaign, repos.raffles);
      if (campaign.status !== 'running') throw new AppError('raffle_state_invalid');
      const ended = await this.#endIn(repos, campaign, byLabel(operator));
      await repos.audit.record({
        brandId: campaign.brand_id,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'raffle.ended',
        ip: operator.ip,
        detail: { code: campaign.code, seed: campaign.seed, returnEntryId: ended.return_entry_id },
      });
      return this.#view(ended, repos.raffles);
    });
  }

  async #endIn(
    { raffles, ledger }: RaffleRepos,
    campaign: RaffleCampaignRow,
    by: string,
  ): Promise<RaffleCampaignRow> {
    const accountId = campaign.account_id as bigint;
    const left = await raffles.accountBalance(accountId);
    let returnEntryId: bigint | null = null;
    if (left > 0n) {
      const entry = await ledger.post({
        brandId: campaign.brand_id,
        idempotencyKey: returnKey(campaign.id),
        kind: 'campaign_funding',
        memo: `Raffle ${campaign.code}: unspent budget returned`,
        createdBy: by,
        postings: [
          { accountId, amountMinor: -left },
          { system: 'bonus', amountMinor: left },
        ],
      });
      returnEntryId = entry.entryId;
    }
    return raffles.markEnded(campaign.id, returnEntryId, this.#unit.clock.now());
  }

  /** `raffles.close-ended`: ends every running campaign whose window has passed. */
  async closeEnded(now: Date): Promise<number> {
    let closed = 0;
    for (const due of await this.#unit.reads.running(now)) {
      closed += await this.#unit.uow.run(async (repos) => {
        const campaign = await repos.raffles.lockCampaign(due.brand_id, due.code);
        if (campaign?.status !== 'running') return 0;
        await this.#endIn(repos, campaign, 'system');
        await repos.audit.record({
          brandId: campaign.brand_id,
          operatorId: null,
          memberId: null,
          action: 'raffle.ended',
          ip: 'job',
          detail: { code: campaign.code, seed: campaign.seed, via: CLOSE_JOB },
        });
        return 1;
      });
    }
    return closed;
  }

  /** An operator's grant of `count` tickets under the caller's Idempotency-Key (an event the rules miss). */
  async grant(
    operator: RaffleOperator,
    code: string,
    body: GrantRaffleTicketsBody,
    idempotencyKey: string,
  ): Promise<GrantRaffleTicketsResult> {
    const { value } = await runIdempotent(
      this.#unit.uow,
      {
        scope: `${byLabel(operator)}:raffle.grant`,
        key: idempotencyKey,
        request: { code, username: body.username.toLowerCase(), count: body.count, reason: body.reason },
      },
      async ({ raffles, audit }) => {
        const campaign = await raffles.findCampaign(operator.brandId, code);
        if (!campaign) throw new AppError('raffle_not_found');
        if (campaign.status === 'ended' || campaign.ends_at.getTime() <= this.#unit.clock.now().getTime()) {
          throw new AppError('raffle_state_invalid');
        }
        const member = await raffles.findMember(operator.brandId, body.username);
        if (!member) throw new AppError('not_found', { message: `no member "${body.username}"` });
        if (!isRealAccount(member)) throw new AppError('in_need_true_account');
        const rows = await raffles.grantTickets(
          campaign,
          keys(member.id, 'operator', `operator:${byLabel(operator)}:${idempotencyKey}`, body.count),
          this.#unit.clock.now(),
        );
        await audit.record({
          brandId: operator.brandId,
          operatorId: operator.operatorId,
          memberId: member.id,
          action: 'raffle.tickets_granted',
          ip: operator.ip,
          detail: { code, count: rows.length, reason: body.reason },
        });
        return {
          username: member.username,
          granted: rows.length,
          ticketIds: rows.map((row) => row.id.toString()),
        } satisfies GrantRaffleTicketsResult;
      },
    );
    return value;
  }

  async list(brandId: bigint): Promise<OperatorRaffle[]> {
    const rows = await this.#unit.reads.campaigns(brandId);
    return Promise.all(rows.map((row) => this.#view(row)));
  }

  async detail(brandId: bigint, code: string): Promise<OperatorRaffle> {
    const row = await this.#unit.reads.findCampaign(brandId, code);
    if (!row) throw new AppError('raffle_not_found');
    return this.#view(row);
  }

  async draws(brandId: bigint, code: string, page: number): Promise<OperatorRaffleDraws> {
    const campaign = await this.#unit.reads.findCampaign(brandId, code);
    if (!campaign) throw new AppError('raffle_not_found');
    const { rows, total } = await this.#unit.reads.draws(
      { campaignId: campaign.id },
      page,
      RAFFLE_DRAWS_PAGE_SIZE,
    );
    return {
      list: rows.map((row) => ({ ...drawView(row, campaign, 'EN'), username: row.username })),
      page,
      pageSize: RAFFLE_DRAWS_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / RAFFLE_DRAWS_PAGE_SIZE),
    };
  }

  /**
   * The deposit rule, in the crediting transaction (deposits' port): each running campaign of the brand
   * whose window holds the deposit and whose minimum it meets grants its tickets, keyed by the deposit.
   */
  async depositCreditedIn(trx: Tx, deposit: CreditedDeposit): Promise<void> {
    const raffles = new RafflesRepository(trx);
    const member = await raffles.memberOf(deposit.memberId);
    if (!member || !isRealAccount(member)) return;
    for (const campaign of await raffles.running()) {
      const rule = campaign.rules.deposit;
      if (campaign.brand_id !== deposit.brandId || !rule) continue;
      const at = deposit.at.getTime();
      if (at < campaign.starts_at.getTime() || at >= campaign.ends_at.getTime()) continue;
      if (deposit.amountMinor < BigInt(rule.minMinor)) continue;
      await raffles.grantTickets(
        campaign,
        keys(deposit.memberId, 'deposit', `deposit:${deposit.depositId}`, rule.tickets),
        deposit.at,
      );
    }
  }

  /**
   * `raffles.grant-tickets`: the turnover rule (one ticket per step of valid turnover in the window, at most
   * `maxTickets`; keys `turnover:<member>:<n>`) and the registration rule (`registration:<member>:<n>`) of
   * every running campaign. Idempotent per (campaign, member, threshold): a run grants only what is new.
   */
  async grantByRules(now: Date): Promise<number> {
    let granted = 0;
    for (const campaign of await this.#unit.reads.running()) {
      if (now.getTime() < campaign.starts_at.getTime()) continue;
      const until = new Date(Math.min(now.getTime(), campaign.ends_at.getTime()));
      const tickets: NewTicket[] = [];
      const turnover = campaign.rules.turnover;
      if (turnover) {
        const step = BigInt(turnover.stepMinor);
        for (const row of await this.#unit.reads.turnoverIn(campaign, until, step)) {
          const earned = Number(row.turnoverMinor / step);
          tickets.push(
            ...keys(
              row.memberId,
              'turnover',
              `turnover:${row.memberId}`,
              Math.min(earned, turnover.maxTickets),
            ),
          );
        }
      }
      const registration = campaign.rules.registration;
      if (registration) {
        for (const memberId of await this.#unit.reads.registeredIn(campaign, campaign.ends_at)) {
          tickets.push(...keys(memberId, 'registration', `registration:${memberId}`, registration.tickets));
        }
      }
      if (tickets.length === 0) continue;
      granted += await this.#unit.uow.run(async ({ raffles }) => {
        const fresh = await raffles.findCampaign(campaign.brand_id, campaign.code);
        if (fresh?.status !== 'running') return 0;
        return (await raffles.grantTickets(fresh, tickets, now)).length;
      });
    }
    return granted;
  }
}

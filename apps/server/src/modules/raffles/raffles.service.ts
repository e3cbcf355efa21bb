import { drawRafflePrize } from '@lotus/games/raffle';
import { minorToDecimal } from '@lotus/shared/money';
import {
  type MyRaffles,
  RAFFLE_DRAWS_PAGE_SIZE,
  type RaffleClaimBody,
  type RaffleClaimResult,
  type RaffleDraws,
  type RaffleDrawsQuery,
} from '@lotus/shared/raffles.schema';
import type { RaffleCampaignRow } from '../../db/tables/raffles.ts';
import type { Db } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { type RaffleUnit, raffleUnit } from './raffle-unit.ts';
import { campaignView, drawView } from './raffle-views.ts';

/** How long an ended campaign stays on the player's list (its seed revealed, its draws verifiable). */
const ENDED_VISIBLE_MS = 30 * 86_400_000;

/** The ledger's own key of a ticket's prize: one payment per ticket, whatever Idempotency-Key was sent. */
export const prizeKey = (ticketId: bigint) => `raffle-ticket:${ticketId}:prize`;

const isOpen = (campaign: RaffleCampaignRow, now: Date) =>
  campaign.status === 'running' &&
  now.getTime() >= campaign.starts_at.getTime() &&
  now.getTime() < campaign.ends_at.getTime();

/**
 * The player's side of the raffles (docs/raffles.md): my campaigns with tickets left, my past draws with
 * their proof, and the claim (`MCS2_claimRafflePromotion`): one ticket opened per claim, its prize drawn
 * from the campaign's committed seed and paid `raffle_prize` from the campaign's own account, which can
 * never go negative — when it cannot pay, the claim is refused and the ticket stays unused.
 */
export class RafflesService {
  readonly #unit: RaffleUnit;

  constructor(deps: { db: Db; clock: Clock }) {
    this.#unit = raffleUnit(deps);
  }

  async mine(actor: Actor, language?: string): Promise<MyRaffles> {
    requireReal(actor);
    const lang = language ?? actor.language ?? 'EN';
    const now = this.#unit.clock.now();
    const rows = await this.#unit.reads.visibleTo(actor.brandId, new Date(now.getTime() - ENDED_VISIBLE_MS));
    // A campaign that has not started yet is listed once it runs (its hash is public from then).
    const counts = await this.#unit.reads.ticketCounts(
      actor.memberId,
      rows.map((row) => row.id),
    );
    return {
      list: rows.map((row) => {
        const count = counts.get(row.id) ?? { left: 0, used: 0 };
        return {
          ...campaignView(row, lang),
          ticketsLeft: row.status === 'running' ? count.left : 0,
          ticketsUsed: count.used,
          open: isOpen(row, now),
        };
      }),
    };
  }

  async draws(actor: Actor, query: RaffleDrawsQuery): Promise<RaffleDraws> {
    requireReal(actor);
    const lang = query.language ?? actor.language ?? 'EN';
    const { rows, total } = await this.#unit.reads.draws(
      { memberId: actor.memberId },
      query.page,
      RAFFLE_DRAWS_PAGE_SIZE,
    );
    const campaigns = new Map(
      (await this.#unit.reads.campaignsByIds([...new Set(rows.map((row) => row.campaign_id))])).map((row) => [
        row.id,
        row,
      ]),
    );
    return {
      list: rows.map((row) => drawView(row, campaigns.get(row.campaign_id) as RaffleCampaignRow, lang)),
      page: query.page,
      pageSize: RAFFLE_DRAWS_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / RAFFLE_DRAWS_PAGE_SIZE),
    };
  }

  /**
   * Opens one ticket under the browser's Idempotency-Key: the named ticket, or the oldest unused one of the
   * campaign. Locks: the idempotency record, the campaign (share: an end waits for claims in flight), the
   * ticket, then the ledger's accounts. The prize is HMAC-SHA256(seed, ticket id) over the prize table.
   */
  async claim(
    actor: Actor,
    body: RaffleClaimBody,
    idempotencyKey: string,
    ip: string,
  ): Promise<RaffleClaimResult> {
    requireReal(actor);
    const lang = body.language ?? actor.language ?? 'EN';
    const ticketId = body.ticketId === undefined ? null : BigInt(body.ticketId);
    const { value } = await runIdempotent(
      this.#unit.uow,
      {
        scope: `member:${actor.memberId}:raffle.claim`,
        key: idempotencyKey,
        request: { campaignCode: body.campaignCode, ticketId: body.ticketId ?? null },
      },
      async ({ raffles, ledger, audit }) => {
        const campaign = await raffles.lockCampaign(actor.brandId, body.campaignCode, 'claim');
        if (!campaign || campaign.status === 'draft') throw new AppError('raffle_not_found');
        const now = this.#unit.clock.now();
        const ticket = await raffles.lockTicket(campaign.id, actor.memberId, ticketId);
        if (ticketId !== null && !ticket) throw new AppError('raffle_ticket_not_found');
        if (ticket?.claimed_at) throw new AppError('raffle_ticket_claimed');
        if (!isOpen(campaign, now)) throw new AppError('raffle_not_open');
        if (!ticket) throw new AppError('raffle_no_tickets');
        const drawn = drawRafflePrize(campaign.seed, Number(ticket.id), campaign.prizes);
        const prizeMinor = BigInt(drawn.amountMinor);
        let entryId: bigint | null = null;
        if (prizeMinor > 0n) {
          const main = await ledger.memberMainAccount(actor.memberId);
          try {
            const entry = await ledger.post({
              brandId: actor.brandId,
              idempotencyKey: prizeKey(ticket.id),
              kind: 'raffle_prize',
              memo: `Raffle ${campaign.code}: ticket ${ticket.id}`,
              createdBy: `member:${actor.memberId}`,
              postings: [
                { accountId: campaign.account_id as bigint, amountMinor: -prizeMinor },
                { accountId: main.id, amountMinor: prizeMinor },
              ],
            });
            entryId = entry.entryId;
          } catch (error) {
            // The campaign's account cannot go below zero: the budget is spent. The whole claim rolls
            // back (its entry row too), so the ticket stays unused.
            if (isAppError(error) && error.code === 'insufficient_funds') {
              throw new AppError('raffle_budget_exhausted', { cause: error });
            }
            throw error;
          }
        }
        const claimed = await raffles.markClaimed(ticket.id, {
          at: now,
          prizeIndex: drawn.index,
          prizeMinor,
          entryId,
        });
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'raffle.claimed',
          ip,
          detail: { code: campaign.code, ticketId: ticket.id, prizeMinor, entryId },
        });
        const balance = await ledger.balanceOf(actor.memberId);
        return {
          draw: drawView(claimed, campaign, lang),
          ticketsLeft: await raffles.unclaimedCount(campaign.id, actor.memberId),
          main: {
            balanceMinor: balance.availableMinor.toString(),
            balance: minorToDecimal(balance.availableMinor),
          },
        } satisfies RaffleClaimResult;
      },
    );
    return value;
  }
}

import { minorToDecimal } from '@lotus/shared/money';
import type {
  OperatorRaffle,
  RaffleCampaignView,
  RaffleDrawView,
  RafflePrizeView,
} from '@lotus/shared/raffles.schema';
import type { RaffleCampaignRow, RaffleTicketRow, StoredRaffleRules } from '../../db/tables/raffles.ts';
import type { CampaignFigures } from './raffles.repository.ts';

/** Views of campaigns and draws: the seed appears only once the campaign has ended (then it is public). */

const iso = (value: Date | string) => new Date(value).toISOString();
const isHindi = (language: string) => language.toUpperCase() === 'HI';

export function prizeViews(row: RaffleCampaignRow): RafflePrizeView[] {
  return row.prizes.map((prize) => ({
    amountMinor: prize.amountMinor,
    amount: minorToDecimal(BigInt(prize.amountMinor)),
    weight: prize.weight,
  }));
}

function rulesView(rules: StoredRaffleRules): RaffleCampaignView['rules'] {
  return {
    deposit: rules.deposit
      ? {
          minMinor: rules.deposit.minMinor,
          min: minorToDecimal(BigInt(rules.deposit.minMinor)),
          tickets: rules.deposit.tickets,
        }
      : null,
    turnover: rules.turnover
      ? {
          stepMinor: rules.turnover.stepMinor,
          step: minorToDecimal(BigInt(rules.turnover.stepMinor)),
          maxTickets: rules.turnover.maxTickets,
        }
      : null,
    registration: rules.registration ? { tickets: rules.registration.tickets } : null,
  };
}

/** The revealed seed: only an ended campaign shows it. */
export const revealedSeed = (row: RaffleCampaignRow): string | null =>
  row.status === 'ended' ? row.seed : null;

export function campaignView(row: RaffleCampaignRow, language: string): RaffleCampaignView {
  return {
    code: row.code,
    kind: row.kind,
    name: isHindi(language) ? row.name_hi : row.name_en,
    nameEn: row.name_en,
    nameHi: row.name_hi,
    status: row.status,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    currency: row.currency,
    seedHash: row.seed_hash,
    seed: revealedSeed(row),
    prizes: prizeViews(row),
    rules: rulesView(row.rules),
  };
}

export function drawView(
  ticket: RaffleTicketRow,
  campaign: RaffleCampaignRow,
  language: string,
): RaffleDrawView {
  const prizeMinor = ticket.prize_minor ?? 0n;
  return {
    ticketId: ticket.id.toString(),
    campaignCode: campaign.code,
    kind: campaign.kind,
    campaignName: isHindi(language) ? campaign.name_hi : campaign.name_en,
    campaignStatus: campaign.status,
    prizeIndex: ticket.prize_index ?? 0,
    prizeMinor: prizeMinor.toString(),
    prize: minorToDecimal(prizeMinor),
    currency: campaign.currency,
    claimedAt: iso(ticket.claimed_at ?? ticket.granted_at),
    seedHash: campaign.seed_hash,
    seed: revealedSeed(campaign),
    prizes: prizeViews(campaign),
    entryId: ticket.entry_id === null ? null : ticket.entry_id.toString(),
  };
}

export function operatorCampaignView(
  row: RaffleCampaignRow,
  figures: CampaignFigures,
  returnedMinor: bigint | null,
): OperatorRaffle {
  return {
    ...campaignView(row, 'EN'),
    budgetMinor: row.budget_minor.toString(),
    budget: minorToDecimal(row.budget_minor),
    balanceMinor: figures.balanceMinor.toString(),
    balance: minorToDecimal(figures.balanceMinor),
    ticketsGranted: figures.ticketsGranted,
    ticketsClaimed: figures.ticketsClaimed,
    paidMinor: figures.paidMinor.toString(),
    paid: minorToDecimal(figures.paidMinor),
    returnedMinor: returnedMinor === null ? null : returnedMinor.toString(),
  };
}

import { randomBytes } from 'node:crypto';
import { serverSeedHash } from '@lotus/games/fair';
import { drawRafflePrize } from '@lotus/games/raffle';
import { ledgerIn } from '../../modules/ledger/ledger.ts';
import { fundingKey, returnKey } from '../../modules/raffles/raffle-campaigns.service.ts';
import { RafflesRepository } from '../../modules/raffles/raffles.repository.ts';
import { prizeKey } from '../../modules/raffles/raffles.service.ts';
import type { DatabaseHandle } from '../create-database.ts';
import type { RaffleKindColumn, StoredRafflePrize, StoredRaffleRules } from '../tables/raffles.ts';
import type { Tx } from '../unit-of-work.ts';

/**
 * The demo's raffles (docs/raffles.md "Demo"): a running red envelope with its hash published and five
 * tickets for the demo player, and an ended golden egg whose seed is revealed, with three tickets the demo
 * player opened, so the verify page's raffle mode works on the demo. Money moves as in the service: the
 * budget from `bonus` (`campaign_funding`), prizes `raffle_prize` from the campaign's own account, the rest
 * back to `bonus`. Idempotent: a campaign whose code exists is left as it is.
 */

const DAY_MS = 86_400_000;
const PLAYER = 'demo_player';

type DemoCampaign = {
  code: string;
  kind: RaffleKindColumn;
  nameEn: string;
  nameHi: string;
  /** Days from now. */
  startsIn: number;
  endsIn: number;
  budgetMinor: bigint;
  prizes: StoredRafflePrize[];
  rules: StoredRaffleRules;
  tickets: number;
  opened: number;
  ended: boolean;
};

export const DEMO_RAFFLES: DemoCampaign[] = [
  {
    code: 'demo-red-envelope',
    kind: 'red_envelope',
    nameEn: 'Festival red envelopes',
    nameHi: 'त्योहार के लाल लिफ़ाफ़े',
    startsIn: -1,
    endsIn: 30,
    // ₹5,000.00
    budgetMinor: 500_000n,
    prizes: [
      { amountMinor: '500', weight: 50 },
      { amountMinor: '2000', weight: 30 },
      { amountMinor: '10000', weight: 15 },
      { amountMinor: '50000', weight: 5 },
    ],
    rules: { deposit: { minMinor: '50000', tickets: 1 }, turnover: { stepMinor: '100000', maxTickets: 10 } },
    tickets: 5,
    opened: 0,
    ended: false,
  },
  {
    code: 'demo-golden-egg',
    kind: 'golden_egg',
    nameEn: 'Golden egg week',
    nameHi: 'सुनहरे अंडे का सप्ताह',
    startsIn: -10,
    endsIn: -3,
    // ₹1,000.00
    budgetMinor: 100_000n,
    prizes: [
      { amountMinor: '0', weight: 20 },
      { amountMinor: '1000', weight: 60 },
      { amountMinor: '5000', weight: 20 },
    ],
    rules: { registration: { tickets: 1 } },
    tickets: 3,
    opened: 3,
    ended: true,
  },
];

/**
 * The seed's part: the campaigns whose tickets are not opened yet (the running red envelope). Opening a
 * ticket pays the demo player a prize, which the seed must not do — the tests' template and the journeys
 * count on the demo player's opening balance — so the ended campaign with its opened tickets is the first
 * start's history (`seedDemoRaffleHistory`, beside the demo loyalty play).
 */
export function seedDemoRaffles(trx: Tx, brandId: bigint): Promise<number> {
  return seedCampaigns(
    trx,
    brandId,
    DEMO_RAFFLES.filter((demo) => demo.opened === 0),
  );
}

/**
 * The demo player's raffle history on a new demo database's first start (main.ts, `db seed`): the ended
 * golden egg with its seed revealed and three opened tickets, so the verify page's raffle mode works on
 * the demo. Runs once: a campaign whose code exists is left as it is.
 */
export async function seedDemoRaffleHistory(database: DatabaseHandle): Promise<number> {
  const brand = await database.db
    .selectFrom('brands')
    .select('id')
    .where('code', '=', 'lotus')
    .executeTakeFirst();
  if (!brand) return 0;
  return database.db.transaction().execute((trx) =>
    seedCampaigns(
      trx,
      brand.id,
      DEMO_RAFFLES.filter((demo) => demo.opened > 0),
    ),
  );
}

async function seedCampaigns(trx: Tx, brandId: bigint, demos: DemoCampaign[]): Promise<number> {
  const raffles = new RafflesRepository(trx);
  const ledger = ledgerIn(trx);
  const member = await raffles.findMember(brandId, PLAYER);
  const brand = await raffles.brand({ id: brandId });
  if (!member || !brand) return 0;
  const now = Date.now();
  let added = 0;
  for (const demo of demos) {
    if (await raffles.findCampaign(brandId, demo.code)) continue;
    const seed = randomBytes(32).toString('hex');
    const draft = await raffles.insertCampaign({
      brandId,
      code: demo.code,
      kind: demo.kind,
      nameEn: demo.nameEn,
      nameHi: demo.nameHi,
      startsAt: new Date(now + demo.startsIn * DAY_MS),
      endsAt: new Date(now + demo.endsIn * DAY_MS),
      budgetMinor: demo.budgetMinor,
      currency: brand.currency,
      seed,
      seedHash: serverSeedHash(seed),
      prizes: demo.prizes,
      rules: demo.rules,
      createdBy: 'seed',
    });
    if (!draft) continue;
    added += 1;
    const accountId = await raffles.ensureCampaignAccount(draft);
    const funding = await ledger.post({
      brandId,
      idempotencyKey: fundingKey(draft.id),
      kind: 'campaign_funding',
      memo: `Raffle ${draft.code}: budget`,
      createdBy: 'seed',
      postings: [
        { system: 'bonus', amountMinor: -draft.budget_minor },
        { accountId, amountMinor: draft.budget_minor },
      ],
    });
    const startedAt = new Date(now + demo.startsIn * DAY_MS);
    const campaign = await raffles.markStarted(draft.id, accountId, funding.entryId, startedAt);
    const tickets = await raffles.grantTickets(
      campaign,
      Array.from({ length: demo.tickets }, (_, index) => ({
        memberId: member.id,
        source: 'operator' as const,
        sourceKey: `seed:${index + 1}`,
      })),
      startedAt,
    );
    const main = await ledger.memberMainAccount(member.id);
    for (const ticket of tickets.slice(0, demo.opened)) {
      const drawn = drawRafflePrize(seed, Number(ticket.id), demo.prizes);
      const prizeMinor = BigInt(drawn.amountMinor);
      const entry =
        prizeMinor > 0n
          ? await ledger.post({
              brandId,
              idempotencyKey: prizeKey(ticket.id),
              kind: 'raffle_prize',
              memo: `Raffle ${campaign.code}: ticket ${ticket.id}`,
              createdBy: 'seed',
              postings: [
                { accountId, amountMinor: -prizeMinor },
                { accountId: main.id, amountMinor: prizeMinor },
              ],
            })
          : null;
      await raffles.markClaimed(ticket.id, {
        at: new Date(startedAt.getTime() + DAY_MS),
        prizeIndex: drawn.index,
        prizeMinor,
        entryId: entry?.entryId ?? null,
      });
    }
    if (demo.ended) {
      const left = await raffles.accountBalance(accountId);
      const returned =
        left > 0n
          ? await ledger.post({
              brandId,
              idempotencyKey: returnKey(campaign.id),
              kind: 'campaign_funding',
              memo: `Raffle ${campaign.code}: unspent budget returned`,
              createdBy: 'seed',
              postings: [
                { accountId, amountMinor: -left },
                { system: 'bonus', amountMinor: left },
              ],
            })
          : null;
      await raffles.markEnded(campaign.id, returned?.entryId ?? null, new Date(now + demo.endsIn * DAY_MS));
    }
  }
  return added;
}

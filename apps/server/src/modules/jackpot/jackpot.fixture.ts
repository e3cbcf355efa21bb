import { randomUUID } from 'node:crypto';
import { ROULETTE_RED } from '@lotus/games/roulette';
import { playRoundResponse } from '@lotus/shared/originals.schema';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db/unit-of-work.ts';
import type { InhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';

/** A bet of 10.00 on red, the table game the tests' jackpot covers. */
export const RED_BET = {
  game: 'roulette' as const,
  bets: [{ kind: 'red' as const, numbers: [...ROULETTE_RED], amountMinor: '1000' }],
};

/** Plays one real round in the session; answers its stake. */
export async function playRound(fx: InhouseFixture, token: string, bet: unknown = RED_BET): Promise<bigint> {
  const response = await fx.post('/originals/api/rounds', token, { requestId: randomUUID(), bet });
  expect(response.statusCode, response.body).toBe(200);
  return BigInt(playRoundResponse.parse(response.json()).value.round.stakeMinor);
}

export type JackpotFigures = {
  balance: bigint;
  contributed: bigint;
  postedContributions: bigint;
  unposted: bigint;
  contributionPostings: bigint;
  funded: bigint;
  won: bigint;
};

/**
 * The jackpot's books from rows (docs/jackpot.md "Invariant"): Σ contributions = Σ `jackpot_contribution`
 * postings to the pot that are not fundings + unposted, and pot balance = Σ posted contributions + Σ
 * fundings − Σ wins.
 */
export async function jackpotFigures(db: Db, code: string): Promise<JackpotFigures> {
  const { rows } = await sql<Record<keyof JackpotFigures, string>>`
    select
      a.balance_minor::text as balance,
      (select coalesce(sum(amount_minor), 0) from jackpot_contributions c where c.jackpot_id = j.id)::text as contributed,
      (select coalesce(sum(amount_minor), 0) from jackpot_contributions c where c.jackpot_id = j.id and c.posted_at is not null)::text as "postedContributions",
      (select coalesce(sum(amount_minor), 0) from jackpot_contributions c where c.jackpot_id = j.id and c.posted_at is null)::text as unposted,
      (select coalesce(sum(p.amount_minor), 0) from journal_postings p join journal_entries e on e.id = p.entry_id
        where p.account_id = j.account_id and e.kind = 'jackpot_contribution'
          and not exists (select 1 from jackpot_fundings f where f.entry_id = e.id))::text as "contributionPostings",
      (select coalesce(sum(amount_minor), 0) from jackpot_fundings f where f.jackpot_id = j.id)::text as funded,
      (select coalesce(sum(amount_minor), 0) from jackpot_wins w where w.jackpot_id = j.id)::text as won
    from jackpots j join ledger_accounts a on a.id = j.account_id
    where j.code = ${code}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`no jackpot ${code}`);
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, BigInt(value)]),
  ) as JackpotFigures;
}

/** Asserts both invariants; answers the figures. */
export async function expectJackpotBooks(db: Db, code: string): Promise<JackpotFigures> {
  const figures = await jackpotFigures(db, code);
  expect(figures.contributed).toBe(figures.contributionPostings + figures.unposted);
  expect(figures.postedContributions).toBe(figures.contributionPostings);
  expect(figures.balance).toBe(figures.postedContributions + figures.funded - figures.won);
  return figures;
}

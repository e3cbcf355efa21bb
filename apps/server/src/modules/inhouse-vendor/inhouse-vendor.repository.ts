import { sql } from 'kysely';
import type { InhouseRoundRow, InhouseSeedRow, InhouseSessionRow } from '../../db/tables/games.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** A round with the seed it was played on (the hash always; the seed itself once revealed). */
export type RoundRecord = InhouseRoundRow & {
  server_seed_hash: string;
  /** Null until the seed is rotated. */
  revealed_seed: string | null;
};

export type NewSession = {
  tokenHash: string;
  /** Null for a trial: the row's id names the player (`trial:<id>`). */
  playerRef: string | null;
  walletSession: string | null;
  gameCode: string;
  demoBalanceMinor: bigint | null;
  currency: string;
  language: string;
  expiresAt: Date;
  /** A fishing title's scene (migration 0039_fishing); absent for other games. */
  fishingScene?: FishingSceneOfSession;
};

/** A fishing session's public scene: its seed and when its scene time 0 was (the server's clock). */
export type FishingSceneOfSession = { seed: string; startedAt: Date };

export type NewRound = {
  /** Reserved with `reserveRoundId` before the debit, so the wallet calls can name the round. */
  id: bigint;
  playerRef: string;
  sessionId: bigint;
  seedId: bigint;
  nonce: number;
  clientSeed: string;
  requestId: string;
  gameCode: string;
  trial: boolean;
  stakeMinor: bigint;
  payoutMinor: bigint;
  outcome: unknown;
  status: InhouseRoundRow['status'];
};

/** The SQL of the in-house studio's own tables (migration 0008_games: inhouse_*). */
/** An in-house game session (`X-Originals-Session`), as the game calls read it; its token hash stays here. */
export type InhouseSession = {
  id: bigint;
  /** The wallet's player id; a trial's is `trial:<session id>`. */
  playerRef: string;
  /** The seamless wallet's session for a real player; null for a trial. */
  walletSession: string | null;
  gameCode: string;
  /** Demo money, kept on the session, instead of the wallet. */
  trial: boolean;
  expiresAt: Date;
  /** A fishing title's scene; null for other games. */
  fishingScene: FishingSceneOfSession | null;
};

/** A player's provably-fair seed pair (docs/games-contract.md "In-house vendor"). */
export type InhouseSeed = {
  id: bigint;
  /** Secret until the seed is rotated; only its hash is shown before play. */
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round on this seed uses. */
  nextNonce: number;
};

function seedOf(row: InhouseSeedRow | undefined): InhouseSeed | undefined {
  return (
    row && {
      id: row.id,
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nextNonce: row.next_nonce,
    }
  );
}

function sessionOf(row: InhouseSessionRow): InhouseSession {
  return {
    id: row.id,
    playerRef: row.player_ref,
    walletSession: row.wallet_session,
    gameCode: row.game_code,
    trial: row.trial,
    expiresAt: new Date(row.expires_at),
    fishingScene:
      row.fishing_scene_seed && row.fishing_scene_started_at
        ? { seed: row.fishing_scene_seed, startedAt: new Date(row.fishing_scene_started_at) }
        : null,
  };
}

export class InhouseVendorRepository<E extends Executor = Executor> extends Repository<E> {
  /**
   * The committed seed material of real rounds by id (the progressive jackpot's draw, issue 19): server
   * seed, client seed and nonce. Trial rounds never reach the platform, so they are left out.
   */
  roundSeeds(ids: readonly bigint[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('inhouse_rounds as r')
      .innerJoin('inhouse_seeds as s', 's.id', 'r.seed_id')
      .select(['r.id', 's.server_seed', 'r.client_seed', 'r.nonce'])
      .where('r.id', 'in', ids)
      .where('r.trial', '=', false)
      .execute();
  }

  /** The wallet secret of the LOTUS vendor (`vassalage` = `vendorCode`), the default brand's first. */
  async inhouseWalletSecret(vendorCode: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('vendors')
      .innerJoin('brands', 'brands.id', 'vendors.brand_id')
      .select('vendors.wallet_secret')
      .where('vendors.vassalage', '=', vendorCode)
      .where('vendors.wallet_secret', 'is not', null)
      .orderBy('brands.is_default', 'desc')
      .orderBy('vendors.id')
      .executeTakeFirst();
    return row?.wallet_secret ?? null;
  }

  /**
   * The default brand's money and its studio rule (whose studio this is: the LOTUS vendor of the default
   * brand, as `inhouseWalletSecret` picks it).
   */
  async defaultBrandMoney(): Promise<{ currency: string; currencySymbol: string; autoplayAllowed: boolean }> {
    const row = await this.db
      .selectFrom('brands')
      .select(['currency', 'currency_symbol', 'studio_autoplay'])
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return {
      currency: row.currency,
      currencySymbol: row.currency_symbol,
      autoplayAllowed: row.studio_autoplay,
    };
  }

  /** Creates a session; a trial's player ref is `trial:<its id>` (set in the same transaction). */
  async createSession(this: InhouseVendorRepository<Tx>, input: NewSession): Promise<InhouseSession> {
    const row = await this.db
      .insertInto('inhouse_sessions')
      .values({
        token_hash: input.tokenHash,
        player_ref: input.playerRef ?? 'trial:new',
        wallet_session: input.walletSession,
        game_code: input.gameCode,
        trial: input.demoBalanceMinor !== null,
        demo_balance_minor: input.demoBalanceMinor,
        currency: input.currency,
        language: input.language,
        expires_at: input.expiresAt,
        fishing_scene_seed: input.fishingScene?.seed ?? null,
        fishing_scene_started_at: input.fishingScene?.startedAt ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (input.playerRef !== null) return sessionOf(row);
    return sessionOf(
      await this.db
        .updateTable('inhouse_sessions')
        .set({ player_ref: `trial:${row.id}` })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }

  async sessionByTokenHash(tokenHash: string): Promise<InhouseSession | undefined> {
    const row = await this.db
      .selectFrom('inhouse_sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && sessionOf(row);
  }

  async demoBalance(sessionId: bigint): Promise<bigint> {
    const row = await this.db
      .selectFrom('inhouse_sessions')
      .select('demo_balance_minor')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return row.demo_balance_minor ?? 0n;
  }

  /** Takes the stake from a trial balance if it covers it; the new balance, or null when it does not. */
  async takeDemoStake(
    this: InhouseVendorRepository<Tx>,
    sessionId: bigint,
    stakeMinor: bigint,
  ): Promise<bigint | null> {
    const row = await this.db
      .updateTable('inhouse_sessions')
      .set({ demo_balance_minor: sql`demo_balance_minor - ${stakeMinor}` })
      .where('id', '=', sessionId)
      .where('demo_balance_minor', '>=', stakeMinor)
      .returning('demo_balance_minor')
      .executeTakeFirst();
    return row ? (row.demo_balance_minor ?? 0n) : null;
  }

  async addDemoPayout(
    this: InhouseVendorRepository<Tx>,
    sessionId: bigint,
    payoutMinor: bigint,
  ): Promise<bigint> {
    const row = await this.db
      .updateTable('inhouse_sessions')
      .set({ demo_balance_minor: sql`demo_balance_minor + ${payoutMinor}` })
      .where('id', '=', sessionId)
      .returning('demo_balance_minor')
      .executeTakeFirstOrThrow();
    return row.demo_balance_minor ?? 0n;
  }

  async activeSeed(playerRef: string): Promise<InhouseSeed | undefined> {
    return seedOf(
      await this.db
        .selectFrom('inhouse_seeds')
        .selectAll()
        .where('player_ref', '=', playerRef)
        .where('status', '=', 'active')
        .executeTakeFirst(),
    );
  }

  /**
   * The active seed row, locked until the transaction ends: the nonce counter's single writer. Rounds and
   * rotations of one player queue here, so each nonce is used once and a rotation never loses a round.
   */
  async lockActiveSeed(
    this: InhouseVendorRepository<Tx>,
    playerRef: string,
  ): Promise<InhouseSeed | undefined> {
    // A rotation that held the lock first leaves the row we waited for revealed, and its new seed is not
    // in this statement's snapshot; READ COMMITTED gives the next statement a fresh one, so ask again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const seed = await this.db
        .selectFrom('inhouse_seeds')
        .selectAll()
        .where('player_ref', '=', playerRef)
        .where('status', '=', 'active')
        .forUpdate()
        .executeTakeFirst();
      if (seed) return seedOf(seed);
    }
    return undefined;
  }

  /** Inserts an active seed unless the player already has one (the partial unique index decides). */
  async insertSeedIfNone(
    this: InhouseVendorRepository<Tx>,
    seed: { playerRef: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
  ): Promise<void> {
    await this.db
      .insertInto('inhouse_seeds')
      .values({
        player_ref: seed.playerRef,
        server_seed: seed.serverSeed,
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
      })
      .onConflict((conflict) => conflict.column('player_ref').where('status', '=', 'active').doNothing())
      .execute();
  }

  async revealSeed(this: InhouseVendorRepository<Tx>, seedId: bigint, at: Date): Promise<void> {
    await this.db
      .updateTable('inhouse_seeds')
      .set({ status: 'revealed', revealed_at: at })
      .where('id', '=', seedId)
      .execute();
  }

  /** Moves the seed past the nonces a round took (one; a fishing batch one per shot). */
  async bumpNonce(this: InhouseVendorRepository<Tx>, seedId: bigint, by = 1): Promise<void> {
    await this.db
      .updateTable('inhouse_seeds')
      .set({ next_nonce: sql`next_nonce + ${by}` })
      .where('id', '=', seedId)
      .execute();
  }

  /**
   * A round id taken from the rounds' own identity sequence before the round exists: the wallet's debit
   * must name the round, but the row is written only once the debit went through (a sequence value is
   * never handed out twice and needs no transaction; a refused debit just leaves a gap).
   */
  async reserveRoundId(): Promise<bigint> {
    const result = await sql<{ id: bigint }>`
      select nextval(pg_get_serial_sequence('inhouse_rounds', 'id')) as id`.execute(this.db);
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error('no round id from the sequence');
    return BigInt(id);
  }

  /** Writes a round under its reserved id (Kysely has no OVERRIDING SYSTEM VALUE, hence plain SQL). */
  async insertRound(this: InhouseVendorRepository<Tx>, round: NewRound): Promise<void> {
    await sql`
      insert into inhouse_rounds (id, player_ref, session_id, seed_id, nonce, client_seed, request_id,
        game_code, trial, stake_minor, payout_minor, outcome, status)
      overriding system value
      values (${round.id}, ${round.playerRef}, ${round.sessionId}, ${round.seedId}, ${round.nonce},
        ${round.clientSeed}, ${round.requestId}, ${round.gameCode}, ${round.trial}, ${round.stakeMinor},
        ${round.payoutMinor}, ${JSON.stringify(round.outcome)}::jsonb, ${round.status})`.execute(this.db);
  }

  async markSettled(this: InhouseVendorRepository<Tx>, roundId: bigint): Promise<void> {
    await this.db
      .updateTable('inhouse_rounds')
      .set({ status: 'settled' })
      .where('id', '=', roundId)
      .where('status', '=', 'credit_pending')
      .execute();
  }

  /** Rounds whose payout has not landed yet, with the wallet session they were debited under. */
  async pendingCredits(playerRef: string): Promise<(InhouseRoundRow & { wallet_session: string | null })[]> {
    return this.db
      .selectFrom('inhouse_rounds as r')
      .innerJoin('inhouse_sessions as s', 's.id', 'r.session_id')
      .selectAll('r')
      .select('s.wallet_session')
      .where('r.player_ref', '=', playerRef)
      .where('r.status', '=', 'credit_pending')
      .orderBy('r.id')
      .execute();
  }

  #rounds() {
    return this.db
      .selectFrom('inhouse_rounds as r')
      .innerJoin('inhouse_seeds as s', 's.id', 'r.seed_id')
      .selectAll('r')
      .select([
        's.server_seed_hash',
        sql<string | null>`case when s.status = 'revealed' then s.server_seed end`.as('revealed_seed'),
      ]);
  }

  async roundByRequest(playerRef: string, requestId: string): Promise<RoundRecord | undefined> {
    return this.#rounds()
      .where('r.player_ref', '=', playerRef)
      .where('r.request_id', '=', requestId)
      .executeTakeFirst();
  }

  async roundOf(playerRef: string, id: bigint): Promise<RoundRecord | undefined> {
    return this.#rounds().where('r.player_ref', '=', playerRef).where('r.id', '=', id).executeTakeFirst();
  }

  async roundsOf(
    playerRef: string,
    page: { limit: number; offset: number; gameCode?: string | undefined },
  ): Promise<{ rows: RoundRecord[]; total: number }> {
    const { gameCode } = page;
    const rows = await this.#rounds()
      .where('r.player_ref', '=', playerRef)
      .$if(gameCode !== undefined, (query) => query.where('r.game_code', '=', gameCode ?? ''))
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const count = await this.db
      .selectFrom('inhouse_rounds')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('player_ref', '=', playerRef)
      .$if(gameCode !== undefined, (query) => query.where('game_code', '=', gameCode ?? ''))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }
}

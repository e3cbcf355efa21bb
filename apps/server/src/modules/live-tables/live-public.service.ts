import {
  LIVE_LAST_RESULTS,
  LIVE_LOBBY_RESULTS,
  type LiveOutcome,
  type LiveResult,
  type LiveRoadCoup,
  type LiveTableSnapshot,
  type LiveTableSummary,
  type LiveVerify,
} from '@lotus/shared/live.schema';
import type { Db } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LiveAudience } from './live-audience.ts';
import { shoeOrder } from './live-dealer.ts';
import {
  LiveTablesRepository,
  type RoundRecord,
  type ShoeRecord,
  type TableRecord,
} from './live-tables.repository.ts';

const seconds = (ms: number) => Math.round(ms / 1000);
/** The contract's phase: `done` is the server's own (the next round is already the table's). */
const publicPhase = (phase: RoundRecord['phase']) => (phase === 'done' ? 'result' : phase);

function resultOf(round: RoundRecord): LiveResult | null {
  return round.outcome ? { roundId: String(round.id), roundNo: round.roundNo, outcome: round.outcome } : null;
}

function roadCoupOf(outcome: LiveOutcome | null): LiveRoadCoup | null {
  if (outcome?.game !== 'baccarat') return null;
  return { winner: outcome.winner, playerPair: outcome.playerPair, bankerPair: outcome.bankerPair };
}

/**
 * The live tables' public reads (docs/live-tables.md "Server"): the lobby, a table's snapshot (the WebSocket
 * pushes the same), a round's verify data. A shoe's seed leaves the server only once it is revealed.
 */
export class LivePublicService {
  readonly #reads: LiveTablesRepository<Db>;
  readonly #audience: LiveAudience;
  readonly #brandOf: (host: string | null) => Promise<{ id: bigint }>;

  constructor(deps: {
    db: Db;
    audience: LiveAudience;
    brandOf?: ((host: string | null) => Promise<{ id: bigint }>) | undefined;
  }) {
    this.#reads = new LiveTablesRepository(deps.db);
    this.#audience = deps.audience;
    // Without a brand resolver (unit tests) the first brand's tables are read.
    this.#brandOf = deps.brandOf ?? (async () => ({ id: 1n }));
  }

  async lobby(host: string | null): Promise<LiveTableSummary[]> {
    const brand = await this.#brandOf(host);
    const list: LiveTableSummary[] = [];
    for (const table of await this.#reads.tablesOf(brand.id)) {
      const snapshot = await this.#snapshotOf(table, LIVE_LOBBY_RESULTS);
      if (snapshot) {
        const { round: _round, ...summary } = snapshot;
        list.push(summary);
      }
    }
    return list;
  }

  async table(host: string | null, code: string): Promise<LiveTableSnapshot> {
    const brand = await this.#brandOf(host);
    const table = await this.#reads.tableByCode(brand.id, code);
    const snapshot = table && (await this.#snapshotOf(table, LIVE_LAST_RESULTS));
    if (!snapshot) throw new AppError('live_table_not_found');
    return snapshot;
  }

  /** The push of a table (the WebSocket), by its id, with the brand it belongs to. */
  async snapshotById(tableId: bigint): Promise<{ brandId: bigint; table: LiveTableSnapshot } | null> {
    const table = await this.#reads.tableById(tableId);
    const snapshot = table && (await this.#snapshotOf(table, LIVE_LOBBY_RESULTS));
    return table && snapshot ? { brandId: table.brandId, table: snapshot } : null;
  }

  /** The snapshots of these codes in a brand (a new subscription's first pushes); unknown codes are left out. */
  async snapshotsOf(brandId: bigint, codes: readonly string[]): Promise<LiveTableSnapshot[]> {
    const snapshots: LiveTableSnapshot[] = [];
    for (const code of codes) {
      const table = await this.#reads.tableByCode(brandId, code);
      const snapshot = table && (await this.#snapshotOf(table, LIVE_LOBBY_RESULTS));
      if (snapshot) snapshots.push(snapshot);
    }
    return snapshots;
  }

  async #snapshotOf(table: TableRecord, results: number): Promise<LiveTableSnapshot | null> {
    if (table.currentRoundId === null) return null;
    const round = await this.#reads.roundById(table.currentRoundId);
    const shoe = round && (await this.#reads.shoeById(round.shoeId));
    if (!round || !shoe) return null;
    const lastResults = (await this.#reads.results(table.id, results))
      .map(resultOf)
      .filter((result) => result !== null);
    const road =
      table.kind === 'baccarat' || table.kind === 'baccarat-nc'
        ? (await this.#reads.shoeResults(shoe.id))
            .map((coup) => roadCoupOf(coup.outcome))
            .filter((coup) => coup !== null)
        : [];
    const revealed = round.phase === 'dealing' || round.phase === 'result' || round.phase === 'done';
    return {
      code: table.code,
      kind: table.kind,
      name: table.name,
      currency: table.currency,
      limits: Object.entries(table.limits).map(([kind, [minMinor, maxMinor]]) => ({
        kind,
        minMinor,
        maxMinor,
      })),
      phase: publicPhase(round.phase),
      phaseEndsAt: round.phaseEndsAt.toISOString(),
      durations: {
        betting: seconds(table.bettingMs),
        closed: seconds(table.closedMs),
        dealing: seconds(table.dealingMs),
        result: seconds(table.resultMs),
      },
      roundId: String(round.id),
      roundNo: round.roundNo,
      players: this.#audience.count(table.brandId, table.code),
      shoe: {
        shoeId: String(shoe.id),
        shoeNo: shoe.shoeNo,
        commitment: shoe.commitment,
        cardsDealt: shoe.cardsDealt,
        cardsTotal: shoe.decks * 52,
      },
      lastResults,
      road,
      gameCode: table.code,
      round: {
        roundId: String(round.id),
        roundNo: round.roundNo,
        phase: publicPhase(round.phase),
        openedAt: round.openedAt.toISOString(),
        bettingEndsAt: round.bettingEndsAt.toISOString(),
        outcome: revealed ? round.outcome : null,
      },
    };
  }

  async verify(roundId: string): Promise<LiveVerify> {
    const round = await this.#reads.roundById(BigInt(roundId));
    const table = round && (await this.#reads.tableById(round.tableId));
    const shoe = round && (await this.#reads.shoeById(round.shoeId));
    if (!round || !table || !shoe) throw new AppError('live_round_not_found');
    return {
      roundId: String(round.id),
      roundNo: round.roundNo,
      tableCode: table.code,
      kind: table.kind,
      phase: publicPhase(round.phase),
      outcome: round.outcome,
      shoe: {
        shoeId: String(shoe.id),
        shoeNo: shoe.shoeNo,
        decks: shoe.decks,
        commitment: shoe.commitment,
        seed: shoe.revealedAt === null ? null : shoe.seed,
        revealedAt: shoe.revealedAt === null ? null : shoe.revealedAt.toISOString(),
        shoeCards: dealtCards(shoe),
        firstCard: round.firstCard ?? 0,
        cardCount: round.cardCount ?? 0,
      },
    };
  }
}

/** The cards a shoe has dealt so far, in order (they are public once dealt; the rest stays secret). */
function dealtCards(shoe: ShoeRecord) {
  return shoeOrder(shoe.seed, shoe.decks).slice(0, shoe.cardsDealt);
}

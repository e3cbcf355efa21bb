import {
  aliveAt,
  BATCH_MAX_SHOTS,
  BATCH_WINDOW_MS,
  bombCatch,
  FISHING_TITLES,
  type FishingScene,
  type FishingShotOutcome,
  type FishingTitle,
  fishSpecies,
  isFishingTitleCode,
  resolveShot,
  sceneFish,
  sceneOf,
} from '@lotus/games/fishing/index';
import { GameRuleError } from '@lotus/games/play';
import type {
  FishingBatch,
  FishingBatchRequest,
  FishingSceneState,
  FishingShotResult,
} from '@lotus/shared/fishing.schema';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { requestHashOf } from '../../lib/request-hash.ts';
import type { InhouseSession, RoundRecord } from './inhouse-vendor.repository.ts';
import {
  type InhouseVendorService,
  nodeHmac,
  publicRoundId,
  type RoundPlan,
} from './inhouse-vendor.service.ts';

/**
 * Fishing batches (docs/fishing.md "The server"): the screen fires shots at the fish of its session's
 * public scene and sends the shots of each second in one request; the batch is one studio round —
 * debit Σ bullets, then every shot resolved on its own nonce inside the round's transaction, then credit
 * Σ wins — through the same money path as every studio round (`playPlanned`), so player protection, the
 * owed-credit retries and the twin-request handling are the studio's.
 *
 * The studio rule holds: nonces are taken only after the debit went through, and a refused debit stores
 * nothing (the shots are not played; the screen says why and gives no captures). A shot at a fish not
 * alive at its `at` is refused with the whole batch before any money moves (the screen runs the same
 * `aliveAt`, so only a broken or lying client sends one).
 */

/** How far ahead of the server's scene clock a shot may be (the screen's clock drifts a little). */
export const FISHING_CLOCK_SLACK_MS = 2_000;
/** How old a batch's first shot may be when it arrives (a slow network, a retry after a timeout). */
export const FISHING_MAX_SHOT_AGE_MS = 15_000;
/** The studio's request id rule (originals.schema.ts `requestId`): the batch's Idempotency-Key. */
const KEY = /^[\x21-\x7e]{8,128}$/;

/** A stored batch (inhouse_rounds.outcome): each shot with its own nonce and outcome, verifiable alone. */
type StoredShot = FishingShotOutcome & { fishId: number; at: number; nonce: number; caughtIds: number[] };
type StoredBatch = {
  game: 'fishing-batch';
  /** The request's hash: a repeat of the key with other shots is refused. */
  requestHash: string;
  sceneSeed: string;
  shots: StoredShot[];
  stakeMinor: string;
  totalPayMinor: string;
};

function refuse(message: string): never {
  throw new AppError('bet_invalid', { message: `fishing: ${message}` });
}

function titleOf(session: InhouseSession): { title: FishingTitle; scene: FishingScene; startedAt: Date } {
  if (!isFishingTitleCode(session.gameCode) || !session.fishingScene) {
    throw new AppError('game_not_found', { message: `${session.gameCode} is no fishing title` });
  }
  const title = FISHING_TITLES[session.gameCode];
  return {
    title,
    scene: sceneOf(title, session.fishingScene.seed),
    startedAt: session.fishingScene.startedAt,
  };
}

function resultOf(shot: StoredShot): FishingShotResult {
  return {
    fishId: shot.fishId,
    at: shot.at,
    nonce: shot.nonce,
    bulletMinor: shot.bulletMinor,
    target: shot.target,
    caughtIds: shot.caughtIds,
    caught: shot.caught,
    captured: shot.captured,
    multiplier: shot.multiplier,
    catches: shot.catches,
    payoutMinor: shot.payoutMinor,
  };
}

export class FishingService {
  readonly #studio: InhouseVendorService;
  readonly #clock: Clock;

  constructor(deps: { studio: InhouseVendorService; clock: Clock }) {
    this.#studio = deps.studio;
    this.#clock = deps.clock;
  }

  #sceneNow(startedAt: Date): number {
    return this.#clock.now().getTime() - startedAt.getTime();
  }

  scene(session: InhouseSession): FishingSceneState {
    const { title, scene, startedAt } = titleOf(session);
    return {
      gameCode: title.code,
      seed: scene.seed,
      sceneMs: this.#sceneNow(startedAt),
      bulletsMinor: title.bulletsMinor.map(String),
      maxShots: BATCH_MAX_SHOTS,
      windowMs: BATCH_WINDOW_MS,
    };
  }

  async batch(session: InhouseSession, key: string, request: FishingBatchRequest): Promise<FishingBatch> {
    if (!KEY.test(key)) throw new AppError('idempotency_key_required');
    const { title, scene, startedAt } = titleOf(session);
    const requestHash = requestHashOf(request);
    const stored = await this.#studio.roundByRequest(session, key);
    if (stored) return this.#replay(session, stored, requestHash);

    const plan = this.#plan(title, scene, this.#sceneNow(startedAt), request, key, requestHash);
    const settled = await this.#studio.playPlanned(session, plan);
    if (settled.twin) return this.#replay(session, settled.twin, requestHash);
    return this.#answer(session, await this.#studio.storedRound(session, settled.id), settled.balanceMinor);
  }

  /** Checks every shot before any money moves; the plan resolves them once the debit went through. */
  #plan(
    title: FishingTitle,
    scene: FishingScene,
    now: number,
    request: FishingBatchRequest,
    requestId: string,
    requestHash: string,
  ): RoundPlan {
    const [first] = request.shots;
    if (!first) refuse('no shots');
    if (first.at < now - FISHING_MAX_SHOT_AGE_MS) refuse(`shot at ${first.at} is too old (now ${now})`);
    let stake = 0n;
    const shots = request.shots.map((shot, i) => {
      const before = request.shots[i - 1];
      if (before && shot.at < before.at) refuse('shots out of firing order');
      if (shot.at - first.at >= BATCH_WINDOW_MS) refuse(`a batch spans less than ${BATCH_WINDOW_MS} ms`);
      if (shot.at > now + FISHING_CLOCK_SLACK_MS) refuse(`shot at ${shot.at} is ahead of the scene (${now})`);
      const bullet = BigInt(shot.bulletMinor);
      if (!title.bulletsMinor.includes(bullet)) refuse(`${title.code} has no bullet ${shot.bulletMinor}`);
      if (!aliveAt(scene, shot.fishId, shot.at, nodeHmac)) {
        refuse(`fish ${shot.fishId} is not swimming at ${shot.at}`);
      }
      stake += bullet;
      const target = sceneFish(scene, shot.fishId, nodeHmac).species;
      const blast =
        fishSpecies(target)?.kind === 'bomb' ? bombCatch(scene, shot.fishId, shot.at, nodeHmac) : [];
      return { ...shot, target, caughtIds: blast.map((f) => f.id), caught: blast.map((f) => f.species) };
    });
    return {
      requestId,
      stakeMinor: stake,
      nonces: shots.length,
      draw: (inputs) => {
        let pay = 0n;
        const resolved = shots.map((shot, i): StoredShot => {
          const nonce = inputs.nonce + i;
          const outcome = ruleChecked(() =>
            resolveShot(
              { bulletMinor: shot.bulletMinor, target: shot.target, caught: shot.caught },
              { ...inputs, nonce },
              nodeHmac,
            ),
          );
          pay += BigInt(outcome.payoutMinor);
          return { ...outcome, fishId: shot.fishId, at: shot.at, nonce, caughtIds: shot.caughtIds };
        });
        const outcome: StoredBatch = {
          game: 'fishing-batch',
          requestHash,
          sceneSeed: scene.seed,
          shots: resolved,
          stakeMinor: stake.toString(),
          totalPayMinor: pay.toString(),
        };
        return { outcome, payoutMinor: pay };
      },
    };
  }

  async #replay(session: InhouseSession, record: RoundRecord, requestHash: string): Promise<FishingBatch> {
    const outcome = record.outcome as Partial<StoredBatch>;
    if (outcome.game !== 'fishing-batch' || outcome.requestHash !== requestHash) {
      throw new AppError('idempotency_key_reused');
    }
    const balance = await this.#studio.balanceAfterReplay(session, record);
    return this.#answer(session, await this.#studio.storedRound(session, record.id), balance);
  }

  async #answer(session: InhouseSession, record: RoundRecord, balanceMinor: bigint): Promise<FishingBatch> {
    const outcome = record.outcome as StoredBatch;
    return {
      roundId: publicRoundId(record.id),
      stakeMinor: String(record.stake_minor),
      payoutMinor: String(record.payout_minor),
      shots: outcome.shots.map(resultOf),
      balanceMinor: String(balanceMinor),
      seed: await this.#studio.seed(session),
    };
  }
}

/** A rule error of the maths (it cannot happen after the checks above) as the studio's 400. */
function ruleChecked<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof GameRuleError) throw new AppError('bet_invalid', { message: error.message });
    throw error;
  }
}

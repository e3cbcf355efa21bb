import { randomUUID } from 'node:crypto';
import {
  FISHING_TITLES,
  type FishingTitleCode,
  fishAliveAt,
  fishSpecies,
  sceneOf,
} from '@lotus/games/fishing/index';
import { type FishingShotRequest, fishingSceneResponse } from '@lotus/shared/fishing.schema';
import { ORIGINALS_SESSION_HEADER } from '@lotus/shared/originals.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The fishing routes' test helpers (fishing.routes.test.ts, fishing-concurrency.pg.test.ts). */

export function postBatch(
  app: FastifyInstance,
  token: string,
  shots: unknown,
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/originals/api/fishing/batches',
    headers: { [ORIGINALS_SESSION_HEADER]: token, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: { shots } as object,
  });
}

export async function sceneOfSession(app: FastifyInstance, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/originals/api/fishing/scene',
    headers: { [ORIGINALS_SESSION_HEADER]: token },
  });
  if (response.statusCode !== 200) throw new Error(`scene: ${response.statusCode} ${response.body}`);
  return fishingSceneResponse.parse(response.json()).value;
}

/**
 * `n` shots fired from scene time `t` on, 20 ms apart, each at a fish alive then (cycling through them;
 * `kind` narrows the targets), with bullet `bulletMinor`.
 */
export function shotsAt(
  code: FishingTitleCode,
  seed: string,
  t: number,
  n: number,
  bulletMinor: string,
  kind?: string,
): FishingShotRequest[] {
  const scene = sceneOf(FISHING_TITLES[code], seed);
  return Array.from({ length: n }, (_, i) => {
    const at = t + i * 20;
    const alive = fishAliveAt(scene, at).filter((f) => !kind || fishSpecies(f.species)?.kind === kind);
    const fish = alive[i % alive.length];
    if (!fish) throw new Error(`no ${kind ?? ''} fish alive at ${at}`);
    return { fishId: fish.id, bulletMinor, at };
  });
}

import type { Envelope } from '@lotus/shared/envelope';
import type { FishingBatch, FishingBatchRequest, FishingSceneState } from '@lotus/shared/fishing.schema';
import {
  ORIGINALS_SESSION_HEADER,
  type OriginalsSession,
  type PlayRound,
  type PlayRoundRequest,
  type RotateSeed,
  type Round,
  type Rounds,
  type SeedState,
} from '@lotus/shared/originals.schema';
import { ApiError, isApiErrorCode, NETWORK_ERROR } from '../../../lib/api-client.ts';

/**
 * The in-house studio's own API (`/originals/api/*`, docs/games-contract.md "In-house vendor"). Its own
 * tiny client on purpose: the studio is a vendor, so it must never receive the platform's bearer token
 * (which lib/api-client.ts attaches to every call); it knows the player only by its studio session.
 */
async function studioRequest<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  sessionToken: string | null,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (sessionToken) headers[ORIGINALS_SESSION_HEADER] = sessionToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/originals/api${path}`, {
      method,
      headers,
      credentials: 'omit',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  let parsed: Envelope<unknown> | null = null;
  try {
    parsed = (await response.json()) as Envelope<unknown>;
  } catch {
    throw new ApiError(NETWORK_ERROR, response.status);
  }
  if (typeof parsed !== 'object' || parsed === null || !('success' in parsed)) {
    throw new ApiError('unknown_error', response.status);
  }
  if (!parsed.success || !response.ok) {
    throw new ApiError(isApiErrorCode(parsed.message) ? parsed.message : 'unknown_error', response.status);
  }
  return parsed.value as T;
}

export type OpenSessionInput = { launchToken: string } | { trial: true; gameCode: string; language?: string };

export const originalsApi = {
  openSession: (input: OpenSessionInput) => studioRequest<OriginalsSession>('POST', '/sessions', null, input),
  balance: (token: string) => studioRequest<{ balanceMinor: string }>('GET', '/balance', token),
  play: (token: string, request: PlayRoundRequest) =>
    studioRequest<PlayRound>('POST', '/rounds', token, request),
  /** The player's rounds, newest first; of one game when `gameCode` is given. */
  rounds: (token: string, pageNo: number, pageSize: number, gameCode?: string) =>
    studioRequest<Rounds>(
      'GET',
      `/rounds?pageNo=${pageNo}&pageSize=${pageSize}${gameCode ? `&gameCode=${encodeURIComponent(gameCode)}` : ''}`,
      token,
    ),
  round: (token: string, roundId: string) =>
    studioRequest<{ round: Round }>('GET', `/rounds/${encodeURIComponent(roundId)}`, token),
  /** Changing the client seed also rotates the server seed; the answer may carry the revealed one. */
  setClientSeed: (token: string, clientSeed: string) =>
    studioRequest<SeedState | RotateSeed>('PUT', '/seeds/client', token, { clientSeed }),
  rotateSeed: (token: string) => studioRequest<RotateSeed>('POST', '/seeds/rotate', token, {}),
  /** A fishing session's public scene (docs/fishing.md "The server"). */
  fishingScene: (token: string) => studioRequest<FishingSceneState>('GET', '/fishing/scene', token),
  /** One second of shots as one round; a retry with the same key replays it. */
  fishingBatch: (token: string, key: string, request: FishingBatchRequest) =>
    studioRequest<FishingBatch>('POST', '/fishing/batches', token, request, key),
};

/** PUT seeds/client answers with the new seed state, or with `{ revealed, seed }` when it rotated. */
export function splitSeedAnswer(answer: SeedState | RotateSeed): {
  seed: SeedState;
  revealed: RotateSeed['revealed'] | null;
} {
  return 'seed' in answer
    ? { seed: answer.seed, revealed: answer.revealed }
    : { seed: answer, revealed: null };
}

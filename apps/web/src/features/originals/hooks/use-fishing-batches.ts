import type { FishingBatch, FishingShotRequest } from '@lotus/shared/fishing.schema';
import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client.ts';
import { originalsApi } from '../api/originals-api.ts';
import { ROUNDS_KEY } from './use-play-round.ts';
import type { StudioSession } from './use-studio-session.ts';

/** How often the queue is sent: one round a second whatever the firing rate (docs/fishing.md). */
export const FLUSH_MS = 1000;
/** Batches sent back to back by one flush at most (a backlog drains, the server is not flooded). */
const MAX_BATCHES_A_FLUSH = 5;

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Takes the next batch off the front of the queue: the first shot and every following one fired less
 * than `windowMs` after it, at most `maxShots` (the server's rule, packages/games fishing/batch.ts).
 */
export function nextBatch(
  queue: readonly FishingShotRequest[],
  windowMs: number,
  maxShots: number,
): FishingShotRequest[] {
  const first = queue[0];
  if (!first) return [];
  const batch: FishingShotRequest[] = [];
  for (const shot of queue) {
    if (batch.length >= maxShots || shot.at - first.at >= windowMs) break;
    batch.push(shot);
  }
  return batch;
}

/**
 * The fishing screen's shots: queued as they are fired and sent once a second as one batch (one round).
 * One batch is in flight at a time, so the nonces follow firing order. A batch that failed on the network
 * is resent with the same Idempotency-Key (the server may have played it: the retry replays it); any
 * answer from the server ends it. The stake of queued and in-flight shots is held back from the balance
 * shown, and a shot the balance cannot cover is not queued.
 */
export function useFishingBatches(options: {
  session: OriginalsSession;
  studio: StudioSession;
  windowMs: number;
  maxShots: number;
  onBatch: (batch: FishingBatch) => void;
}) {
  const { session, studio, windowMs, maxShots } = options;
  const queryClient = useQueryClient();
  const queue = useRef<FishingShotRequest[]>([]);
  const inFlight = useRef<{ key: string; shots: FishingShotRequest[] } | null>(null);
  const sending = useRef(false);
  const [heldMinor, setHeldMinor] = useState(0n);
  const [error, setError] = useState<string | null>(null);
  const onBatch = useRef(options.onBatch);
  onBatch.current = options.onBatch;
  const balance = useRef(BigInt(session.balanceMinor));
  balance.current = BigInt(session.balanceMinor);
  const held = useRef(0n);

  // The held stake is shown once a second (with the flush), not per shot: a re-render of the screen per
  // shot cost dropped frames on a throttled phone (docs/fishing.md "Measured").
  const hold = useCallback((delta: bigint) => {
    held.current += delta;
  }, []);
  const publish = useCallback(() => setHeldMinor(held.current), []);

  /** Queues a shot; false (nothing queued) when the balance left cannot pay its bullet. */
  const fire = useCallback(
    (shot: FishingShotRequest): boolean => {
      const bullet = BigInt(shot.bulletMinor);
      if (held.current + bullet > balance.current) {
        setError('insufficient_funds');
        return false;
      }
      queue.current.push(shot);
      hold(bullet);
      return true;
    },
    [hold],
  );

  /** Sends one batch (the one in flight again after a network failure, else the queue's next). */
  const sendOne = useCallback(async (): Promise<boolean> => {
    if (!inFlight.current) {
      const shots = nextBatch(queue.current, windowMs, maxShots);
      if (shots.length === 0) return false;
      queue.current.splice(0, shots.length);
      inFlight.current = { key: newKey(), shots };
    }
    const batch = inFlight.current;
    const stake = batch.shots.reduce((sum, s) => sum + BigInt(s.bulletMinor), 0n);
    try {
      const result = await originalsApi.fishingBatch(session.sessionToken, batch.key, { shots: batch.shots });
      inFlight.current = null;
      hold(-stake);
      setError(null);
      studio.update({ balanceMinor: result.balanceMinor, seed: result.seed });
      onBatch.current(result);
      void queryClient.invalidateQueries({ queryKey: ROUNDS_KEY(session.sessionToken) });
      return true;
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : 'unknown_error';
      if (code !== NETWORK_ERROR) {
        // Refused: those shots were not played and cost nothing. Later shots may meet the same refusal
        // (a limit, no money): drop them too rather than send them one by one.
        inFlight.current = null;
        const dropped = queue.current.reduce((sum, s) => sum + BigInt(s.bulletMinor), 0n);
        queue.current = [];
        hold(-stake - dropped);
        if (code === 'session_expired') studio.expire();
      }
      setError(code);
      return false;
    }
  }, [session.sessionToken, studio, queryClient, windowMs, maxShots, hold]);

  /**
   * Sends what is queued, batch after batch (a queue that grew while a batch was answered, or while the
   * network was down, drains at once rather than a batch a second); one batch in flight at a time.
   */
  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    publish();
    try {
      for (let sent = 0; sent < MAX_BATCHES_A_FLUSH && (await sendOne()); sent += 1) {
        if (queue.current.length === 0) break;
      }
    } finally {
      sending.current = false;
      publish();
    }
  }, [sendOne, publish]);
  // The timer must outlive re-renders (every shot re-renders the screen): it calls the latest flush.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const timer = window.setInterval(() => void flushRef.current(), FLUSH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const dismissError = useCallback(() => setError(null), []);
  return { fire, flush, heldMinor, error, setError, dismissError };
}

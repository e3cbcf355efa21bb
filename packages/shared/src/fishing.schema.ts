import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { seedStateSchema } from './originals.schema.ts';

/**
 * The studio's fishing API (docs/fishing.md "The server"), beside the other studio calls: every call carries
 * `X-Originals-Session`, the session being one of a fishing title. The scene is public (its seed draws the
 * fish every browser shows); shots come in batches of one second, each batch one vendor round.
 */

const minor = z.string().regex(/^(0|[1-9][0-9]{0,17})$/);

/** Shots per batch at most (packages/games fishing/batch.ts BATCH_MAX_SHOTS). */
export const FISHING_BATCH_MAX_SHOTS = 50;
/** A batch's shots span less than this (batch.ts BATCH_WINDOW_MS). */
export const FISHING_BATCH_WINDOW_MS = 1000;

/** `GET /originals/api/fishing/scene`: the session's scene and the title's bullets. */
export const fishingSceneSchema = z.object({
  gameCode: z.string(),
  /** The scene seed (public): packages/games fishing/scene.ts draws the same fish from it. */
  seed: z.string(),
  /** The scene's time on the server now, ms (the screen sets its clock from it). */
  sceneMs: z.number().int(),
  /** The bullets this title offers, ascending. */
  bulletsMinor: z.array(minor),
  maxShots: z.number().int(),
  windowMs: z.number().int(),
});
export type FishingSceneState = z.infer<typeof fishingSceneSchema>;
export const fishingSceneResponse = envelopeOf(fishingSceneSchema);

export const fishingShotSchema = z.object({
  /** The target's id in the scene. */
  fishId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  bulletMinor: minor,
  /** Scene time the shot was fired, ms; the target must be alive then. */
  at: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type FishingShotRequest = z.infer<typeof fishingShotSchema>;

/**
 * `POST /originals/api/fishing/batches` with `Idempotency-Key`: the shots fired in one second (≤ 50, in
 * firing order). One round: debit Σ bullets, each shot resolved on its own nonce, credit Σ wins.
 */
export const fishingBatchRequestSchema = z.object({
  shots: z.array(fishingShotSchema).min(1).max(FISHING_BATCH_MAX_SHOTS),
});
export type FishingBatchRequest = z.infer<typeof fishingBatchRequestSchema>;

export const fishingShotResultSchema = z.object({
  fishId: z.number().int(),
  at: z.number().int(),
  /** The shot's own nonce on the player's seed (verifyShot replays it after the seed is revealed). */
  nonce: z.number().int(),
  bulletMinor: minor,
  target: z.string(),
  /** For a bomb crab: the ids and species its blast takes (scene.ts bombCatch at `at`). */
  caughtIds: z.array(z.number().int()),
  caught: z.array(z.string()),
  captured: z.boolean(),
  multiplier: z.number().int(),
  catches: z.array(z.object({ species: z.string(), multiplier: z.number().int() })),
  payoutMinor: minor,
});
export type FishingShotResult = z.infer<typeof fishingShotResultSchema>;

export const fishingBatchSchema = z.object({
  roundId: z.string(),
  stakeMinor: minor,
  payoutMinor: minor,
  shots: z.array(fishingShotResultSchema),
  balanceMinor: minor,
  seed: seedStateSchema,
});
export type FishingBatch = z.infer<typeof fishingBatchSchema>;
export const fishingBatchResponse = envelopeOf(fishingBatchSchema);

/**
 * Shots become wallet rounds in batches (docs/fishing.md "Shots and rounds"): a player fires several
 * shots a second, and one vendor round (a debit and a credit through the seamless wallet) per shot would
 * cost two wallet calls per shot; one round per second of shooting costs two per second whatever the rate.
 * A batch opens with its first shot and takes every following shot fired less than BATCH_WINDOW_MS after
 * it (or up to BATCH_MAX_SHOTS); its round debits the sum of the bullets and credits the sum of the
 * payouts. Each shot keeps its own nonce and outcome, verifiable alone; the batch only adds up money.
 */

export const BATCH_WINDOW_MS = 1000;
/** More than any trigger finger (the screen fires at most 10 a second); bounds one round's size. */
export const BATCH_MAX_SHOTS = 50;

/** What a batch needs of a shot: its nonce, when it was fired (scene ms) and its money. */
export type BatchShot = { nonce: number; atMs: number; bulletMinor: string; payoutMinor: string };

export type FishingBatch = {
  shots: number;
  firstNonce: number;
  lastNonce: number;
  openedAtMs: number;
  /** Σ bullets: the round's debit. */
  stakeMinor: string;
  /** Σ payouts: the round's credit (0 closes a batch with no capture). */
  payoutMinor: string;
  /** payout − stake, negative when the player lost. */
  netMinor: string;
};

/**
 * Splits shots, in firing order, into batches: a shot joins the open batch when it was fired less than
 * `windowMs` after the batch's first shot and the batch has room, else it opens the next one.
 */
export function batchShots<S extends BatchShot>(
  shots: readonly S[],
  windowMs = BATCH_WINDOW_MS,
  maxShots = BATCH_MAX_SHOTS,
): S[][] {
  const batches: S[][] = [];
  let open: S[] | null = null;
  let openedAt = 0;
  for (const shot of shots) {
    if (!open || shot.atMs - openedAt >= windowMs || open.length >= maxShots) {
      open = [];
      openedAt = shot.atMs;
      batches.push(open);
    }
    open.push(shot);
  }
  return batches;
}

/**
 * Adds up one batch exactly (bigint). Its shots must be non-empty, in firing order (time never going
 * back) and of consecutive nonces: a gap would be a shot played but never paid for, or paid twice.
 */
export function settleBatch(shots: readonly BatchShot[]): FishingBatch {
  const [first] = shots;
  if (!first) throw new RangeError('fishing batch: no shots');
  let stake = 0n;
  let payout = 0n;
  shots.forEach((shot, i) => {
    const before = shots[i - 1];
    if (before && (shot.nonce !== before.nonce + 1 || shot.atMs < before.atMs)) {
      throw new RangeError(`fishing batch: shot ${shot.nonce} does not follow shot ${before.nonce}`);
    }
    const bullet = BigInt(shot.bulletMinor);
    const pay = BigInt(shot.payoutMinor);
    if (bullet <= 0n || pay < 0n) throw new RangeError(`fishing batch: shot ${shot.nonce} has a bad amount`);
    stake += bullet;
    payout += pay;
  });
  return {
    shots: shots.length,
    firstNonce: first.nonce,
    lastNonce: first.nonce + shots.length - 1,
    openedAtMs: first.atMs,
    stakeMinor: stake.toString(),
    payoutMinor: payout.toString(),
    netMinor: (payout - stake).toString(),
  };
}

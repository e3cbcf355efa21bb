/**
 * Attempt gates: every counter that stands in front of a secret (a password, a code, a captcha answer)
 * follows one rule (docs/api.md "Attempt limits", ARCHITECTURE §9 "Limits are concurrency problems"):
 *
 *   1. reserve: count the attempt and check the limit in ONE statement (`… set attempts = attempts + 1 …
 *      where attempts < limit returning …`), before the secret is looked at;
 *   2. compare the secret only when the reservation was granted;
 *   3. on a wrong secret keep the count (it was a failure); on a right one apply the gate's own rule
 *      (most give the reservation back, or reset the count).
 *
 * Counting after the comparison, as the first version did, lets N parallel requests all read "0 failures"
 * and all be compared; reserving first makes them count as N, so at most `limit` are ever compared. An
 * attempt still in flight counts as a failure until it is decided, so a request racing a burst may be
 * refused although the burst ends with a success; that is the price of never comparing more than the limit.
 *
 * The gates whose subject has a row of its own count on that row (members.failed_logins, the payment
 * password's counter, a verification code's or a login challenge's tries); the others count in
 * `attempt_gates` (AttemptGates). Both answer with an `AttemptReservation`.
 *
 * The same counter serves the limits on actions that cost something (docs/api.md "Limits"): SMS and e-mail
 * code sends, captchas issued, accounts made per IP, feedback tickets. There the action takes the place of
 * the comparison: reserve first, act only when granted, and give the attempt back when the action did not
 * happen (a failed delivery, a refused registration), so that only what was done is counted.
 */

export type AttemptGate = {
  /** Key of the gate in `attempt_gates.gate`. */
  readonly name: string;
  /** Attempts (failures plus attempts in flight) allowed in one window; null only counts (no refusal). */
  readonly limit: number | null;
  /** A window starts at its first attempt and lasts this long; the next attempt after it starts anew. */
  readonly windowMs: number;
};

export type AttemptReservation =
  | {
      allowed: true;
      /** This attempt's number in the window (1 = the first), counting failures and attempts in flight. */
      attempt: number;
      /** Identifies the window, so giving the attempt back never touches a newer window. */
      windowStartedAt: Date;
    }
  | { allowed: false; retryAt: Date };

/** The atomic counter behind the gates without a row of their own (AttemptGates). */
export interface AttemptCounter {
  reserve(gate: AttemptGate, subject: string, now: Date): Promise<AttemptReservation>;
  /** The attempts counted in the subject's current window (0 when it has none or it ended); reads only. */
  count(gate: AttemptGate, subject: string, now: Date): Promise<number>;
  /** Gives one granted attempt back (it was not a failure); a no-op once its window has been replaced. */
  release(gate: AttemptGate, subject: string, reservation: AttemptReservation): Promise<void>;
}

const MINUTE = 60_000;

/**
 * The gates counted in `attempt_gates`, with the limits docs/api.md lists. The gates on rows of their own
 * keep their limits next to their code (LOGIN_LIMITS, WITHDRAW_PASSWORD_LIMITS, MAX_WRONG_GUESSES,
 * CHALLENGE_LIMITS).
 */
export const ATTEMPT_GATES = {
  /** Failed logins (username or SMS) from one IP: 20 in 15 minutes, then 429. */
  loginIp: { name: 'login_ip', limit: 20, windowMs: 15 * MINUTE },
  /** Decided failed password logins from one IP (no attempts in flight): after 2, a captcha is required. */
  loginIpFailures: { name: 'login_ip_failures', limit: null, windowMs: 15 * MINUTE },
  /** Failed username logins naming one username (known or not): after 2, a captcha is required. */
  loginUsername: { name: 'login_username', limit: null, windowMs: 15 * MINUTE },
  /** Wrong old passwords on a password change, per member: 5 in 15 minutes, then 429. */
  passwordChange: { name: 'password_change', limit: 5, windowMs: 15 * MINUTE },
  /** Failed operator logins per username and address: 5 in 15 minutes, then 429. */
  operatorLogin: { name: 'operator_login', limit: 5, windowMs: 15 * MINUTE },
  /** "Forgot password" e-mail requests per IP, found or not: 5 an hour, then 429. */
  resetEmail: { name: 'reset_email', limit: 5, windowMs: 60 * MINUTE },
} as const satisfies Record<string, AttemptGate>;

/** One gate and the subject it counts (an IP, a number, a brand). */
export type GateClaim = { readonly gate: AttemptGate; readonly subject: string };

export type ClaimsReservation =
  | {
      granted: true;
      /** This request's number in each gate's window, in the order of the claims (1 = a new window). */
      attempts: number[];
      /** Gives every attempt back (the action did not happen, e.g. the SMS gateway failed). */
      release(): Promise<void>;
    }
  | { granted: false; refusedBy: AttemptGate; retryAt: Date };

/**
 * Reserves one attempt on each gate, in order, for an action that several limits stand in front of (an SMS
 * send: per number, per IP, per brand). The first refusal gives back the attempts already taken, so a
 * refused action counts nowhere, as the old "count the rows" limits behaved. Each reservation is its own
 * statement, so no transaction holds two gate rows at once (no deadlock between bursts in other orders).
 */
export async function reserveEach(
  counter: AttemptCounter,
  claims: readonly GateClaim[],
  now: Date,
): Promise<ClaimsReservation> {
  const taken: { claim: GateClaim; reservation: AttemptReservation }[] = [];
  const releaseTaken = async () => {
    // splice: a second call gives nothing back twice.
    for (const { claim, reservation } of taken.splice(0).reverse()) {
      await counter.release(claim.gate, claim.subject, reservation);
    }
  };
  for (const claim of claims) {
    const reservation = await counter.reserve(claim.gate, claim.subject, now);
    if (!reservation.allowed) {
      await releaseTaken();
      return { granted: false, refusedBy: claim.gate, retryAt: reservation.retryAt };
    }
    taken.push({ claim, reservation });
  }
  const attempts = taken.map(({ reservation }) => (reservation.allowed ? reservation.attempt : 0));
  return { granted: true, attempts, release: releaseTaken };
}

/** Whether a reservation was granted; narrows the type. */
export function isGranted(
  reservation: AttemptReservation,
): reservation is Extract<AttemptReservation, { allowed: true }> {
  return reservation.allowed;
}

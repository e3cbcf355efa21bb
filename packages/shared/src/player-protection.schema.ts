import { z } from 'zod';
import { loginPayloadSchema } from './auth.schema.ts';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Player protection (issue 17; docs/player-protection.md): limits the player sets, the reality check, the
 * session overlay, breaks and self-exclusion, and the player's own activity. Money travels as strings:
 * `*Minor` in minor units, the matching field without the suffix with two decimals.
 *
 * Rules the server enforces (the browser only shows them): lowering a limit applies at once; raising or
 * removing one applies 24 hours later (`pending`), and can be cancelled until then. Periods are UTC calendar
 * periods: the day, the ISO week (Monday to Sunday), the calendar month.
 */

const minorString = z.string().regex(/^-?[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
const isoTime = z.string().datetime({ offset: true });
const dayString = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);

export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** How long a raise or a removal waits before it applies. */
export const LIMIT_INCREASE_DELAY_MS = 24 * 60 * 60 * 1000;
/** The session time limits a player may choose, in minutes. */
export const SESSION_LIMIT_MINUTES = { min: 15, max: 24 * 60 } as const;
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
export const REALITY_CHECK_DEFAULT_MINUTES: RealityCheckMinutes = 60;

/** Take a break (cool-off) and self-exclusion lengths (SPEC-level names, the server turns them into dates). */
export const COOL_OFF_DURATIONS = ['24h', '7d', '30d', '6w'] as const;
export const SELF_EXCLUSION_DURATIONS = ['6m', '1y', '5y'] as const;
export type CoolOffDuration = (typeof COOL_OFF_DURATIONS)[number];
export type SelfExclusionDuration = (typeof SELF_EXCLUSION_DURATIONS)[number];
/** After a self-exclusion ended, a reopen request waits this long. */
export const REOPEN_DELAY_MS = 24 * 60 * 60 * 1000;
/** "My activity" covers at most this many days per request (12 months). */
export const ACTIVITY_MAX_DAYS = 366;

/** A change that waits: `amountMinor` null means the limit is removed at `effectiveAt`. */
const pendingMoney = z.object({
  amountMinor: minorString.nullable(),
  amount: decimalString.nullable(),
  effectiveAt: isoTime,
});

export const moneyLimitView = z.object({
  kind: z.enum(MONEY_LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** The limit in force now; null when only a pending new limit exists (cannot happen today: new limits apply at once). */
  amountMinor: minorString.nullable(),
  amount: decimalString.nullable(),
  /** What counts against it in the current period: deposits, net loss (staked − won, ≥ 0) or stakes. */
  usedMinor: minorString,
  used: decimalString,
  /** max(0, amount − used); null without a limit in force. */
  remainingMinor: minorString.nullable(),
  remaining: decimalString.nullable(),
  /** When the current period ends (the next one starts from zero). */
  periodEndsAt: isoTime,
  pending: pendingMoney.nullable(),
});
export type MoneyLimitView = z.infer<typeof moneyLimitView>;

export const sessionLimitView = z.object({
  /** Minutes per login session in force now; null when only a pending one exists. */
  minutes: z.number().int().nullable(),
  pending: z.object({ minutes: z.number().int().nullable(), effectiveAt: isoTime }).nullable(),
});
export type SessionLimitView = z.infer<typeof sessionLimitView>;

export const helpLink = z.object({ name: z.string(), url: z.string().url() });
export type HelpLink = z.infer<typeof helpLink>;

/** `GET /wps/member/protection` (Bearer): everything the "Play limits" page shows. */
export const protectionState = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  currencySymbol: z.string(),
  /** Every limit with a version in force or pending, in MONEY_LIMIT_KINDS × LIMIT_PERIODS order. */
  limits: z.array(moneyLimitView),
  sessionLimit: sessionLimitView.nullable(),
  realityCheckMinutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
  /** True until the player has deposited once or answered the first-deposit prompt (set or skipped). */
  depositLimitPrompt: z.boolean(),
  helpLinks: z.array(helpLink),
});
export type ProtectionState = z.infer<typeof protectionState>;
export const protectionStateResponse = envelopeOf(protectionState);

/**
 * `PUT /wps/member/protection/limits` (Bearer): set, raise, lower or remove (`amount: null`) one money
 * limit. `amount` as typed (`"500"`, `"500.50"`); answers the new state and whether it applied now.
 */
export const setMoneyLimitBody = z.strictObject({
  kind: z.enum(MONEY_LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: singleLineText().max(32).nullable(),
});
export type SetMoneyLimitBody = z.infer<typeof setMoneyLimitBody>;

/** `PUT /wps/member/protection/session-limit` (Bearer): minutes per session, or null to remove it. */
export const setSessionLimitBody = z.strictObject({
  minutes: z.number().int().min(SESSION_LIMIT_MINUTES.min).max(SESSION_LIMIT_MINUTES.max).nullable(),
});
export type SetSessionLimitBody = z.infer<typeof setSessionLimitBody>;

/** What a limit change did: `now` (a decrease or a first limit) or `pending` until `effectiveAt`. */
export const limitChangeResult = z.object({
  applies: z.enum(['now', 'pending']),
  effectiveAt: isoTime,
  state: protectionState,
});
export type LimitChangeResult = z.infer<typeof limitChangeResult>;
export const limitChangeResponse = envelopeOf(limitChangeResult);

/**
 * `DELETE /wps/member/protection/limits/pending` (Bearer): cancels a waiting raise or removal; the limit in
 * force stays. `kind: 'session'` cancels the session limit's. 404 `limit_pending_none` when none waits.
 */
export const cancelPendingBody = z.strictObject({
  kind: z.enum([...MONEY_LIMIT_KINDS, 'session']),
  period: z.enum([...LIMIT_PERIODS, 'session']),
});
export type CancelPendingBody = z.infer<typeof cancelPendingBody>;

/** `PUT /wps/member/protection/reality-check` (Bearer). */
export const setRealityCheckBody = z.strictObject({
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
});

/** `POST /wps/member/protection/deposit-prompt` (Bearer): the first-deposit prompt was answered (set or skipped). */
export const depositPromptBody = z.strictObject({ answer: z.enum(['set', 'skipped']) });

/**
 * `GET /wps/member/protection/session` (Bearer): the login session's play so far, for the in-game overlay
 * and the reality check. Net = won − staked on this session's games (positive: the player is ahead).
 */
export const playSession = z.object({
  startedAt: isoTime,
  /** The server's clock, so the browser's elapsed time does not drift with the device's. */
  now: isoTime,
  elapsedSeconds: z.number().int().min(0),
  stakedMinor: minorString,
  wonMinor: minorString,
  netMinor: minorString,
  net: decimalString,
  currencySymbol: z.string(),
  realityCheckMinutes: z.number().int(),
  /** When the next reality check is due; bets are refused from then until it is acknowledged. */
  realityCheckAt: isoTime,
  realityCheckDue: z.boolean(),
  /** When the session time limit ends this session; null without one. */
  sessionEndsAt: isoTime.nullable(),
});
export type PlaySession = z.infer<typeof playSession>;
export const playSessionResponse = envelopeOf(playSession);

/** `POST /wps/member/protection/reality-check/ack` (Bearer): keep playing; answers the session anew. */

/**
 * `POST /wps/member/protection/exclusions` (Bearer): take a break or self-exclude. Takes effect at once and
 * cannot be undone early; every session of the member ends (the answer is the last this session gets).
 * `confirm` must be true: the page asks first.
 */
export const exclusionBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('cool_off'),
    duration: z.enum(COOL_OFF_DURATIONS),
    confirm: z.literal(true),
  }),
  z.strictObject({
    kind: z.literal('self_exclusion'),
    duration: z.enum(SELF_EXCLUSION_DURATIONS),
    confirm: z.literal(true),
  }),
]);
export type ExclusionBody = z.infer<typeof exclusionBody>;
export const exclusionResult = z.object({
  kind: z.enum(['cool_off', 'self_exclusion']),
  startsAt: isoTime,
  endsAt: isoTime,
});
export type ExclusionResult = z.infer<typeof exclusionResult>;
export const exclusionResponse = envelopeOf(exclusionResult);

/**
 * The `value` of a refused login (`account_excluded`, 403): what the login form tells the player.
 * `reopenAvailable`: a self-exclusion has ended and the account reopens on request (24 hours later);
 * `reopensAt`: a request was made and the account reopens then.
 */
export const exclusionRefusalDetails = z.object({
  kind: z.enum(['cool_off', 'self_exclusion', 'operator']),
  endsAt: isoTime.nullable(),
  reopenAvailable: z.boolean(),
  reopensAt: isoTime.nullable(),
});
export type ExclusionRefusalDetails = z.infer<typeof exclusionRefusalDetails>;

/**
 * `GET /wps/member/activity?from=YYYY-MM-DD&to=YYYY-MM-DD` (Bearer): money per UTC day, both ends
 * included, at most ACTIVITY_MAX_DAYS days (400 `date_range_invalid` otherwise). Days without activity
 * are included with zeros, so a chart has every day.
 */
export const activityQuery = z.object({ from: dayString, to: dayString });
export type ActivityQuery = z.infer<typeof activityQuery>;
const activityAmounts = {
  depositedMinor: minorString,
  withdrawnMinor: minorString,
  stakedMinor: minorString,
  wonMinor: minorString,
  /** won − staked. */
  netMinor: minorString,
  rounds: z.number().int(),
};
export const activityDay = z.object({ day: dayString, ...activityAmounts });
export type ActivityDay = z.infer<typeof activityDay>;
export const activityReport = z.object({
  from: dayString,
  to: dayString,
  currencySymbol: z.string(),
  days: z.array(activityDay),
  totals: z.object(activityAmounts),
});
export type ActivityReport = z.infer<typeof activityReport>;
export const activityResponse = envelopeOf(activityReport);

/**
 * Operator side (`/ops/...` with an operator token, and the ops CLI): a player's protection as the operator
 * sees it, and an operator exclusion (a reason is required; audited). An operator can add protection,
 * never remove or loosen what the player set (403 `protection_operator_loosen`).
 */
export const operatorExclusionBody = z.strictObject({
  /** ISO date-time; omit for an exclusion without an end. */
  endsAt: isoTime.optional(),
  reason: singleLineText().min(3).max(500),
});
export type OperatorExclusionBody = z.infer<typeof operatorExclusionBody>;

/**
 * `POST /wps/member/protection/reopen` (no Bearer: the account has no session): after a self-exclusion has
 * ended, the player asks to reopen with the credentials a login takes — the body is the sealed
 * `loginPayloadSchema` of auth.schema.ts. Records the request once; the account reopens 24 hours later
 * (`reopensAt`), and login works from then. 403 `account_excluded` (with exclusionRefusalDetails) while an
 * exclusion is still in force, 409 `conflict` when nothing waits to be reopened.
 */
/** The sealed payload of the reopen request: exactly a login's (sealed like `POST /wps/session/login`). */
export const reopenPayload = loginPayloadSchema;
export const reopenResult = z.object({ reopensAt: isoTime });
export type ReopenResult = z.infer<typeof reopenResult>;
export const reopenResponse = envelopeOf(reopenResult);

export const exclusionView = z.object({
  kind: z.enum(['cool_off', 'self_exclusion', 'operator']),
  startsAt: isoTime,
  endsAt: isoTime.nullable(),
  reason: z.string().nullable(),
  /** `member`, `operator:<username>`, `cli`. */
  createdBy: z.string(),
  reopenRequestedAt: isoTime.nullable(),
  /** Whether it keeps the account closed now (a self-exclusion past its end does until reopened + 24 h). */
  inForce: z.boolean(),
});
export type ExclusionView = z.infer<typeof exclusionView>;

export const limitVersionView = z.object({
  kind: z.enum([...MONEY_LIMIT_KINDS, 'session']),
  period: z.enum([...LIMIT_PERIODS, 'session']),
  /** Minor units (minutes for `session`), as a string. */
  amount: minorString,
  effectiveFrom: isoTime,
  effectiveUntil: isoTime.nullable(),
  createdAt: isoTime,
  createdBy: z.string(),
});
export type LimitVersionView = z.infer<typeof limitVersionView>;

/**
 * `GET /wps/ops/members/:username/protection` (operator token; ops CLI `protection:show`): the player's
 * protection as the back office sees it: the state the player sees, every limit version and every exclusion.
 */
export const operatorProtectionView = z.object({
  username: z.string(),
  state: protectionState,
  history: z.array(limitVersionView),
  exclusions: z.array(exclusionView),
});
export type OperatorProtectionView = z.infer<typeof operatorProtectionView>;
export const operatorProtectionResponse = envelopeOf(operatorProtectionView);
export const operatorMemberParams = z.object({ username: z.string().min(1).max(64) });
/** `POST /wps/ops/members/:username/exclusions`: the exclusion made (endsAt null: without an end). */
export const operatorExclusionResponse = envelopeOf(exclusionView);

/**
 * `PUT /wps/ops/members/:username/protection/limits` (support, admin; ops CLI `protection:limit`): the back
 * office sets a STRICTER limit for a player — a new one, or lower than the one in force (it applies at once
 * and drops a raise the player has waiting). `amount` is money as typed (`"500"`), or minutes for `session`.
 * A removal (`null`) or a higher amount answers 403 `protection_operator_loosen`. Answers limitChangeResult.
 */
export const operatorLimitBody = z.strictObject({
  kind: z.enum([...MONEY_LIMIT_KINDS, 'session']),
  period: z.enum([...LIMIT_PERIODS, 'session']),
  amount: singleLineText().max(32).nullable(),
  reason: singleLineText().min(3).max(500),
});
export type OperatorLimitBody = z.infer<typeof operatorLimitBody>;

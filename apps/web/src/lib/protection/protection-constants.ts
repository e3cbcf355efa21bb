import type {
  CoolOffDuration,
  LimitPeriod,
  MoneyLimitKind,
  RealityCheckMinutes,
  SelfExclusionDuration,
} from '@lotus/shared/player-protection.schema';

/**
 * The contract's lists (packages/shared/src/player-protection.schema.ts), kept here so the pages that show
 * them do not import that module at run time: it builds zod schemas, and zod stays out of first loads
 * (docs/architecture.md "First load"). Typed against the contract, and protection-constants.test.ts checks
 * they are the same lists in the same order.
 */
export const MONEY_LIMIT_KIND_LIST = [
  'deposit',
  'loss',
  'wager',
] as const satisfies readonly MoneyLimitKind[];
export const LIMIT_PERIOD_LIST = ['day', 'week', 'month'] as const satisfies readonly LimitPeriod[];
export const REALITY_CHECK_MINUTE_LIST = [15, 30, 60] as const satisfies readonly RealityCheckMinutes[];
export const COOL_OFF_DURATION_LIST = [
  '24h',
  '7d',
  '30d',
  '6w',
] as const satisfies readonly CoolOffDuration[];
export const SELF_EXCLUSION_DURATION_LIST = [
  '6m',
  '1y',
  '5y',
] as const satisfies readonly SelfExclusionDuration[];
/** The session time limits a player may choose, in minutes. */
export const SESSION_LIMIT_RANGE = { min: 15, max: 24 * 60 } as const;
/** "My activity" covers at most this many days per request (12 months). */
export const ACTIVITY_DAYS_MAX = 366;

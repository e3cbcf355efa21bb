import {
  ACTIVITY_MAX_DAYS,
  COOL_OFF_DURATIONS,
  LIMIT_PERIODS,
  MONEY_LIMIT_KINDS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_DURATIONS,
  SESSION_LIMIT_MINUTES,
} from '@lotus/shared/player-protection.schema';
import { describe, expect, it } from 'vitest';
import { memberCentrePath } from '../member-centre/member-centre-entries.ts';
import { PROTECTION_PATHS } from './protection-api.ts';
import {
  ACTIVITY_DAYS_MAX,
  COOL_OFF_DURATION_LIST,
  LIMIT_PERIOD_LIST,
  MONEY_LIMIT_KIND_LIST,
  REALITY_CHECK_MINUTE_LIST,
  SELF_EXCLUSION_DURATION_LIST,
  SESSION_LIMIT_RANGE,
} from './protection-constants.ts';

describe("the browser's copy of the player-protection lists", () => {
  it("is the contract's, in its order", () => {
    expect(MONEY_LIMIT_KIND_LIST).toEqual(MONEY_LIMIT_KINDS);
    expect(LIMIT_PERIOD_LIST).toEqual(LIMIT_PERIODS);
    expect(REALITY_CHECK_MINUTE_LIST).toEqual(REALITY_CHECK_MINUTES);
    expect(COOL_OFF_DURATION_LIST).toEqual(COOL_OFF_DURATIONS);
    expect(SELF_EXCLUSION_DURATION_LIST).toEqual(SELF_EXCLUSION_DURATIONS);
    expect(SESSION_LIMIT_RANGE).toEqual(SESSION_LIMIT_MINUTES);
    expect(ACTIVITY_DAYS_MAX).toBe(ACTIVITY_MAX_DAYS);
  });
});

describe("the paths of the player's tools", () => {
  it("are the member centre's", () => {
    expect(PROTECTION_PATHS.limits).toBe(`${memberCentrePath('securityCenter')}?tab=limits`);
    expect(PROTECTION_PATHS.takeABreak).toBe(`${memberCentrePath('securityCenter')}?tab=break`);
    expect(PROTECTION_PATHS.activity).toBe(memberCentrePath('myActivity'));
  });
});

import { decimalToMinor } from '@lotus/shared/money';
import {
  MISSION_KINDS,
  MISSION_PERIODS,
  type MissionKind,
  type MissionPeriod,
} from '../../db/tables/missions.ts';
import { type Db, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { MAX_AMOUNT_MINOR } from '../ledger/ledger.ts';
import { MissionsRepository } from './missions.repository.ts';
import { ReferralRepository } from './referral.repository.ts';

/** Who sets: the operator CLI (`operatorId` null) for now; `ip` goes to the audit row. */
export type MissionsOperator = { brandId: bigint; operatorId: bigint | null; ip: string };

/** A mission as the operator types it: amounts as decimal strings, counts as whole numbers. */
export type MissionInput = {
  code: string;
  period: string;
  kind: string;
  /** Rounds or games; for turnover and deposit an amount (decimal string). */
  target: string;
  reward: string;
  points: string;
  titleEn: string;
  titleHi: string;
  sort?: string;
  active?: boolean;
};

export type ReferralRuleInput = { sharePercent: string; minDeposit: string; cap: string };

const invalid = (field: string, message: string) =>
  new AppError('field_invalid', { message, details: { field } });

function wholeNumber(field: string, text: string, max: number): number {
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) > max) throw invalid(field, `${field} must be 0 to ${max}`);
  return Number(text);
}

function amount(field: string, text: string, allowZero = false): bigint {
  const minor = decimalToMinor(text);
  if (minor === null || (!allowZero && minor <= 0n) || minor > MAX_AMOUNT_MINOR) {
    throw invalid(field, `${field} must be an amount${allowZero ? '' : ' above 0'}, e.g. 100 or 99.50`);
  }
  return minor;
}

function title(field: string, text: string): string {
  const trimmed = text.trim();
  if (trimmed.length < 1 || trimmed.length > 80) throw invalid(field, `${field} must be 1 to 80 characters`);
  return trimmed;
}

/**
 * The operator's side of missions and referral (the CLI: `missions:list`, `missions:set`, `referral:rule`):
 * the same checks as the database's, answered as `field_invalid` naming the field, and one audit row per change
 * in its transaction (`mission.set`, `referral_rule.set`).
 */
export class MissionsAdminService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(deps: { db: Db; clock: Clock }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
  }

  list(brandId: bigint) {
    return new MissionsRepository(this.#db).allMissions(brandId);
  }

  async set(operator: MissionsOperator, input: MissionInput) {
    const code = input.code.trim().toLowerCase();
    if (!/^[a-z0-9_-]{1,40}$/.test(code)) throw invalid('code', 'code must be 1 to 40 of a-z, 0-9, _ and -');
    if (!(MISSION_PERIODS as readonly string[]).includes(input.period)) {
      throw invalid('period', `period must be one of ${MISSION_PERIODS.join(', ')}`);
    }
    if (!(MISSION_KINDS as readonly string[]).includes(input.kind)) {
      throw invalid('kind', `kind must be one of ${MISSION_KINDS.join(', ')}`);
    }
    const kind = input.kind as MissionKind;
    const target =
      kind === 'turnover' || kind === 'deposit'
        ? amount('target', input.target)
        : BigInt(wholeNumber('target', input.target, 100_000));
    if (target <= 0n) throw invalid('target', 'target must be above 0');
    const mission = {
      brandId: operator.brandId,
      code,
      period: input.period as MissionPeriod,
      kind,
      target,
      rewardMinor: amount('reward', input.reward),
      points: wholeNumber('points', input.points, 100_000),
      titleEn: title('titleEn', input.titleEn),
      titleHi: title('titleHi', input.titleHi),
      sort: input.sort === undefined ? 0 : wholeNumber('sort', input.sort, 10_000),
      active: input.active ?? true,
    };
    return transact(this.#db, async (trx) => {
      const row = await new MissionsRepository(trx).upsertMission(mission);
      await new AuditRepository(trx).record({
        brandId: operator.brandId,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'mission.set',
        ip: operator.ip,
        detail: { missionId: row.id, code, active: mission.active, via: 'cli' },
      });
      return row;
    });
  }

  async setReferralRule(operator: MissionsOperator, input: ReferralRuleInput) {
    const percent = decimalToMinor(input.sharePercent);
    if (percent === null || percent <= 0n || percent > 10_000n) {
      throw invalid('sharePercent', 'share must be a percent above 0, at most 100 (two decimals)');
    }
    const rule = {
      shareBps: Number(percent),
      minDepositMinor: amount('minDeposit', input.minDeposit, true),
      capMinor: amount('cap', input.cap),
    };
    await transact(this.#db, async (trx) => {
      await new ReferralRepository(trx).setRule(operator.brandId, rule, this.#clock.now());
      await new AuditRepository(trx).record({
        brandId: operator.brandId,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'referral_rule.set',
        ip: operator.ip,
        detail: { ...rule, via: 'cli' },
      });
    });
    return rule;
  }
}

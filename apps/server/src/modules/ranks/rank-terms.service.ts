import { GAME_TYPES } from '@lotus/shared/game-types';
import { REBATE_RATE_MAX_BP } from '@lotus/shared/loyalty.schema';
import { decimalToMinor } from '@lotus/shared/money';
import type { VipRequirementRule } from '@lotus/shared/ranks.schema';
import { VIP_REQUIREMENT_RULES } from '@lotus/shared/ranks.schema';
import { type Db, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { type RankRung, RanksRepository } from './ranks.repository.ts';

/** What a change of a level's terms may set; an absent field stays, `null` requirement = not asked. */
export type LevelTermsChange = {
  turnover30d?: string | null;
  deposits?: string | null;
  upgradeBonus?: string;
  monthlyReward?: string;
};

/** Who changes the terms: the CLI (operator null) or an operator; recorded in the audit log. */
export type TermsEditor = { brandId: bigint; operatorId: bigint | null; ip: string };

/** Game types a rate may name: the platform's, and `OTHER` (rounds without a game). */
const RATE_GAME_TYPES: readonly string[] = [...GAME_TYPES, 'OTHER'];

function money(field: string, text: string): bigint {
  const minor = decimalToMinor(text);
  if (minor === null)
    throw new AppError('amount_invalid', { message: `${field}: not an amount`, details: { field } });
  return minor;
}

/** `"0.35"` (a percentage, at most two decimals, 0–10 %) → 35 basis points. */
export function rateBpOf(percent: string): number {
  const match = /^([0-9]{1,2})(?:\.([0-9]{1,2}))?$/.exec(percent.trim());
  const bp = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
  if (!Number.isInteger(bp) || bp < 0 || bp > REBATE_RATE_MAX_BP) {
    throw new AppError('field_invalid', {
      message: 'rate: a percentage from 0 to 10 with at most two decimals',
      details: { field: 'rate' },
    });
  }
  return bp;
}

/**
 * The loyalty terms of a brand's ladder (docs/loyalty.md "VIP ranks"): each level's requirements and rewards,
 * its rebate rates, and the brand's rule — the operator CLI's `vip:*` commands. Every change is audited.
 */
export class RankTermsService {
  readonly #db: Db;

  constructor(deps: { db: Db }) {
    this.#db = deps.db;
  }

  async terms(brandId: bigint): Promise<{ rule: VipRequirementRule; ladder: RankRung[] }> {
    const repository = new RanksRepository(this.#db);
    const [ladder, terms] = await Promise.all([
      repository.ladderOf(brandId),
      repository.brandTermsOf(brandId),
    ]);
    return { rule: terms.rule, ladder };
  }

  async setLevel(editor: TermsEditor, level: number, change: LevelTermsChange): Promise<RankRung> {
    const values = {
      ...(change.turnover30d !== undefined
        ? { turnover_30d_minor: change.turnover30d === null ? null : money('turnover', change.turnover30d) }
        : {}),
      ...(change.deposits !== undefined
        ? { deposits_minor: change.deposits === null ? null : money('deposits', change.deposits) }
        : {}),
      ...(change.upgradeBonus !== undefined
        ? { upgrade_bonus_minor: money('upgradeBonus', change.upgradeBonus) }
        : {}),
      ...(change.monthlyReward !== undefined
        ? { monthly_reward_minor: money('monthlyReward', change.monthlyReward) }
        : {}),
    };
    return transact(this.#db, async (trx) => {
      const repository = new RanksRepository(trx);
      if (!(await repository.setLevelTerms(editor.brandId, level, values))) {
        throw new AppError('not_found', { message: `no level ${level} in the brand's ladder` });
      }
      await this.#audit(trx, editor, 'vip.level_terms_changed', { level, ...values });
      const rung = (await repository.ladderOf(editor.brandId)).find((entry) => entry.level === level);
      if (!rung) throw new AppError('not_found');
      return rung;
    });
  }

  async setRebateRate(
    editor: TermsEditor,
    level: number,
    gameType: string,
    percent: string,
  ): Promise<number> {
    const type = gameType.trim().toUpperCase();
    if (!RATE_GAME_TYPES.includes(type)) {
      throw new AppError('field_invalid', {
        message: `unknown game type ${gameType}`,
        details: { field: 'gameType' },
      });
    }
    const rateBp = rateBpOf(percent);
    return transact(this.#db, async (trx) => {
      const repository = new RanksRepository(trx);
      if (!(await repository.levelExists(editor.brandId, level))) {
        throw new AppError('not_found', { message: `no level ${level} in the brand's ladder` });
      }
      await repository.setRebateRate(editor.brandId, level, type, rateBp);
      await this.#audit(trx, editor, 'vip.rebate_rate_changed', { level, gameType: type, rateBp });
      return rateBp;
    });
  }

  async setRule(editor: TermsEditor, rule: string): Promise<VipRequirementRule> {
    const chosen = VIP_REQUIREMENT_RULES.find((entry) => entry === rule.trim().toLowerCase());
    if (!chosen)
      throw new AppError('field_invalid', { message: 'rule: any or all', details: { field: 'rule' } });
    await transact(this.#db, async (trx) => {
      await new RanksRepository(trx).setRule(editor.brandId, chosen);
      await this.#audit(trx, editor, 'vip.rule_changed', { rule: chosen });
    });
    return chosen;
  }

  async #audit(
    trx: Parameters<Parameters<typeof transact>[1]>[0],
    editor: TermsEditor,
    action: string,
    detail: Record<string, unknown>,
  ) {
    await new AuditRepository(trx).record({
      brandId: editor.brandId,
      operatorId: editor.operatorId,
      memberId: null,
      action,
      ip: editor.ip,
      detail: { ...(editor.operatorId === null ? { via: 'cli' } : {}), ...detail },
    });
  }
}

import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { cliActor, printJson } from '../../ops/operator-cli.ts';
import type { OpsCommand, OpsDeps } from '../../ops/ops-command.ts';
import { usageError } from '../../ops/ops-command.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { createPromotionsModule } from '../promotions/promotions-module.ts';
import { type LevelTermsChange, RankTermsService } from '../ranks/rank-terms.service.ts';
import { createRanksModule } from '../ranks/ranks-module.ts';
import { LoyaltyRepository } from './loyalty.repository.ts';
import { createLoyaltyModule } from './loyalty-module.ts';

async function brandIdOf(deps: OpsDeps, code: string | undefined): Promise<bigint> {
  if (code === undefined || code === '') return (await deps.system.resolveBrand(null)).id;
  const id = await new LoyaltyRepository(deps.db).brandIdByCode(code);
  if (id === undefined) throw new AppError('brand_not_found', { message: `no brand with code "${code}"` });
  return id;
}

const LEVEL = /^[0-9]{1,3}$/;
const LEVEL_FLAGS: Record<string, keyof LevelTermsChange> = {
  '--turnover': 'turnover30d',
  '--deposits': 'deposits',
  '--upgrade-bonus': 'upgradeBonus',
  '--monthly': 'monthlyReward',
};

/** `--turnover 50000 --monthly 100 …` → the change; `none` clears a requirement. Null: a flag is wrong. */
function levelChange(args: readonly string[]): LevelTermsChange | null {
  const change: LevelTermsChange = {};
  for (let index = 0; index < args.length; index += 2) {
    const field = LEVEL_FLAGS[args[index] ?? ''];
    const value = args[index + 1];
    if (!field || value === undefined) return null;
    if (value === 'none') {
      if (field !== 'turnover30d' && field !== 'deposits') return null;
      change[field] = null;
    } else {
      change[field] = value;
    }
  }
  return Object.keys(change).length > 0 ? change : null;
}

/** The services of a job run, wired as app.ts wires them. */
function loyaltyServices(deps: OpsDeps) {
  const clock = systemClock;
  const rewards = createPromotionsModule({
    db: deps.db,
    ledger: createLedgerModule({ db: deps.db }).api,
    clock,
  }).api;
  const ranks = createRanksModule({ db: deps.db, clock, defaultLanguageOf: async () => 'EN', rewards });
  const loyalty = createLoyaltyModule({ db: deps.db, clock, rewards, ranks: ranks.api });
  return { progression: ranks.api.progression, rebates: loyalty.api.rebates };
}

/**
 * The loyalty terms and jobs from the operator CLI (docs/loyalty.md): each level's requirements and rewards,
 * its rebate rates, the brand's rule (audited as `operator:cli`), and the two jobs run at once.
 */
export const loyaltyOpsCommands: Record<string, OpsCommand> = {
  'vip:terms': {
    usage: 'vip:terms',
    summary: "print the brand's VIP rule and each level's requirements, rewards and rebate rates",
    async run(args, options, deps, io) {
      if (args.length > 0) return usageError(io, 'vip:terms');
      return printJson(
        io,
        await new RankTermsService({ db: deps.db }).terms(await brandIdOf(deps, options.brand)),
      );
    },
  },
  'vip:level-set': {
    usage:
      'vip:level-set <level> [--turnover <₹|none>] [--deposits <₹|none>] [--upgrade-bonus <₹>] [--monthly <₹>]',
    summary:
      "change a level's 30-day turnover / lifetime deposit requirement, upgrade bonus or monthly reward",
    async run(args, options, deps, io) {
      const [level, ...rest] = args;
      const change = levelChange(rest);
      if (level === undefined || !LEVEL.test(level) || !change) return usageError(io, 'vip:level-set');
      const rung = await new RankTermsService({ db: deps.db }).setLevel(
        cliActor(await brandIdOf(deps, options.brand)),
        Number(level),
        change,
      );
      return printJson(io, rung);
    },
  },
  'vip:rate-set': {
    usage: 'vip:rate-set <level> <gameType> <percent>',
    summary: "set a level's daily rebate rate for a game type (percent of valid turnover, 0–10, e.g. 0.35)",
    async run(args, options, deps, io) {
      const [level, gameType, percent] = args;
      if (level === undefined || !LEVEL.test(level) || !gameType || !percent || args.length > 3) {
        return usageError(io, 'vip:rate-set');
      }
      const rateBp = await new RankTermsService({ db: deps.db }).setRebateRate(
        cliActor(await brandIdOf(deps, options.brand)),
        Number(level),
        gameType,
        percent,
      );
      return printJson(io, { level: Number(level), gameType: gameType.toUpperCase(), rateBp });
    },
  },
  'vip:rule-set': {
    usage: 'vip:rule-set <any|all>',
    summary: 'whether a level needs any one of its requirements or all of them',
    async run(args, options, deps, io) {
      const [rule] = args;
      if (rule === undefined || args.length > 1) return usageError(io, 'vip:rule-set');
      const chosen = await new RankTermsService({ db: deps.db }).setRule(
        cliActor(await brandIdOf(deps, options.brand)),
        rule,
      );
      return printJson(io, { rule: chosen });
    },
  },
  'loyalty:run': {
    usage: 'loyalty:run',
    summary: 'run the VIP job over every member and the rebate job (closed days of the last week) now',
    async run(args, _options, deps, io) {
      if (args.length > 0) return usageError(io, 'loyalty:run');
      const { progression, rebates } = loyaltyServices(deps);
      const vip = await progression.run(undefined, { everyone: true });
      const paid = await rebates.run();
      return printJson(io, { vip, rebates: paid });
    },
  },
};

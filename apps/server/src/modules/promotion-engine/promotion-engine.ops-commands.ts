import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  createPromotionBodySchema,
  setPromotionRulesBodySchema,
} from '@lotus/shared/promotion-engine.schema';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { cliActor, idArg, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { PromotionEngineRepository } from './promotion-engine.repository.ts';
import { promotionEngineServices } from './promotion-engine-module.ts';

/**
 * The promotion engine from the command line (docs/promotion-engine.md "Operators"): set a promotion's
 * rules, list, approve and reject applications, and see a member's wagering. The CLI acts as `operator:cli`
 * (audit rows with `detail.via: 'cli'`) through the same service as the back-office routes.
 */

async function brandIdOf(deps: OpsDeps, code: string | undefined): Promise<bigint> {
  if (code === undefined || code === '') return (await deps.system.resolveBrand(null)).id;
  const id = await new PromotionEngineRepository(deps.db).brandIdByCode(code);
  if (id === undefined) throw new AppError('brand_not_found', { message: `no brand with code "${code}"` });
  return id;
}

const review = (deps: OpsDeps) => promotionEngineServices({ db: deps.db, clock: systemClock }).review;

export const promotionEngineOpsCommands: Record<string, OpsCommand> = {
  'promotion:create': {
    usage: "promotion:create '<promotion JSON, as POST /wps/ops/promotions>'",
    summary:
      'create a promotion (texts in EN and HI, category, tags, window), with its rules if given (audited)',
    async run(args, options, deps, io) {
      const [text] = args;
      if (!text || args.length !== 1) return usageError(io, 'promotion:create');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new AppError('invalid_request', { message: 'the promotion is not JSON' });
      }
      const parsed = createPromotionBodySchema.safeParse(body);
      if (!parsed.success) {
        throw new AppError('invalid_request', {
          message: parsed.error.issues.map((i) => i.path.join('.')).join(', '),
        });
      }
      const actor = cliActor(await brandIdOf(deps, options.brand));
      return printJson(io, await review(deps).createPromotion(actor, parsed.data));
    },
  },
  'promotion:rules': {
    usage: "promotion:rules <promotion-code> '<rules JSON, as PUT /wps/ops/promotions/:code/rules>'",
    summary: "set a promotion's eligibility, award and wagering rules (audited)",
    async run(args, options, deps, io) {
      const [code, text] = args;
      if (!code || !text || args.length !== 2) return usageError(io, 'promotion:rules');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new AppError('promotion_rules_invalid', { message: 'the rules are not JSON' });
      }
      const parsed = setPromotionRulesBodySchema.safeParse(body);
      if (!parsed.success) {
        throw new AppError('promotion_rules_invalid', {
          message: parsed.error.issues.map((i) => i.path.join('.')).join(', '),
        });
      }
      const actor = cliActor(await brandIdOf(deps, options.brand));
      return printJson(io, await review(deps).setRules(actor, code, parsed.data));
    },
  },
  'promotion:applications': {
    usage: 'promotion:applications [pending|joined|issued|rejected]',
    summary: 'list promotion applications of a status (default pending)',
    async run(args, options, deps, io) {
      const status = (args[0] ?? 'pending') as ApplicationStatus;
      if (args.length > 1 || !APPLICATION_STATUSES.includes(status))
        return usageError(io, 'promotion:applications');
      return printJson(io, await review(deps).applications(await brandIdOf(deps, options.brand), status));
    },
  },
  'promotion:approve': {
    usage: 'promotion:approve <application-id>',
    summary: 'approve a pending application: its bonus is issued (audited)',
    async run(args, options, deps, io) {
      const id = idArg(args[0]);
      if (id === null || args.length !== 1) return usageError(io, 'promotion:approve');
      return printJson(io, await review(deps).approve(cliActor(await brandIdOf(deps, options.brand)), id));
    },
  },
  'promotion:reject': {
    usage: 'promotion:reject <application-id> <reason>',
    summary: 'reject a pending application with a reason (audited)',
    async run(args, options, deps, io) {
      const id = idArg(args[0]);
      const reason = reasonArg(args.slice(1));
      if (id === null || reason === null) return usageError(io, 'promotion:reject');
      return printJson(
        io,
        await review(deps).reject(cliActor(await brandIdOf(deps, options.brand)), id, reason),
      );
    },
  },
  'promotion:wagering': {
    usage: 'promotion:wagering <username>',
    summary: "a member's bonuses, wagering progress and what the open ones lock",
    async run(args, options, deps, io) {
      const [username] = args;
      if (!username || args.length !== 1) return usageError(io, 'promotion:wagering');
      return printJson(io, await review(deps).wagering(await brandIdOf(deps, options.brand), username));
    },
  },
};

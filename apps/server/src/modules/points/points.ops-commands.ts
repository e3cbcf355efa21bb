import {
  operatorPointConfigBody,
  operatorPointRewardBody,
  operatorPointRewardPatch,
  pointsRedemptionStatusSchema,
} from '@lotus/shared/points.schema';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { cliActor, idArg, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { PointsRepository } from './points.repository.ts';
import { pointsServices } from './points-module.ts';

/**
 * The back office's points from the command line (docs/points.md "Operator"): the config, the mall's
 * rewards and stock, the redemption desk and the earn job, through the same services as the API, acting as
 * `operator:cli` (audit rows with `via: 'cli'`). Bodies are the API's JSON, checked by the same schemas.
 */

/** The CLI never checks a payment password: it makes no member move. */
const noPassword = { verify: () => Promise.reject(new Error('the operator CLI checks no payment password')) };

const servicesFor = (deps: OpsDeps) =>
  pointsServices({ db: deps.db, clock: systemClock, paymentPassword: noPassword });

async function brandIdOf(deps: OpsDeps, code: string | undefined): Promise<bigint> {
  if (code === undefined || code === '') return (await deps.system.resolveBrand(null)).id;
  const id = (await new PointsRepository(deps.db).brand({ code }))?.id;
  if (id === undefined) throw new AppError('brand_not_found', { message: `no brand with code "${code}"` });
  return id;
}

/** A JSON argument parsed by `schema`, or null (the command prints its usage). */
function jsonArg<T extends z.ZodType>(schema: T, text: string | undefined): z.infer<T> | null {
  if (text === undefined) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** approve / redeemed / reject of one redemption. */
function reviewCommand(action: 'approve' | 'redeemed' | 'reject'): OpsCommand {
  const name = `points:${action}`;
  return {
    usage: action === 'reject' ? `${name} <redemption id> <reason>` : `${name} <redemption id>`,
    summary:
      action === 'approve'
        ? 'approve a goods redemption in process'
        : action === 'redeemed'
          ? 'mark an approved goods redemption redeemed (shipped)'
          : 'reject a goods redemption in process: its points and stock come back',
    async run(args, options, deps, io) {
      const id = idArg(args[0]);
      const reason = reasonArg(args.slice(1));
      if (id === null || (action === 'reject' ? reason === null : args.length !== 1))
        return usageError(io, name);
      const { operators } = servicesFor(deps);
      const operator = cliActor(await brandIdOf(deps, options.brand));
      if (action === 'approve') return printJson(io, await operators.approve(operator, id));
      if (action === 'redeemed') return printJson(io, await operators.markRedeemed(operator, id));
      return printJson(io, await operators.reject(operator, id, reason ?? ''));
    },
  };
}

export const pointsOpsCommands: Record<string, OpsCommand> = {
  'points:config': {
    usage: `points:config ['{"convert":{"points":"100","amount":"1","minPoints":"100"},"rates":[{"gameType":"RNG","turnover":"10","points":"1"}]}'] [--brand <code>]`,
    summary: "show the brand's points config, or replace it (earning rates per game type, conversion)",
    async run(args, options, deps, io) {
      const { points, operators } = servicesFor(deps);
      const brandId = await brandIdOf(deps, options.brand);
      if (args.length === 0) return printJson(io, await points.config(brandId));
      const body = jsonArg(operatorPointConfigBody, args[0]);
      if (!body || args.length !== 1) return usageError(io, 'points:config');
      return printJson(io, await operators.setConfig(cliActor(brandId), body));
    },
  },
  'points:rewards': {
    usage: 'points:rewards [--brand <code>]',
    summary: "list the mall's rewards (disabled ones too) with stock",
    async run(args, options, deps, io) {
      if (args.length > 0) return usageError(io, 'points:rewards');
      return printJson(io, await servicesFor(deps).operators.rewards(await brandIdOf(deps, options.brand)));
    },
  },
  'points:reward-add': {
    usage: `points:reward-add '{"kind":"goods","nameEn":"Mug","nameHi":"मग","points":"500","stock":10}' [--brand <code>]`,
    summary: 'add a mall reward (goods, or cash with "cashAmount")',
    async run(args, options, deps, io) {
      const body = jsonArg(operatorPointRewardBody, args[0]);
      if (!body || args.length !== 1) return usageError(io, 'points:reward-add');
      const brandId = await brandIdOf(deps, options.brand);
      return printJson(io, await servicesFor(deps).operators.createReward(cliActor(brandId), body));
    },
  },
  'points:reward-edit': {
    usage: `points:reward-edit <reward id> '{"stock":25}' [--brand <code>]`,
    summary: 'edit a mall reward: names, image, price, cash, stock, enabled, order',
    async run(args, options, deps, io) {
      const id = idArg(args[0]);
      const patch = jsonArg(operatorPointRewardPatch, args[1]);
      if (id === null || !patch || args.length !== 2) return usageError(io, 'points:reward-edit');
      const brandId = await brandIdOf(deps, options.brand);
      return printJson(io, await servicesFor(deps).operators.editReward(cliActor(brandId), id, patch));
    },
  },
  'points:redemptions': {
    usage: 'points:redemptions [in_process|approved|redeemed|rejected] [--brand <code>]',
    summary: 'the newest 20 redemptions of the brand (of a status)',
    async run(args, options, deps, io) {
      const status = args[0] === undefined ? undefined : pointsRedemptionStatusSchema.safeParse(args[0]);
      if (args.length > 1 || (status !== undefined && !status.success))
        return usageError(io, 'points:redemptions');
      const brandId = await brandIdOf(deps, options.brand);
      return printJson(
        io,
        await servicesFor(deps).operators.redemptions(brandId, { page: 1, status: status?.data }),
      );
    },
  },
  'points:approve': reviewCommand('approve'),
  'points:redeemed': reviewCommand('redeemed'),
  'points:reject': reviewCommand('reject'),
  'points:earn': {
    usage: 'points:earn',
    summary: 'turn valid turnover into points now (the points.earn job; safe beside the server)',
    async run(args, _options, deps, io) {
      if (args.length > 0) return usageError(io, 'points:earn');
      return printJson(io, await servicesFor(deps).earn.run());
    },
  },
};

import { lotteryDrawIdSchema } from '@lotus/shared/lottery.schema';
import { AppError } from '../../lib/app-error.ts';
import { printJson } from '../../ops/operator-cli.ts';
import { type OpsCommand, usageError } from '../../ops/ops-command.ts';
import { LotteryLiabilityService } from './lottery-liability.service.ts';

/** The draw liability view from the command line: the same service as `GET /wps/ops/lottery/draws/:drawId/liability`. */
export const lotteryLiabilityOpsCommands: Record<string, OpsCommand> = {
  'lottery:liability': {
    usage: 'lottery:liability <drawId>',
    summary: "a draw's exposure, stakes and lines per selection, and its worst case",
    async run(args, options, deps, io) {
      const drawId = args[0];
      if (args.length !== 1 || !lotteryDrawIdSchema.safeParse(drawId).success) {
        return usageError(io, 'lottery:liability');
      }
      const service = new LotteryLiabilityService({ db: deps.db });
      const brandId =
        options.brand === undefined || options.brand === ''
          ? (await deps.system.resolveBrand(null)).id
          : await service.brandIdByCode(options.brand);
      if (brandId === undefined) {
        throw new AppError('brand_not_found', { message: `no brand with code "${options.brand}"` });
      }
      return printJson(io, await service.liability(brandId, drawId as string));
    },
  },
};

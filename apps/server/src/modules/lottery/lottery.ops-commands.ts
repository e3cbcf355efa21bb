import { readFile } from 'node:fs/promises';
import {
  LOTTERY_DB_DRAW_STATUSES,
  lotteryCreateGameBodySchema,
  lotteryDrawIdSchema,
  lotteryGameCodeSchema,
  lotteryResultsFileSchema,
  lotteryUpdateGameBodySchema,
} from '@lotus/shared/lottery.schema';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { CLI_IP, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { LotteryDrawsRepository } from './lottery-draws.repository.ts';
import { lotteryDrawsServices } from './lottery-draws-part.ts';
import type { LotteryOperator } from './lottery-results.service.ts';

/**
 * The back office's lottery from the command line (docs/lottery.md "Operators"): games, draws, external
 * results with four eyes, a results file, cancels — through the same services as `/wps/ops/lottery`.
 * A result command names the operator who acts (an operator username of the brand): four eyes compare
 * those names, so a result entered here by `alice` cannot be confirmed by `alice` here or in the API.
 */

async function contextOf(deps: OpsDeps, brand: string | undefined, as?: string) {
  const reads = new LotteryDrawsRepository(deps.db);
  const brandId =
    brand === undefined || brand === ''
      ? (await deps.system.resolveBrand(null)).id
      : (await reads.brand({ code: brand }))?.id;
  if (brandId === undefined)
    throw new AppError('brand_not_found', { message: `no brand with code "${brand}"` });
  if (as !== undefined && !(await reads.operatorExists(brandId, as))) {
    throw new AppError('not_found', { message: `no operator "${as}" in this brand` });
  }
  const operator: LotteryOperator = { brandId, operatorId: null, name: as ?? 'cli', ip: CLI_IP, via: 'cli' };
  return { operator, services: lotteryDrawsServices({ db: deps.db, clock: systemClock }) };
}

function jsonArg<T>(text: string | undefined, schema: z.ZodType<T>): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '');
  } catch {
    throw new AppError('invalid_json');
  }
  const body = schema.safeParse(parsed);
  if (!body.success) {
    throw new AppError('invalid_request', {
      message: body.error.issues.map((issue) => issue.path.join('.') || issue.message).join(', '),
    });
  }
  return body.data;
}

const ok = (schema: z.ZodType, value: string | undefined): value is string =>
  value !== undefined && schema.safeParse(value).success;
const OPERATOR = /^[A-Za-z0-9_.-]{1,64}$/;

export const lotteryOpsCommands: Record<string, OpsCommand> = {
  'lottery:games': {
    usage: 'lottery:games',
    summary: "list the brand's lottery games with every setting",
    async run(args, options, deps, io) {
      if (args.length > 0) return usageError(io, 'lottery:games');
      const { operator, services } = await contextOf(deps, options.brand);
      return printJson(io, await services.ops.games(operator.brandId));
    },
  },
  'lottery:game-create': {
    usage: "lottery:game-create '<json: the body of POST /wps/ops/lottery/games>'",
    summary: 'create a lottery game (catalogue game under vendor LOTTO and its engine row)',
    async run(args, options, deps, io) {
      if (args.length !== 1) return usageError(io, 'lottery:game-create');
      const body = jsonArg(args[0], lotteryCreateGameBodySchema);
      const { operator, services } = await contextOf(deps, options.brand);
      return printJson(io, await services.ops.createGame(operator, body));
    },
  },
  'lottery:game-set': {
    usage:
      "lottery:game-set <gameCode> '<json: marginBp, minStakeMinor, maxStakeMinor, maxLines, maxPayoutMinor, schedule, enabled>'",
    summary: "change a game's margin, limits, calendar or enabled flag",
    async run(args, options, deps, io) {
      const [gameCode, json] = args;
      if (!ok(lotteryGameCodeSchema, gameCode) || args.length !== 2)
        return usageError(io, 'lottery:game-set');
      const body = jsonArg(json, lotteryUpdateGameBodySchema);
      const { operator, services } = await contextOf(deps, options.brand);
      return printJson(io, await services.ops.updateGame(operator, gameCode, body));
    },
  },
  'lottery:draws': {
    usage: `lottery:draws <gameCode> [${LOTTERY_DB_DRAW_STATUSES.join('|')}|all] [page]`,
    summary: "list a game's draws, newest first, with their result entries",
    async run(args, options, deps, io) {
      const [gameCode, status = 'all', page = '1'] = args;
      const statuses: readonly string[] = LOTTERY_DB_DRAW_STATUSES;
      if (
        !ok(lotteryGameCodeSchema, gameCode) ||
        args.length > 3 ||
        (status !== 'all' && !statuses.includes(status)) ||
        !/^[1-9][0-9]{0,3}$/.test(page)
      ) {
        return usageError(io, 'lottery:draws');
      }
      const { operator, services } = await contextOf(deps, options.brand);
      return printJson(
        io,
        await services.ops.draws(operator.brandId, gameCode, {
          status: status === 'all' ? undefined : (status as (typeof LOTTERY_DB_DRAW_STATUSES)[number]),
          pageNo: Number(page),
          pageSize: 20,
        }),
      );
    },
  },
  'lottery:draw-cancel': {
    usage: 'lottery:draw-cancel <operator> <drawId> <reason>',
    summary: 'cancel a scheduled or result-entered draw (its slips are refunded by the settlement job)',
    async run(args, options, deps, io) {
      const [as, drawId, ...words] = args;
      const reason = reasonArg(words);
      if (!as || !OPERATOR.test(as) || !ok(lotteryDrawIdSchema, drawId) || !reason) {
        return usageError(io, 'lottery:draw-cancel');
      }
      const { operator, services } = await contextOf(deps, options.brand, as);
      return printJson(io, await services.ops.cancel(operator, drawId, reason.slice(0, 200)));
    },
  },
  'lottery:result-enter': {
    usage: "lottery:result-enter <operator> <drawId> '<json result>'",
    summary: "enter an external draw's official result; another operator must confirm it",
    async run(args, options, deps, io) {
      const [as, drawId, json] = args;
      if (!as || !OPERATOR.test(as) || !ok(lotteryDrawIdSchema, drawId) || args.length !== 3) {
        return usageError(io, 'lottery:result-enter');
      }
      let result: unknown;
      try {
        result = JSON.parse(json ?? '');
      } catch {
        throw new AppError('invalid_json');
      }
      const { operator, services } = await contextOf(deps, options.brand, as);
      return printJson(io, await services.results.enter(operator, drawId, result));
    },
  },
  'lottery:result-confirm': {
    usage: 'lottery:result-confirm <operator> <drawId>',
    summary: 'confirm the pending result of a draw (not the operator who entered it): the draw is drawn',
    async run(args, options, deps, io) {
      const [as, drawId] = args;
      if (!as || !OPERATOR.test(as) || !ok(lotteryDrawIdSchema, drawId) || args.length !== 2) {
        return usageError(io, 'lottery:result-confirm');
      }
      const { operator, services } = await contextOf(deps, options.brand, as);
      return printJson(io, await services.results.confirm(operator, drawId));
    },
  },
  'lottery:result-reject': {
    usage: 'lottery:result-reject <operator> <drawId> <reason>',
    summary: 'reject the pending result of a draw (not the operator who entered it): it takes a new entry',
    async run(args, options, deps, io) {
      const [as, drawId, ...words] = args;
      const reason = reasonArg(words);
      if (!as || !OPERATOR.test(as) || !ok(lotteryDrawIdSchema, drawId) || !reason) {
        return usageError(io, 'lottery:result-reject');
      }
      const { operator, services } = await contextOf(deps, options.brand, as);
      return printJson(io, await services.results.reject(operator, drawId, reason.slice(0, 200)));
    },
  },
  'lottery:result-import': {
    usage: 'lottery:result-import <operator> --file <results.json: [{ "drawId": …, "result": … }, …]>',
    summary: 'enter many external results from a file (all or none), each waiting for a second operator',
    async run(args, options, deps, io) {
      const [as, flag, path] = args;
      if (!as || !OPERATOR.test(as) || flag !== '--file' || !path || args.length !== 3) {
        return usageError(io, 'lottery:result-import');
      }
      const entries = jsonArg(await readFile(path, 'utf8'), lotteryResultsFileSchema);
      if (entries.length === 0)
        throw new AppError('invalid_request', { message: 'the file lists no results' });
      const { operator, services } = await contextOf(deps, options.brand, as);
      const fileName = path.split(/[\\/]/).pop()?.slice(0, 200) || 'results.json';
      return printJson(io, await services.results.importFile(operator, { fileName, entries }));
    },
  },
};

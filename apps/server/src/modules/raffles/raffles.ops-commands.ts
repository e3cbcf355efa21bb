import { randomUUID } from 'node:crypto';
import { createRaffleBodySchema, raffleCodeSchema } from '@lotus/shared/raffles.schema';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { cliActor, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { RaffleCampaignsService } from './raffle-campaigns.service.ts';
import { RafflesRepository } from './raffles.repository.ts';

/**
 * The back office's raffles from the command line (docs/raffles.md): create a campaign from its JSON (the
 * body of `POST /wps/ops/raffles`), start, end, grant tickets, list campaigns and draws. The CLI acts as
 * `operator:cli` through the same service as the API.
 */

async function contextOf(deps: OpsDeps, brand: string | undefined) {
  const brandId =
    brand === undefined || brand === ''
      ? (await deps.system.resolveBrand(null)).id
      : (await new RafflesRepository(deps.db).brand({ code: brand }))?.id;
  if (brandId === undefined)
    throw new AppError('brand_not_found', { message: `no brand with code "${brand}"` });
  return {
    operator: cliActor(brandId),
    service: new RaffleCampaignsService({ db: deps.db, clock: systemClock }),
  };
}

const codeOf = (value: string | undefined) =>
  raffleCodeSchema.safeParse(value).success ? (value as string) : null;

export const raffleOpsCommands: Record<string, OpsCommand> = {
  'raffle:create': {
    usage: "raffle:create '<json: code, kind, nameEn, nameHi, startsAt, endsAt, budget, prizes, rules>'",
    summary: 'create a draft raffle campaign (the server makes its seed and prints only its hash)',
    async run(args, options, deps, io) {
      if (args.length !== 1) return usageError(io, 'raffle:create');
      let parsed: unknown;
      try {
        parsed = JSON.parse(args[0] as string);
      } catch {
        throw new AppError('invalid_json');
      }
      const body = createRaffleBodySchema.safeParse(parsed);
      if (!body.success) {
        throw new AppError('invalid_request', {
          message: body.error.issues.map((issue) => issue.path.join('.')).join(', '),
        });
      }
      const { operator, service } = await contextOf(deps, options.brand);
      return printJson(io, await service.create(operator, body.data));
    },
  },
  'raffle:start': {
    usage: 'raffle:start <code>',
    summary: "fund a draft campaign from the brand's bonus account and publish its seed's hash",
    async run(args, options, deps, io) {
      const code = codeOf(args[0]);
      if (!code || args.length !== 1) return usageError(io, 'raffle:start');
      const { operator, service } = await contextOf(deps, options.brand);
      return printJson(io, await service.start(operator, code));
    },
  },
  'raffle:end': {
    usage: 'raffle:end <code>',
    summary: 'end a running campaign: reveal its seed and return the unspent budget to bonus',
    async run(args, options, deps, io) {
      const code = codeOf(args[0]);
      if (!code || args.length !== 1) return usageError(io, 'raffle:end');
      const { operator, service } = await contextOf(deps, options.brand);
      return printJson(io, await service.end(operator, code));
    },
  },
  'raffle:grant': {
    usage: 'raffle:grant <code> <username> <count> <reason>',
    summary: 'grant a member tickets of a campaign',
    async run(args, options, deps, io) {
      const [rawCode, username, count, ...words] = args;
      const code = codeOf(rawCode);
      const reason = reasonArg(words);
      if (!code || !username || !count || !/^[1-9][0-9]{0,2}$/.test(count) || !reason) {
        return usageError(io, 'raffle:grant');
      }
      const { operator, service } = await contextOf(deps, options.brand);
      // One run of the command is one intent: typed twice, it grants twice.
      return printJson(
        io,
        await service.grant(
          operator,
          code,
          { username, count: Number(count), reason },
          `cli-${randomUUID()}`,
        ),
      );
    },
  },
  'raffle:list': {
    usage: 'raffle:list',
    summary: "list the brand's raffle campaigns with budget, balance and ticket counts",
    async run(args, options, deps, io) {
      if (args.length > 0) return usageError(io, 'raffle:list');
      const { operator, service } = await contextOf(deps, options.brand);
      return printJson(io, await service.list(operator.brandId));
    },
  },
  'raffle:draws': {
    usage: 'raffle:draws <code> [page]',
    summary: "list a campaign's opened tickets, newest first",
    async run(args, options, deps, io) {
      const code = codeOf(args[0]);
      const page = args[1] ?? '1';
      if (!code || args.length > 2 || !/^[1-9][0-9]{0,4}$/.test(page)) return usageError(io, 'raffle:draws');
      const { operator, service } = await contextOf(deps, options.brand);
      return printJson(io, await service.draws(operator.brandId, code, Number(page)));
    },
  },
};

import { createJackpotBody, JACKPOT_CODE, updateJackpotBody } from '@lotus/shared/jackpot.schema';
import { AppError } from '../../lib/app-error.ts';
import { printJson } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { roundSeedsIn } from '../inhouse-vendor/round-seeds.ts';
import { JackpotRepository } from './jackpot.repository.ts';
import { JackpotService } from './jackpot.service.ts';

/**
 * The progressive jackpots from the command line (issue 19, docs/jackpot.md): list, show (pot, contributions,
 * fundings, wins), create and configure, through the same service and zod schemas as `/wps/ops/jackpots`.
 */

function serviceFor(deps: OpsDeps): JackpotService {
  return new JackpotService({ db: deps.db, roundSeedsIn });
}

async function brandIdOf(deps: OpsDeps, code: string | undefined): Promise<bigint> {
  if (code === undefined || code === '') return (await deps.system.resolveBrand(null)).id;
  const id = await new JackpotRepository(deps.db).brandIdByCode(code);
  if (id === undefined) throw new AppError('brand_not_found', { message: `no brand with code "${code}"` });
  return id;
}

/** `--name value` pairs → an object with camelCase keys (`--name-en` → `nameEn`); null when malformed. */
function flagsOf(args: readonly string[]): Record<string, string> | null {
  const flags: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index] as string;
    const value = args[index + 1];
    if (!name.startsWith('--') || value === undefined) return null;
    flags[name.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return flags;
}

/** Flags as the API's body: numbers for the basis points, a list for the games, booleans for active. */
function bodyOf(flags: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...flags };
  if (flags.contributionBps !== undefined) body.contributionBps = Number(flags.contributionBps);
  if (flags.games !== undefined) body.games = flags.games === '' ? [] : flags.games.split(',');
  if (flags.active !== undefined) body.active = flags.active === 'true';
  return body;
}

function parsed<T>(result: { success: true; data: T } | { success: false; error: { message: string } }): T {
  if (!result.success) throw new AppError('invalid_request', { message: result.error.message });
  return result.data;
}

export const jackpotOpsCommands: Record<string, OpsCommand> = {
  'jackpot:list': {
    usage: 'jackpot:list [--brand <code>]',
    summary: "the brand's jackpots: pot shown, balance, unposted contributions, fundings, wins",
    async run(args, options, deps, io) {
      if (args.length > 0) return usageError(io, 'jackpot:list');
      return printJson(io, await serviceFor(deps).operatorList(await brandIdOf(deps, options.brand)));
    },
  },
  'jackpot:show': {
    usage: 'jackpot:show <code> [--brand <code>]',
    summary: 'one jackpot (pot, contribution and win totals) with its latest 20 wins and contributions',
    async run(args, options, deps, io) {
      const [code] = args;
      if (args.length !== 1 || !code || !JACKPOT_CODE.test(code)) return usageError(io, 'jackpot:show');
      const brandId = await brandIdOf(deps, options.brand);
      const service = serviceFor(deps);
      return printJson(io, {
        jackpot: await service.operatorGet(brandId, code),
        wins: await service.wins(brandId, code, 20),
        contributions: await service.contributions(brandId, code, 20),
      });
    },
  },
  'jackpot:create': {
    usage:
      'jackpot:create --code <c> --name-en <t> --name-hi <t> --contribution-bps <n> --seed-minor <n> --one-in-minor <n> --games <code,code> [--brand <code>]',
    summary: 'create a jackpot over in-house games; its seed moves house → pot',
    async run(args, options, deps, io) {
      const flags = flagsOf(args);
      if (!flags) return usageError(io, 'jackpot:create');
      const body = parsed(createJackpotBody.safeParse(bodyOf(flags)));
      return printJson(
        io,
        await serviceFor(deps).create(await brandIdOf(deps, options.brand), body, 'operator:cli'),
      );
    },
  },
  'jackpot:set': {
    usage:
      'jackpot:set <code> [--name-en <t>] [--name-hi <t>] [--contribution-bps <n>] [--seed-minor <n>] [--one-in-minor <n>] [--games <code,code>] [--active true|false] [--brand <code>]',
    summary: "change a jackpot's settings (new rounds use them)",
    async run(args, options, deps, io) {
      const [code, ...rest] = args;
      const flags = flagsOf(rest);
      if (!code || !JACKPOT_CODE.test(code) || !flags || rest.length === 0)
        return usageError(io, 'jackpot:set');
      const body = parsed(updateJackpotBody.strict().safeParse(bodyOf(flags)));
      return printJson(io, await serviceFor(deps).update(await brandIdOf(deps, options.brand), code, body));
    },
  },
};

import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { cliActor, printJson } from '../../ops/operator-cli.ts';
import type { OpsCommand, OpsDeps } from '../../ops/ops-command.ts';
import { usageError } from '../../ops/ops-command.ts';
import { MissionsAdminService } from './missions-admin.service.ts';

/** `--name value` pairs; null when a name is not allowed or has no value. */
function optionsOf(args: readonly string[], allowed: readonly string[]): Map<string, string> | null {
  const found = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index] as string;
    const value = args[index + 1];
    if (!name.startsWith('--') || !allowed.includes(name.slice(2)) || value === undefined) return null;
    found.set(name.slice(2), value);
  }
  return found;
}

async function brandOf(deps: OpsDeps, code: string | undefined): Promise<bigint> {
  if (code === undefined || code === '') return (await deps.system.resolveBrand(null)).id;
  const brand = await deps.system.findBrandByCode(code);
  if (!brand) throw new AppError('brand_not_found', { message: `no brand with code "${code}"` });
  return brand.id;
}

const admin = (deps: OpsDeps) => new MissionsAdminService({ db: deps.db, clock: systemClock });

const MISSION_OPTIONS = [
  'period',
  'kind',
  'target',
  'reward',
  'points',
  'title-en',
  'title-hi',
  'sort',
  'active',
];

/**
 * Missions and referral from the operator CLI (docs/missions-referral.md): list and set a brand's missions,
 * set its referral rule. Whether referral runs at all is the flag: `flag:set REFERRAL3 on|off`.
 */
export const missionsOpsCommands: Record<string, OpsCommand> = {
  'missions:list': {
    usage: 'missions:list [--brand <code>]',
    summary: "print the brand's missions, active or not",
    async run(args, options, deps, io) {
      if (args.length > 0) return usageError(io, 'missions:list');
      return printJson(io, await admin(deps).list(await brandOf(deps, options.brand)));
    },
  },
  'missions:set': {
    usage:
      'missions:set <code> --period daily|weekly --kind rounds|turnover|deposit|new_game --target <n|amount> ' +
      '--reward <amount> --points <n> --title-en <t> --title-hi <t> [--sort <n>] [--active on|off]',
    summary: 'create or change a mission (money targets and rewards as amounts, e.g. 500 or 99.50)',
    async run(args, options, deps, io) {
      const [code, ...rest] = args;
      const found = optionsOf(rest, MISSION_OPTIONS);
      const need = ['period', 'kind', 'target', 'reward', 'points', 'title-en', 'title-hi'];
      if (!code || !found || need.some((name) => !found.has(name))) return usageError(io, 'missions:set');
      const active = found.get('active');
      if (active !== undefined && active !== 'on' && active !== 'off') return usageError(io, 'missions:set');
      const sort = found.get('sort');
      const row = await admin(deps).set(cliActor(await brandOf(deps, options.brand)), {
        code,
        period: found.get('period') as string,
        kind: found.get('kind') as string,
        target: found.get('target') as string,
        reward: found.get('reward') as string,
        points: found.get('points') as string,
        titleEn: found.get('title-en') as string,
        titleHi: found.get('title-hi') as string,
        ...(sort === undefined ? {} : { sort }),
        ...(active === undefined ? {} : { active: active === 'on' }),
      });
      return printJson(io, row);
    },
  },
  'referral:rule': {
    usage: 'referral:rule --share <percent> --min <amount> --cap <amount> [--brand <code>]',
    summary:
      "set the brand's referral rule: a share of each friend's first deposit of at least --min, capped",
    async run(args, options, deps, io) {
      const found = optionsOf(args, ['share', 'min', 'cap']);
      const share = found?.get('share');
      const min = found?.get('min');
      const cap = found?.get('cap');
      if (!share || !min || !cap) return usageError(io, 'referral:rule');
      const rule = await admin(deps).setReferralRule(cliActor(await brandOf(deps, options.brand)), {
        sharePercent: share,
        minDeposit: min,
        cap,
      });
      return printJson(io, rule);
    },
  },
};

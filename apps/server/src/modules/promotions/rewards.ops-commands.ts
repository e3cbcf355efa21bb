import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { cliActor, printJson } from '../../ops/operator-cli.ts';
import type { OpsCommand, OpsDeps } from '../../ops/ops-command.ts';
import { usageError } from '../../ops/ops-command.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { RewardsRepository } from './rewards.repository.ts';
import { RewardsService } from './rewards.service.ts';

/** `--name value` pairs of a command; null when an argument is not one of `allowed` or has no value. */
function flagsOf(args: readonly string[], allowed: readonly string[]): Map<string, string> | null {
  const flags = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index] as string;
    const value = args[index + 1];
    if (!name.startsWith('--') || !allowed.includes(name.slice(2)) || value === undefined) return null;
    flags.set(name.slice(2), value);
  }
  return flags;
}

async function brandIdOf(deps: OpsDeps, code: string | undefined): Promise<bigint> {
  if (code === undefined || code === '') return (await deps.system.resolveBrand(null)).id;
  const id = await new RewardsRepository(deps.db).brandIdByCode(code);
  if (id === undefined) throw new AppError('brand_not_found', { message: `no brand with code "${code}"` });
  return id;
}

const DAY_MS = 86_400_000;

/**
 * The reward centre's CLI command (docs/api.md "Reward centre"): grants a reward through the same service as
 * `POST /wps/ops/rewards`, acting as `operator:cli` (audit `reward.granted` with `via: 'cli'`).
 */
export const rewardOpsCommands: Record<string, OpsCommand> = {
  'reward:grant': {
    usage: 'reward:grant --member <m> --amount <a> --title-en <t> --title-hi <t> [--expires-in-days <n>]',
    summary:
      "grant a member a reward to claim in the reward centre (credited from the brand's bonus account)",
    async run(args, options, deps, io) {
      const flags = flagsOf(args, ['member', 'amount', 'title-en', 'title-hi', 'expires-in-days']);
      const username = flags?.get('member');
      const amount = flags?.get('amount');
      const titleEn = flags?.get('title-en');
      const titleHi = flags?.get('title-hi');
      if (!flags || !username || !amount || !titleEn || !titleHi) return usageError(io, 'reward:grant');
      const days = flags.get('expires-in-days');
      if (days !== undefined && !/^[1-9][0-9]{0,3}$/.test(days)) {
        throw new AppError('field_invalid', {
          message: '--expires-in-days must be a whole number from 1 to 9999',
        });
      }
      const service = new RewardsService({
        db: deps.db,
        ledger: createLedgerModule({ db: deps.db }).api,
        clock: systemClock,
      });
      const now = systemClock.now();
      const result = await service.grant(
        cliActor(await brandIdOf(deps, options.brand)),
        {
          username,
          amount,
          titleEn,
          titleHi,
          expiresAt: days === undefined ? null : new Date(now.getTime() + Number(days) * DAY_MS),
        },
        // One run of the command is one intent: typed twice, it grants twice.
        `cli-${randomUUID()}`,
      );
      return printJson(io, result);
    },
  },
};

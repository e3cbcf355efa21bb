import { depositStatusSchema } from '@lotus/shared/deposits.schema';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { cliActor, idArg, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { createRafflesModule } from '../raffles/raffles-module.ts';
import { DepositsRepository } from './deposits.repository.ts';
import { type DepositDecider, DepositsService } from './deposits.service.ts';

/**
 * The operator CLI's deposit commands (docs/wallet-contract.md "Back office"): the same service as the
 * back-office API, acting as `operator:cli` (audited with `operatorId: null, detail.via: 'cli'`). Gateway
 * adapters are not needed to list or decide, so none is configured here.
 */

const LIST_LIMIT = 100;

function serviceOf(deps: OpsDeps): { service: DepositsService; repository: DepositsRepository } {
  const repository = new DepositsRepository(deps.db);
  const service = new DepositsService({
    db: deps.db,
    repository,
    ledger: createLedgerModule({ db: deps.db }).api,
    gateways: new Map(),
    // A deposit the CLI approves grants raffle tickets as one approved through the API does.
    creditHooks: [createRafflesModule({ db: deps.db, clock: systemClock }).api.depositCreditedIn],
  });
  return { service, repository };
}

async function cliDecider(
  repository: DepositsRepository,
  brand: string | undefined,
): Promise<DepositDecider> {
  const brandId = await repository.brandIdByCode(brand);
  if (brandId === undefined)
    throw new AppError('brand_not_found', { message: `no brand ${brand ?? '(default)'}` });
  return cliActor(brandId);
}

export const depositOpsCommands: Record<string, OpsCommand> = {
  'deposit:list': {
    usage: 'deposit:list [pending|approved|rejected|failed] [--brand <code>]',
    summary: `print the newest deposits (at most ${LIST_LIMIT}), all statuses unless one is given`,
    async run(args, options, deps, io) {
      const [statusArg] = args;
      const status = statusArg === undefined ? undefined : depositStatusSchema.safeParse(statusArg);
      if (args.length > 1 || (status && !status.success)) return usageError(io, 'deposit:list');
      const { service, repository } = serviceOf(deps);
      const decider = await cliDecider(repository, options.brand);
      const result = await service.operatorList(decider.brandId, {
        pageNo: 1,
        pageSize: LIST_LIMIT,
        ...(status?.success ? { status: status.data } : {}),
      });
      return printJson(io, result);
    },
  },
  'deposit:approve': {
    usage: 'deposit:approve <id> [--brand <code>]',
    summary: "approve a pending deposit: credit the member's main wallet",
    async run(args, options, deps, io) {
      const id = idArg(args[0]);
      if (id === null || args.length !== 1) return usageError(io, 'deposit:approve');
      const { service, repository } = serviceOf(deps);
      const { deposit } = await service.approve(await cliDecider(repository, options.brand), id, null);
      io.out(`deposit ${deposit.id}: approved, ${deposit.amount} credited to ${deposit.member.username}`);
      return 0;
    },
  },
  'deposit:reject': {
    usage: 'deposit:reject <id> <reason> [--brand <code>]',
    summary: 'reject a pending deposit with a reason the member sees',
    async run(args, options, deps, io) {
      const [idText, ...words] = args;
      const id = idArg(idText);
      const reason = reasonArg(words);
      if (id === null || reason === null) return usageError(io, 'deposit:reject');
      const { service, repository } = serviceOf(deps);
      const { deposit } = await service.reject(await cliDecider(repository, options.brand), id, reason, null);
      io.out(`deposit ${deposit.id}: rejected (${reason})`);
      return 0;
    },
  },
};

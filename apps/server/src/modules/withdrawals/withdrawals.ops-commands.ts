import { randomUUID } from 'node:crypto';
import { opsWithdrawalsQuerySchema } from '@lotus/shared/withdrawals.schema';
import { cliActor as actorOf, idArg, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { WithdrawPasswordService } from './withdraw-password.service.ts';
import { type WithdrawalActor, WithdrawalsService } from './withdrawals.service.ts';

/**
 * The withdrawal desk from the command line (docs/wallet-contract.md "Back office"), acting as
 * `operator:cli` through the same service as the back-office routes; every action is audited with
 * `operatorId: null` and `detail.via: 'cli'`. Each run is its own intent (a fresh idempotency key): running
 * `withdrawal:pay` twice pays once and the second answers `withdrawal_not_pending`.
 */

function serviceOf(deps: OpsDeps): WithdrawalsService {
  const ledger = createLedgerModule({ db: deps.db }).api;
  return new WithdrawalsService({ db: deps.db, ledger, passwords: new WithdrawPasswordService(deps.db) });
}

async function cliActor(service: WithdrawalsService, brand: string | undefined): Promise<WithdrawalActor> {
  return actorOf(await service.cliBrandId(brand));
}

export const withdrawalOpsCommands: Record<string, OpsCommand> = {
  'withdrawal:list': {
    usage: 'withdrawal:list [pending|paid|rejected|awaiting|investigation] [--brand <code>]',
    summary: 'print the newest withdrawals (up to 200), optionally of one status',
    async run(args, options, deps, io) {
      const query = opsWithdrawalsQuerySchema.safeParse({ status: args[0], pageSize: 200 });
      if (args.length > 1 || !query.success) return usageError(io, 'withdrawal:list');
      const service = serviceOf(deps);
      return printJson(io, await service.opsList(await service.cliBrandId(options.brand), query.data));
    },
  },
  'withdrawal:pay': {
    usage: 'withdrawal:pay <id> [--brand <code>]',
    summary: 'mark a pending withdrawal paid out (the held amount leaves the wallet)',
    async run(args, options, deps, io) {
      const id = idArg(args[0]);
      if (args.length !== 1 || id === null) return usageError(io, 'withdrawal:pay');
      const service = serviceOf(deps);
      const result = await service.pay(await cliActor(service, options.brand), id, randomUUID());
      return printJson(io, result.withdrawal);
    },
  },
  'withdrawal:reject': {
    usage: 'withdrawal:reject <id> <reason> [--brand <code>]',
    summary: 'reject a pending withdrawal (the held amount is released); the member sees the reason',
    async run(args, options, deps, io) {
      const [idText, ...words] = args;
      const id = idArg(idText);
      const reason = reasonArg(words);
      if (id === null || reason === null) return usageError(io, 'withdrawal:reject');
      const service = serviceOf(deps);
      const actor = await cliActor(service, options.brand);
      return printJson(io, (await service.reject(actor, id, randomUUID(), reason)).withdrawal);
    },
  },
  'withdrawal:investigation': {
    usage: 'withdrawal:investigation <id> refund|paid <reason> [--brand <code>]',
    summary: 'close a receipt investigation: refund the unreceived part, or hold that it was paid',
    async run(args, options, deps, io) {
      const [idText, outcome, ...words] = args;
      const id = idArg(idText);
      const reason = reasonArg(words);
      if (id === null || (outcome !== 'refund' && outcome !== 'paid') || reason === null) {
        return usageError(io, 'withdrawal:investigation');
      }
      const service = serviceOf(deps);
      const actor = await cliActor(service, options.brand);
      const result = await service.closeInvestigation(actor, id, randomUUID(), outcome, reason);
      return printJson(io, result.withdrawal);
    },
  },
  'withdrawal:auto-receipt': {
    usage: 'withdrawal:auto-receipt',
    summary: 'count every awaited receipt past its deadline as received (the server does this every minute)',
    async run(args, _options, deps, io) {
      if (args.length > 0) return usageError(io, 'withdrawal:auto-receipt');
      const changed = await serviceOf(deps).autoReceiptDue();
      io.out(`auto_received: ${changed}`);
      return 0;
    },
  },
};

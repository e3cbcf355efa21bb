import {
  CONTRACT_KINDS,
  type ContractKind,
  operatorContractsQuery,
  operatorTopContractBody,
} from '@lotus/shared/agent-contracts.schema';
import { systemClock } from '../../lib/clock.ts';
import { CLI_IP, idArg, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { createAttemptGatesModule } from '../attempt-gates/attempt-gates-module.ts';
import type { JobsApi } from '../jobs/jobs-api.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { createOperatorsModule } from '../operators/operators-module.ts';
import { agentContractsServices } from './agent-contracts-module.ts';

/**
 * The back office's agent contracts from the command line (issue 18 "Operator side"): set a top agent's
 * contract, list and show contracts with their settlements, end one, re-run a period. The CLI acts as
 * `operator:cli` (audit rows with `detail.via: 'cli'`) through the same services as the API.
 */

/** The CLI settles (re-runs) in its own process and never plans: the server's planner queues the jobs. */
const noQueue: JobsApi = {
  enqueue: () => Promise.reject(new Error('the operator CLI does not queue settlement jobs')),
};

function servicesFor(deps: OpsDeps) {
  const jobs = noQueue;
  const services = agentContractsServices({ db: deps.db, clock: systemClock, jobs });
  const brandIdOf = (code: string | undefined) =>
    createOperatorsModule({
      db: deps.db,
      clock: systemClock,
      gates: createAttemptGatesModule({ db: deps.db }).api,
      ledger: createLedgerModule({ db: deps.db }).api,
      resolveBrandByHost: (host) => deps.system.resolveBrand(host),
    }).api.brandIdOf(code);
  return { ...services, brandIdOf };
}

const isKind = (value: string | undefined): value is ContractKind =>
  (CONTRACT_KINDS as readonly string[]).includes(value ?? '');

const cliOperator = (brandId: bigint, reason: string) =>
  ({ by: 'operator', brandId, operatorId: null, ip: CLI_IP, reason }) as const;

export const agentContractOpsCommands: Record<string, OpsCommand> = {
  'contracts:set-top': {
    usage:
      'contracts:set-top <username> <dividend|daily_salary|hourly_salary|realtime_salary> <rate%> [--period daily|weekly|semimonthly|monthly] <reason> [--brand <code>]',
    summary: "set a top agent's contract with the brand as upline (accepted at once; audited)",
    async run(args, options, deps, io) {
      const [username, kind, rate, ...rest] = args;
      let period: string | undefined;
      const periodAt = rest.indexOf('--period');
      if (periodAt >= 0) {
        period = rest[periodAt + 1];
        rest.splice(periodAt, 2);
      }
      const reason = reasonArg(rest);
      const body = operatorTopContractBody.safeParse({ rate, reason, ...(period ? { period } : {}) });
      if (username === undefined || !isKind(kind) || !body.success)
        return usageError(io, 'contracts:set-top');
      const { contracts, brandIdOf } = servicesFor(deps);
      const brandId = await brandIdOf(options.brand);
      return printJson(
        io,
        await contracts.setTop(cliOperator(brandId, body.data.reason), username, kind, body.data),
      );
    },
  },
  'contracts:list': {
    usage: 'contracts:list [<username part>] [--brand <code>]',
    summary: 'list the newest 100 contracts of the brand (either party matching the name when given)',
    async run(args, options, deps, io) {
      if (args.length > 1) return usageError(io, 'contracts:list');
      const filter = operatorContractsQuery.parse({
        pageSize: 100,
        ...(args[0] ? { username: args[0] } : {}),
      });
      const { operators, brandIdOf } = servicesFor(deps);
      return printJson(io, await operators.page(await brandIdOf(options.brand), filter));
    },
  },
  'contracts:show': {
    usage: 'contracts:show <contract id> [--brand <code>]',
    summary: 'print a contract and its settlements',
    async run(args, options, deps, io) {
      const id = idArg(args[0]);
      if (id === null || args.length !== 1) return usageError(io, 'contracts:show');
      const { operators, brandIdOf } = servicesFor(deps);
      return printJson(io, await operators.detail(await brandIdOf(options.brand), id));
    },
  },
  'contracts:end': {
    usage: 'contracts:end <contract id> <reason> [--brand <code>]',
    summary: 'end a contract (or withdraw an offer); the contracts below it of its kind end too',
    async run(args, options, deps, io) {
      const [first, ...words] = args;
      const id = idArg(first);
      const reason = reasonArg(words);
      if (id === null || reason === null) return usageError(io, 'contracts:end');
      const { contracts, brandIdOf } = servicesFor(deps);
      return printJson(
        io,
        await contracts.operatorEnd(cliOperator(await brandIdOf(options.brand), reason), id),
      );
    },
  },
  'contracts:rerun': {
    usage: 'contracts:rerun <contract id> <period start, e.g. 2026-11-26T00:00:00Z> [--brand <code>]',
    summary: 'recompute one settled period; a difference is posted as an adjusting entry',
    async run(args, options, deps, io) {
      const [first, start] = args;
      const id = idArg(first);
      if (id === null || start === undefined || args.length !== 2 || Number.isNaN(Date.parse(start))) {
        return usageError(io, 'contracts:rerun');
      }
      const { operators, brandIdOf } = servicesFor(deps);
      const actor = cliOperator(await brandIdOf(options.brand), 'rerun');
      return printJson(io, await operators.rerun(actor, id, new Date(start)));
    },
  },
};

import type { MemberStatusColumn } from '../../db/tables/accounts.ts';
import { systemClock } from '../../lib/clock.ts';
import { CLI_IP, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { createAttemptGatesModule } from '../attempt-gates/attempt-gates-module.ts';
import { createAccessRevoker } from '../auth/auth-module.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { createOperatorsModule } from '../operators/operators-module.ts';
import { MEMBER_STATUSES, MemberStatusService } from './member-status.service.ts';

/**
 * `member:status`: an operator locks, disables or re-activates a member from the command line. Locking and
 * disabling end the member's sessions, remember-me tokens and games at once (MemberStatusService), audited
 * `member.status_changed` with `operatorId: null` and `detail.via: 'cli'`.
 */

function isStatus(value: string): value is MemberStatusColumn {
  return (MEMBER_STATUSES as readonly string[]).includes(value);
}

export const memberOpsCommands: Record<string, OpsCommand> = {
  'member:status': {
    usage: 'member:status <username> <active|locked|disabled> [<reason>] [--brand <code>]',
    summary:
      "set a member's status; locked / disabled end its sessions, remember-me tokens and games at once",
    async run(args, options, deps: OpsDeps, io) {
      const [username, status, ...reasonWords] = args;
      if (username === undefined || status === undefined || !isStatus(status)) {
        return usageError(io, 'member:status');
      }
      const brandId = await createOperatorsModule({
        db: deps.db,
        clock: systemClock,
        gates: createAttemptGatesModule({ db: deps.db }).api,
        ledger: createLedgerModule({ db: deps.db }).api,
        resolveBrandByHost: (host) => deps.system.resolveBrand(host),
      }).api.brandIdOf(options.brand);
      const service = new MemberStatusService(
        deps.db,
        createAccessRevoker({ db: deps.db, clock: systemClock }),
      );
      const result = await service.setStatus(
        { brandId, operatorId: null, ip: CLI_IP, via: 'cli' },
        username,
        status,
        reasonArg(reasonWords),
      );
      return printJson(io, result);
    },
  },
};

import { operatorLimitBody } from '@lotus/shared/player-protection.schema';
import { systemClock } from '../../lib/clock.ts';
import { CLI_IP, printJson, reasonArg } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { createAttemptGatesModule } from '../attempt-gates/attempt-gates-module.ts';
import { createAccessRevoker } from '../auth/auth-module.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { MemberAccounts } from '../members/member-accounts.ts';
import { createOperatorsModule } from '../operators/operators-module.ts';
import { playerProtectionServices } from './player-protection-module.ts';

/**
 * The back office's player protection from the command line (issue 17 "Operator side"): `protection:show`
 * prints a player's limits, every limit version and the exclusions; `protection:exclude` adds an operator
 * exclusion with a reason (audited with `by: 'cli'`, every session of the player ends). Neither lowers a
 * limit nor shortens an exclusion: the CLI has no such command, as the API has no such route.
 */

function servicesFor(deps: OpsDeps) {
  const services = playerProtectionServices({
    db: deps.db,
    clock: systemClock,
    revocation: createAccessRevoker({ db: deps.db, clock: systemClock }),
    findMember: (brandId, username) => new MemberAccounts(deps.db).findByUsername(brandId, username),
  });
  const brandIdOf = (code: string | undefined) =>
    createOperatorsModule({
      db: deps.db,
      clock: systemClock,
      gates: createAttemptGatesModule({ db: deps.db }).api,
      ledger: createLedgerModule({ db: deps.db }).api,
      resolveBrandByHost: (host) => deps.system.resolveBrand(host),
    }).api.brandIdOf(code);
  return { operators: services.operators, brandIdOf };
}

export const protectionOpsCommands: Record<string, OpsCommand> = {
  'protection:show': {
    usage: 'protection:show <username> [--brand <code>]',
    summary: "print a player's limits (with every version), reality check and exclusions",
    async run(args, options, deps, io) {
      const [username] = args;
      if (username === undefined || args.length !== 1) return usageError(io, 'protection:show');
      const { operators, brandIdOf } = servicesFor(deps);
      return printJson(io, await operators.view(await brandIdOf(options.brand), username));
    },
  },
  'protection:limit': {
    usage:
      'protection:limit <username> <deposit|loss|wager|session> <day|week|month|session> <amount|minutes> <reason> [--brand <code>]',
    summary: 'set a stricter limit for a player (new, or lower than theirs; never higher or removed)',
    async run(args, options, deps, io) {
      const [username, kind, period, amount, ...reasonWords] = args;
      const reason = reasonArg(reasonWords);
      const body = operatorLimitBody.safeParse({ kind, period, amount, reason });
      if (username === undefined || !body.success) return usageError(io, 'protection:limit');
      const { operators, brandIdOf } = servicesFor(deps);
      const operator = {
        brandId: await brandIdOf(options.brand),
        operatorId: null,
        username: null,
        ip: CLI_IP,
      };
      return printJson(io, await operators.tighten(operator, username, body.data));
    },
  },
  'protection:exclude': {
    usage: 'protection:exclude <username> <never|YYYY-MM-DDTHH:MM:SSZ> <reason> [--brand <code>]',
    summary: "exclude a player (operator exclusion, audited); ends every session; 'never' has no end",
    async run(args, options, deps, io) {
      const [username, until, ...reasonWords] = args;
      const reason = reasonArg(reasonWords);
      const endsAt = until === 'never' ? undefined : until;
      if (
        username === undefined ||
        until === undefined ||
        reason === null ||
        (endsAt !== undefined && Number.isNaN(Date.parse(endsAt)))
      ) {
        return usageError(io, 'protection:exclude');
      }
      const { operators, brandIdOf } = servicesFor(deps);
      const made = await operators.exclude(
        { brandId: await brandIdOf(options.brand), operatorId: null, username: null, ip: CLI_IP },
        username,
        { reason, ...(endsAt === undefined ? {} : { endsAt: new Date(endsAt).toISOString() }) },
      );
      return printJson(io, made);
    },
  },
};

import { randomBytes, randomUUID } from 'node:crypto';
import type { OperatorRole } from '../../db/tables/wallet-operations.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { cliActor, printJson, recordCliAction } from '../../ops/operator-cli.ts';
import { json, type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { createAttemptGatesModule } from '../attempt-gates/attempt-gates-module.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { OPERATOR_ROLES, type OperatorActor, type OperatorsService } from './operators.service.ts';
import { createOperatorsModule } from './operators-module.ts';

/**
 * The operator module's CLI commands (docs/wallet-contract.md "Back office"): operator accounts and the
 * wallet's adjust / balance. The CLI acts as `operator:cli`: audit rows carry operatorId null and
 * `detail.via = 'cli'`, money calls the idempotency scope `operator:cli:<call>`.
 */

export const OPERATOR_PASSWORD_ENV = 'LOTUS_OPERATOR_PASSWORD';

function serviceOf(deps: OpsDeps): OperatorsService {
  return createOperatorsModule({
    db: deps.db,
    clock: systemClock,
    gates: createAttemptGatesModule({ db: deps.db }).api,
    ledger: createLedgerModule({ db: deps.db }).api,
    resolveBrandByHost: (host) => deps.system.resolveBrand(host),
  }).api;
}

function isRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

export const operatorOpsCommands: Record<string, OpsCommand> = {
  'operator:create': {
    usage: 'operator:create <username> <admin|finance|support> [--brand <code>]',
    summary: `add a back-office operator; password from ${OPERATOR_PASSWORD_ENV}, else generated and printed once`,
    async run(args, options, deps, io) {
      const [username, role] = args;
      if (username === undefined || role === undefined || args.length !== 2) {
        return usageError(io, 'operator:create');
      }
      if (!isRole(role)) {
        throw new AppError('field_invalid', { message: `role must be one of ${OPERATOR_ROLES.join(', ')}` });
      }
      const service = serviceOf(deps);
      const brandId = await service.brandIdOf(options.brand);
      const given = process.env[OPERATOR_PASSWORD_ENV];
      const password = given && given.length > 0 ? given : randomBytes(15).toString('base64url');
      const operator = await service.create(brandId, username, role, password);
      await recordCliAction(deps.db, {
        brandId,
        action: 'operator.created',
        detail: { operator: operator.username, operatorRef: operator.id, role },
      });
      io.out(json({ id: operator.id, username: operator.username, role: operator.role, brandId }));
      // Shown once: only its scrypt hash is stored.
      if (!given) io.out(`password: ${password}`);
      return 0;
    },
  },
  'operator:disable': {
    usage: 'operator:disable <username> [--brand <code>]',
    summary: 'disable an operator and end its sessions at once',
    async run(args, options, deps, io) {
      const [username] = args;
      if (username === undefined || args.length !== 1) return usageError(io, 'operator:disable');
      const service = serviceOf(deps);
      const brandId = await service.brandIdOf(options.brand);
      const changed = await service.disable(brandId, username);
      if (changed) {
        await recordCliAction(deps.db, {
          brandId,
          action: 'operator.disabled',
          detail: { operator: username },
        });
      }
      io.out(changed ? `${username}: disabled` : `${username}: already disabled`);
      return 0;
    },
  },
  'wallet:adjust': {
    usage: 'wallet:adjust <member> <amount> <reason> [--brand <code>]',
    summary: "credit (100) or debit (-50.00) a member's main wallet against the house, with a reason",
    async run(args, options, deps, io) {
      // The reason may be typed unquoted: every word after the amount belongs to it.
      const [username, amount, ...reasonWords] = args;
      if (username === undefined || amount === undefined || reasonWords.length === 0) {
        return usageError(io, 'wallet:adjust');
      }
      const service = serviceOf(deps);
      const actor: OperatorActor = cliActor(await service.brandIdOf(options.brand));
      // One run of the command is one intent: a fresh key, so the same adjustment typed twice happens twice.
      const result = await service.adjust(
        actor,
        { username, amount, reason: reasonWords.join(' ') },
        `cli-${randomUUID()}`,
      );
      return printJson(io, result);
    },
  },
  'wallet:balance': {
    usage: 'wallet:balance <member> [--brand <code>]',
    summary: "print a member's main wallet: booked, on hold and available",
    async run(args, options, deps, io) {
      const [username] = args;
      if (username === undefined || args.length !== 1) return usageError(io, 'wallet:balance');
      const service = serviceOf(deps);
      return printJson(io, await service.memberBalance(await service.brandIdOf(options.brand), username));
    },
  },
};

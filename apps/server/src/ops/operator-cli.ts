import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AuditRepository } from '../modules/audit/audit.repository.ts';
import { json, type OpsIo } from './ops-command.ts';

/**
 * What the back-office commands of the operator CLI share (docs/wallet-contract.md "Back office"): the CLI
 * acts as `operator:cli`, so its audit rows carry `operatorId: null` and `detail.via: 'cli'`, and its
 * arguments are plain words that are checked here before any service is called.
 */

/** Where a CLI action is recorded as coming from (audit_log.ip is required; the CLI has no address). */
export const CLI_IP = 'cli';

/** A database id as typed: a positive integer that fits a bigint column. */
export const POSITIVE_ID = /^[1-9][0-9]{0,17}$/;

/** The actor of a back-office decision made from the CLI, for the service calls that take one. */
export function cliActor(brandId: bigint): { brandId: bigint; operatorId: null; ip: string } {
  return { brandId, operatorId: null, ip: CLI_IP };
}

/** Audits a CLI action that no service audits itself (operator accounts). */
export async function recordCliAction(
  db: Kysely<Database>,
  action: { brandId: bigint; action: string; detail: Record<string, unknown> },
): Promise<void> {
  await new AuditRepository(db).record({
    brandId: action.brandId,
    operatorId: null,
    memberId: null,
    action: action.action,
    ip: CLI_IP,
    detail: { via: 'cli', ...action.detail },
  });
}

/** The id argument as a bigint, or null when it is missing or malformed (the command prints its usage). */
export function idArg(value: string | undefined, pattern: RegExp = POSITIVE_ID): bigint | null {
  return value !== undefined && pattern.test(value) ? BigInt(value) : null;
}

/** The words after the fixed arguments, as one reason (it may be typed unquoted); null when blank. */
export function reasonArg(words: readonly string[]): string | null {
  const reason = words.join(' ').trim();
  return reason === '' ? null : reason;
}

/** Prints a command's result as JSON (bigints as strings) and answers the success exit code. */
export function printJson(io: OpsIo, value: unknown): number {
  io.out(json(value));
  return 0;
}

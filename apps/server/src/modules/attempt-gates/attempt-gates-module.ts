import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AttemptCounter } from '../../lib/attempt-gate.ts';
import { AttemptGates } from './attempt-gates.ts';

/**
 * The counters of docs/api.md "Attempt limits" and "Limits": in front of secrets (login, passwords) and of
 * actions that cost something (feedback tickets, accounts made per IP, SMS sends). One per app, shared by
 * the modules that gate something; atomic across processes. No routes.
 */
export function createAttemptGatesModule(deps: { db: Kysely<Database> }): { api: AttemptCounter } {
  return { api: new AttemptGates(deps.db) };
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { sealAuditLog } from './audit-sealer.ts';

export const AUDIT_SEAL_JOB = 'audit.seal';

export type AuditModuleDeps = {
  db: Kysely<Database>;
  /** How often the job seals what was appended (`AUDIT_SEAL_INTERVAL_MS`, docs/configuration.md). */
  sealEveryMs: number;
};

/**
 * The audit log's background work (docs/database.md "Sealed audit log"): appends are free (no shared lock) and
 * arrive unsealed; the `audit.seal` job chains and seals them every few seconds, so the window in which a
 * row is not yet tamper-evident stays that short. The one writer is `AuditRepository`, which each module
 * builds on its own transaction; no routes.
 */
export function createAuditModule(deps: AuditModuleDeps): { jobs: JobSpec[] } {
  return {
    jobs: [{ name: AUDIT_SEAL_JOB, everyMs: deps.sealEveryMs, run: () => sealAuditLog(deps.db) }],
  };
}

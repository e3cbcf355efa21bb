import { printJson } from '../../ops/operator-cli.ts';
import { type OpsCommand, usageError } from '../../ops/ops-command.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { sealAuditLog } from './audit-sealer.ts';

/**
 * `audit:seal` seals what was appended since the last seal (what the `audit.seal` job does every few
 * seconds), so a following `audit:verify` covers every row up to now. `audit:verify` checks the sealed
 * chain; exit code 1 when it no longer holds (for cron/alerts).
 */
export const auditOpsCommands: Record<string, OpsCommand> = {
  'audit:seal': {
    usage: 'audit:seal',
    summary:
      'seal the audit rows appended since the last seal now (the audit.seal job does it every few seconds)',
    async run(args, _options, deps, io) {
      if (args.length > 0) return usageError(io, 'audit:seal');
      // Unbounded, unlike the job's run: the operator wants everything committed so far sealed before verifying.
      return printJson(io, await sealAuditLog(deps.db, { maxSeals: Number.POSITIVE_INFINITY }));
    },
  },
  'audit:verify': {
    usage: 'audit:verify',
    summary:
      'check the sealed hash chain of the audit log (rows and seals); prints the problems and the count of rows ' +
      'not sealed yet, and exits 1 if a sealed row or a seal was altered or removed',
    async run(args, _options, deps, io) {
      if (args.length > 0) return usageError(io, 'audit:verify');
      const report = await verifyAuditChain(deps.db);
      printJson(io, report);
      return report.ok ? 0 : 1;
    },
  },
};

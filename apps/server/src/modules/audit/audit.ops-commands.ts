import { printJson } from '../../ops/operator-cli.ts';
import { type OpsCommand, usageError } from '../../ops/ops-command.ts';
import { verifyAuditChain } from './audit-chain.ts';

/** `audit:verify`: walks the hash-chained audit log; exit code 1 when it no longer holds (for cron/alerts). */
export const auditOpsCommands: Record<string, OpsCommand> = {
  'audit:verify': {
    usage: 'audit:verify',
    summary:
      'check the hash chain of the audit log; prints the problems and exits 1 if a row was altered or removed',
    async run(args, _options, deps, io) {
      if (args.length > 0) return usageError(io, 'audit:verify');
      const report = await verifyAuditChain(deps.db);
      printJson(io, report);
      return report.ok ? 0 : 1;
    },
  },
};

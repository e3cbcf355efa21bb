import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { LedgerApi } from '../ledger/ledger-module.ts';
import { WithdrawPasswordService } from './withdraw-password.service.ts';
import { withdrawalsRoutes } from './withdrawals.routes.ts';
import { WithdrawalsService } from './withdrawals.service.ts';

/**
 * How often the job queue turns awaited receipts past their deadline into `auto_received`.
 *
 * Reads never write: the member's and the desk's lists show what is stored, so between a deadline and the
 * next sweep a receipt still reads `awaiting` for at most this long. Answering it in that window is refused
 * all the same (`withdrawal_not_awaiting_receipt`: the deadline, not the sweep, closes the answer), so what
 * a member can do is always right; 15 s against a deadline counted in minutes keeps what they see right too.
 */
export const AUTO_RECEIPT_INTERVAL_MS = 15_000;
export const AUTO_RECEIPT_JOB = 'withdrawals.auto-receipt';

export type WithdrawalsModuleDeps = {
  db: Kysely<Database>;
  ledger: LedgerApi;
  clock: Clock;
};

/**
 * What other modules use of withdrawals: the payment password (the wallet's transfers ask for it too) and
 * the sweep itself (the operator CLI's `withdrawal:auto-receipt`).
 */
export type WithdrawalsApi = {
  paymentPassword: Pick<WithdrawPasswordService, 'verify'>;
  autoReceiptDue: WithdrawalsService['autoReceiptDue'];
};

/**
 * Withdrawals (docs/wallet-contract.md "Withdrawals"): member requests, receipts and the back-office desk;
 * the auto-receipt sweep runs on the job queue (docs/jobs.md).
 */
export function createWithdrawalsModule(deps: WithdrawalsModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: WithdrawalsApi;
  jobs: JobSpec[];
} {
  const passwords = new WithdrawPasswordService(deps.db, deps.clock);
  const service = new WithdrawalsService({ ...deps, passwords });
  return {
    routes: withdrawalsRoutes(service),
    api: { paymentPassword: passwords, autoReceiptDue: (now) => service.autoReceiptDue(now) },
    jobs: [
      {
        name: AUTO_RECEIPT_JOB,
        everyMs: AUTO_RECEIPT_INTERVAL_MS,
        run: ({ now }) => service.autoReceiptDue(now),
      },
    ],
  };
}

import type {
  InvestigationOutcome,
  OpsWithdrawalList,
  OpsWithdrawalsQuery,
  OpsWithdrawalView,
} from '@lotus/shared/withdrawals.schema';
import type { WithdrawalRow } from '../../db/tables/wallet-operations.ts';
import { AppError } from '../../lib/app-error.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { pageOf, pageWindow } from '../../lib/pages.ts';
import {
  actorName,
  checkReason,
  detailOrThrow,
  type WithdrawalActor,
  type WithdrawalRepositories,
  type WithdrawalsContext,
} from './withdrawal-unit.ts';
import { opsWithdrawalView } from './withdrawal-views.ts';

type Decision = (row: WithdrawalRow, now: Date, repos: WithdrawalRepositories) => Promise<void>;

/**
 * The back office's side: the desk's list, and the decisions on a withdrawal — pay it out (the hold is
 * posted to withdrawals clearing), reject it (the hold is voided), close an investigation the member's
 * receipt opened (refund the unreceived part, or hold that it was paid).
 */
export class WithdrawalReviewService {
  readonly #ctx: WithdrawalsContext;

  constructor(context: WithdrawalsContext) {
    this.#ctx = context;
  }

  async opsList(brandId: bigint, query: OpsWithdrawalsQuery): Promise<OpsWithdrawalList> {
    // Reads never write: the auto-receipt sweep runs on the job queue (docs/jobs.md).
    const { rows, total } = await this.#ctx.reads.opsPage(brandId, query.status, pageWindow(query));
    return pageOf(rows.map(opsWithdrawalView), query, total);
  }

  /**
   * One back-office decision: idempotent per actor, call and key (`operator:<id>:withdrawal.<call>`), made on
   * the locked withdrawal of the actor's brand, answering the withdrawal as the desk then sees it.
   */
  async #decide(
    actor: WithdrawalActor,
    call: string,
    key: string,
    request: { id: bigint } & Record<string, unknown>,
    decision: Decision,
  ): Promise<{ withdrawal: OpsWithdrawalView }> {
    const scope = `${actorName(actor)}:withdrawal.${call}`;
    const { value } = await runIdempotent(this.#ctx.uow, { scope, key, request }, async (repos) => {
      const now = this.#ctx.clock.now();
      const row = await repos.withdrawals.lockWithdrawal(request.id);
      if (!row || row.brand_id !== actor.brandId) throw new AppError('not_found');
      await decision(row, now, repos);
      return { withdrawal: opsWithdrawalView(await detailOrThrow(repos.withdrawals, request.id)) };
    });
    return value;
  }

  /**
   * Pays out: the hold moves from the member's wallet to withdrawals clearing in one `withdrawal` entry
   * (`withdrawal:<id>:pay`), and the receipt is awaited until now + the brand's receipt minutes.
   */
  async pay(actor: WithdrawalActor, id: bigint, key: string): Promise<{ withdrawal: OpsWithdrawalView }> {
    return this.#decide(
      actor,
      'pay',
      key,
      { id },
      async (row, now, { withdrawals, ledger, audit, protection }) => {
        if (row.status !== 'pending') throw new AppError('withdrawal_not_pending');
        const { entry } = await ledger.postHold({
          brandId: row.brand_id,
          holdId: row.hold_id,
          counter: { system: 'withdrawals_clearing' },
          idempotencyKey: `withdrawal:${id}:pay`,
          kind: 'withdrawal',
          memo: `Withdrawal ${id}`,
          createdBy: actorName(actor),
        });
        const { withdrawal_receipt_minutes: minutes } = await withdrawals.brandLimits(row.brand_id);
        await withdrawals.markPaid(id, {
          entryId: entry.entryId,
          decidedBy: actorName(actor),
          at: now,
          deadline: new Date(now.getTime() + minutes * 60_000),
        });
        // The player's activity counts a withdrawal when it is paid out — the moment the money leaves the
        // wallet for good — not when it is asked for (the request only holds it, and a rejection gives it
        // back). An exclusion never stops a payout: it is the player's own money going home (issue 17).
        await protection.record(row.member_id, now, { withdrawnMinor: row.amount_minor });
        await audit.record(
          auditOf(actor, row.member_id, 'withdrawal.paid', {
            withdrawalId: id,
            amountMinor: row.amount_minor,
            entryId: entry.entryId,
          }),
        );
      },
    );
  }

  /** Rejects a pending withdrawal with a reason the member sees; the hold is voided (money available again). */
  async reject(
    actor: WithdrawalActor,
    id: bigint,
    key: string,
    reasonText: string | undefined,
  ): Promise<{ withdrawal: OpsWithdrawalView }> {
    const reason = checkReason(reasonText);
    return this.#decide(
      actor,
      'reject',
      key,
      { id, reason },
      async (row, now, { withdrawals, ledger, audit }) => {
        if (row.status !== 'pending') throw new AppError('withdrawal_not_pending');
        await ledger.voidHold({ brandId: row.brand_id, holdId: row.hold_id });
        await withdrawals.markRejected(id, { reason, decidedBy: actorName(actor), at: now });
        await audit.record(
          auditOf(actor, row.member_id, 'withdrawal.rejected', {
            withdrawalId: id,
            amountMinor: row.amount_minor,
            reason,
          }),
        );
      },
    );
  }

  /**
   * Closes an open investigation. `refund` credits what the member did not receive back from withdrawals
   * clearing to the member's wallet (an `adjustment` entry `withdrawal:<id>:refund`); `paid` closes it
   * without money (the operator holds that the payout arrived).
   */
  async closeInvestigation(
    actor: WithdrawalActor,
    id: bigint,
    key: string,
    outcome: InvestigationOutcome,
    reasonText: string | undefined,
  ): Promise<{ withdrawal: OpsWithdrawalView }> {
    const reason = checkReason(reasonText);
    const request = { id, outcome, reason };
    return this.#decide(
      actor,
      'investigation',
      key,
      request,
      async (row, now, { withdrawals, ledger, audit }) => {
        if (row.investigation !== 'open') {
          throw new AppError('conflict', { message: `withdrawal ${id} has no open investigation` });
        }
        let refundedMinor = 0n;
        let entryId: bigint | null = null;
        if (outcome === 'refund') {
          refundedMinor = row.amount_minor - (row.received_minor ?? 0n);
          const wallet = await ledger.memberMainAccount(row.member_id);
          const entry = await ledger.post({
            brandId: row.brand_id,
            idempotencyKey: `withdrawal:${id}:refund`,
            kind: 'adjustment',
            memo: `Withdrawal ${id} refund: ${reason}`.slice(0, 500),
            createdBy: actorName(actor),
            postings: [
              { system: 'withdrawals_clearing', amountMinor: -refundedMinor },
              { accountId: wallet.id, amountMinor: refundedMinor },
            ],
          });
          entryId = entry.entryId;
        }
        await withdrawals.closeInvestigation(id, now);
        await audit.record(
          auditOf(actor, row.member_id, 'withdrawal.investigation_closed', {
            withdrawalId: id,
            outcome,
            reason,
            refundedMinor,
            entryId,
          }),
        );
      },
    );
  }

  /** The brand the CLI acts in (`--brand <code>` or the default brand). */
  async cliBrandId(code: string | undefined): Promise<bigint> {
    const id = await this.#ctx.reads.brandIdOf(code);
    if (id === null) throw new AppError('brand_not_found', { message: `no brand ${code ?? '(default)'}` });
    return id;
  }
}

/** The audit row of a decision; the CLI's (`operatorId` null) says so in `via`. */
function auditOf(actor: WithdrawalActor, memberId: bigint, action: string, detail: Record<string, unknown>) {
  return {
    brandId: actor.brandId,
    operatorId: actor.operatorId,
    memberId,
    action,
    ip: actor.ip,
    detail: actor.operatorId === null ? { ...detail, via: 'cli' } : detail,
  };
}

import { decimalToMinor } from '@lotus/shared/money';
import {
  RECEIPT_PROOF_MAX_BYTES,
  type ReceiptFields,
  type WithdrawalView,
} from '@lotus/shared/withdrawals.schema';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { requireImage } from '../feedback/image-sniff.ts';
import { detailOrThrow, type WithdrawalsContext } from './withdrawal-unit.ts';
import { withdrawalView } from './withdrawal-views.ts';

/** The receipt form as the route read and parsed it (its text fields against `receiptFieldsSchema`). */
export type ReceiptForm = { fields: ReceiptFields; proof: Buffer | null };

/**
 * After payout the member confirms what arrived, or the brand's time-out counts it as received
 * (`autoReceiptDue`). A "not received" or "partly received" answer opens an investigation an operator
 * closes (withdrawal-review.service.ts).
 */
export class WithdrawalReceiptsService {
  readonly #ctx: WithdrawalsContext;

  constructor(context: WithdrawalsContext) {
    this.#ctx = context;
  }

  /**
   * `POST /wps/member/withdrawals/:id/receipt`: the member's answer after payout, while the receipt is
   * awaited and before its deadline. `not_received` needs a proof image; `partly_received` a received
   * amount strictly between zero and the amount. Both open an investigation for what did not arrive.
   */
  async confirmReceipt(
    actor: Actor,
    id: bigint,
    key: string,
    form: ReceiptForm,
    ip = 'unknown',
  ): Promise<{ withdrawal: WithdrawalView }> {
    requireReal(actor);
    const { fields } = form;
    let proof: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null = null;
    if (form.proof) {
      if (form.proof.length > RECEIPT_PROOF_MAX_BYTES) throw new AppError('upload_too_large');
      proof = requireImage(form.proof);
    }
    if (fields.status === 'not_received' && !proof) throw new AppError('proof_required');
    // A form's empty input arrives as an empty field: the same as none.
    const receivedText = fields.receivedAmount?.trim() || undefined;
    if (fields.status !== 'partly_received' && receivedText !== undefined) {
      throw new AppError('received_amount_invalid');
    }
    let partly: bigint | null = null;
    if (fields.status === 'partly_received') {
      partly = decimalToMinor(receivedText ?? '');
      if (partly === null) throw new AppError('received_amount_invalid');
    }
    const request = {
      id,
      status: fields.status,
      received: partly,
      note: fields.note ?? null,
      proof: form.proof,
    };
    const scope = `member:${actor.memberId}:withdrawal.receipt`;
    const { value } = await runIdempotent(
      this.#ctx.uow,
      { scope, key, request },
      async ({ withdrawals, audit }) => {
        const now = this.#ctx.clock.now();
        const row = await withdrawals.lockWithdrawal(id);
        if (!row || row.member_id !== actor.memberId) throw new AppError('not_found');
        if (
          row.receipt_status !== 'awaiting' ||
          row.receipt_deadline === null ||
          row.receipt_deadline <= now
        ) {
          throw new AppError('withdrawal_not_awaiting_receipt');
        }
        if (partly !== null && partly >= row.amount_minor) throw new AppError('received_amount_invalid');
        const receivedMinor =
          fields.status === 'received'
            ? row.amount_minor
            : fields.status === 'not_received'
              ? 0n
              : (partly ?? 0n);
        const recorded = await withdrawals.recordReceipt(id, actor.memberId, {
          status: fields.status,
          receivedMinor,
          proof,
          note: fields.note ? fields.note : null,
          investigation: fields.status === 'received' ? null : 'open',
          at: now,
        });
        if (!recorded) throw new AppError('withdrawal_not_awaiting_receipt');
        // `withdrawal.received` / `.not_received` / `.partly_received`, with the answer it records.
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: `withdrawal.${fields.status}`,
          ip,
          detail: {
            by: 'member',
            withdrawalId: id,
            amountMinor: row.amount_minor,
            receivedMinor,
            proof: proof !== null,
          },
        });
        return { withdrawal: withdrawalView(await detailOrThrow(withdrawals, id)) };
      },
    );
    return value;
  }

  /** The receipt proof, to its owner (member) or to an operator of the brand; `not_found` otherwise. */
  async proof(
    who: { memberId: bigint } | { brandId: bigint },
    id: bigint,
  ): Promise<{ bytes: Buffer; type: 'image/png' | 'image/jpeg' }> {
    const row = await this.#ctx.reads.proofOf(id);
    const allowed =
      row !== undefined &&
      ('memberId' in who ? row.member_id === who.memberId : row.brand_id === who.brandId);
    if (!allowed || !row?.image || !row.type) throw new AppError('not_found');
    return { bytes: Buffer.from(row.image), type: row.type };
  }

  /**
   * Awaited receipts past their deadline become `auto_received` (no refund can follow). One statement,
   * so it is idempotent and safe from several processes; answers how many it changed. Each one changed is
   * audited as `withdrawal.auto_received` in the same transaction (ip `system`: no request made it), so a
   * second sweep, which changes nothing, audits nothing.
   */
  async autoReceiptDue(now: Date = this.#ctx.clock.now()): Promise<number> {
    return this.#ctx.uow.run(async ({ withdrawals, audit }) => {
      const rows = await withdrawals.autoReceive(now);
      for (const row of rows) {
        await audit.record({
          brandId: row.brandId,
          operatorId: null,
          memberId: row.memberId,
          action: 'withdrawal.auto_received',
          ip: 'system',
          detail: { by: 'system', withdrawalId: row.id, amountMinor: row.amountMinor },
        });
      }
      return rows.length;
    });
  }
}

import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import {
  type CreatePayoutAccountBody,
  type CreateWithdrawalPayload,
  IFSC_PATTERN,
  type InvestigationOutcome,
  MAX_PAYOUT_ACCOUNTS,
  type OpsWithdrawalList,
  type OpsWithdrawalsQuery,
  type OpsWithdrawalView,
  type PageQuery,
  type PayoutAccounts,
  RECEIPT_PROOF_MAX_BYTES,
  receiptFieldsSchema,
  type SetWithdrawPasswordPayload,
  type WithdrawalList,
  type WithdrawalView,
  type WithdrawPasswordStatus,
} from '@lotus/shared/withdrawals.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PayoutAccountRow, WithdrawalRow } from '../../db/tables/wallet-operations.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { recordOperatorAction } from '../../lib/operator-audit.ts';
import { pageOf, pageWindow } from '../../lib/pages.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { requireImage } from '../feedback/image-sniff.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
// A form's fields are checked like a sealed body.
import { parsePayload } from '../wallet/wallet-rules.ts';
import type { WithdrawPasswordService } from './withdraw-password.service.ts';
import { type WithdrawalDetail, WithdrawalsRepository } from './withdrawals.repository.ts';

/** Who decides in the back office: an operator of the brand, or the ops CLI (`operatorId` null). */
export type WithdrawalActor = {
  brandId: bigint;
  operatorId: bigint | null;
  ip: string;
};

export type WithdrawalsServiceDeps = {
  db: Kysely<Database>;
  ledger: LedgerService;
  passwords: WithdrawPasswordService;
  clock?: Clock;
};

export type ReceiptForm = { fields: Record<string, string>; proof: Buffer | null };

/** `****1234`: enough for the member to recognise the account, too little to be worth reading over a shoulder. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

function actorName(actor: WithdrawalActor): string {
  return actor.operatorId === null ? 'operator:cli' : `operator:${actor.operatorId}`;
}

function checkReason(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') throw new AppError('reason_required');
  return trimmed;
}

function payoutAccountView(row: PayoutAccountRow) {
  return {
    id: String(row.id),
    kind: row.kind,
    provider: row.provider,
    accountNumberMasked: maskAccountNumber(row.account_number),
    ifsc: row.ifsc,
    payeeName: row.payee_name,
  };
}

function receiptView(row: WithdrawalDetail): WithdrawalView['receipt'] {
  if (row.receipt_status === null) return null;
  const received = row.receipt_status === 'awaiting' ? null : (row.received_minor ?? row.amount_minor);
  const remainder = received === null ? null : row.amount_minor - received;
  return {
    status: row.receipt_status,
    deadline: iso(row.receipt_deadline),
    receivedMinor: received === null ? null : String(received),
    received: received === null ? null : minorToDecimal(received),
    remainderMinor: remainder === null ? null : String(remainder),
    remainder: remainder === null ? null : minorToDecimal(remainder),
    investigation: row.investigation,
  };
}

export function withdrawalView(row: WithdrawalDetail): WithdrawalView {
  return {
    id: String(row.id),
    amountMinor: String(row.amount_minor),
    amount: minorToDecimal(row.amount_minor),
    status: row.status,
    payoutAccount: {
      provider: row.account_provider,
      accountNumberMasked: maskAccountNumber(row.account_number),
    },
    createdAt: row.created_at.toISOString(),
    decidedAt: iso(row.decided_at),
    rejectReason: row.reject_reason,
    receipt: receiptView(row),
  };
}

export function opsWithdrawalView(row: WithdrawalDetail): OpsWithdrawalView {
  return {
    ...withdrawalView(row),
    memberId: String(row.member_id),
    username: row.username,
    currency: row.currency,
    payoutAccount: {
      kind: row.account_kind,
      provider: row.account_provider,
      accountNumber: row.account_number,
      accountNumberMasked: maskAccountNumber(row.account_number),
      ifsc: row.account_ifsc,
      payeeName: row.account_payee_name,
    },
    decidedBy: row.decided_by,
    receiptNote: row.receipt_note,
    hasProof: row.has_proof,
  };
}

/**
 * Withdrawals (docs/wallet-contract.md "Withdrawals"): a request holds the amount on the member's main
 * wallet at once; an operator pays it out (the hold is posted to withdrawals clearing) or rejects it (the
 * hold is voided); after payout the member confirms what arrived, or the brand's time-out counts it as
 * received. A "not received" or "partly received" answer opens an investigation an operator closes by
 * refunding the unreceived part or by holding that it was paid. Members cannot cancel a request.
 */
export class WithdrawalsService {
  readonly #db: Kysely<Database>;
  readonly #repository: WithdrawalsRepository;
  readonly #ledger: LedgerService;
  readonly #passwords: WithdrawPasswordService;
  readonly #clock: Clock;

  constructor(deps: WithdrawalsServiceDeps) {
    this.#db = deps.db;
    this.#repository = new WithdrawalsRepository(deps.db);
    this.#ledger = deps.ledger;
    this.#passwords = deps.passwords;
    this.#clock = deps.clock ?? systemClock;
  }

  get clock(): Clock {
    return this.#clock;
  }

  // --- payment password -------------------------------------------------------------------------------

  async passwordStatus(actor: Actor): Promise<WithdrawPasswordStatus> {
    requireReal(actor);
    return { isSet: await this.#passwords.isSet(actor.memberId) };
  }

  async setPassword(
    actor: Actor,
    payload: SetWithdrawPasswordPayload,
    origin: RequestOrigin,
  ): Promise<WithdrawPasswordStatus> {
    requireReal(actor);
    await this.#passwords.set(actor.memberId, payload, origin);
    return { isSet: true };
  }

  // --- payout accounts --------------------------------------------------------------------------------

  async payoutAccounts(actor: Actor): Promise<PayoutAccounts> {
    requireReal(actor);
    return this.#payoutAccounts(actor.memberId);
  }

  async #payoutAccounts(memberId: bigint, db: Kysely<Database> = this.#db): Promise<PayoutAccounts> {
    const [payeeName, accounts] = await Promise.all([
      this.#repository.payeeNameOf(memberId, db),
      this.#repository.activePayoutAccounts(memberId, db),
    ]);
    return { payeeName, accounts: accounts.map(payoutAccountView) };
  }

  /**
   * Adds a payout account. The payee name is the member's: the first account sets it (when the member has
   * none yet), later ones must match it, so money only ever goes to accounts in one person's name.
   */
  async addPayoutAccount(actor: Actor, body: CreatePayoutAccountBody): Promise<PayoutAccounts> {
    requireReal(actor);
    let ifsc: string | null = null;
    if (body.kind === 'bank') {
      if (!body.ifsc || !IFSC_PATTERN.test(body.ifsc)) {
        throw new AppError('field_invalid', { details: { field: 'ifsc', check: 'pattern' } });
      }
      ifsc = body.ifsc;
    }
    const now = this.#clock.now();
    return this.#db.transaction().execute(async (trx) => {
      await this.#repository.lockMember(actor.memberId, trx);
      const current = await this.#repository.payeeNameOf(actor.memberId, trx);
      let payeeName: string;
      if (current === null) {
        if (!body.payeeName) {
          throw new AppError('field_invalid', { details: { field: 'payeeName', check: 'required' } });
        }
        payeeName = body.payeeName;
        await this.#repository.setPayeeNameOnce(actor.memberId, payeeName, trx);
      } else {
        if (body.payeeName !== undefined && body.payeeName !== current) {
          throw new AppError('field_invalid', { details: { field: 'payeeName', check: 'fixed' } });
        }
        payeeName = current;
      }
      const accounts = await this.#repository.activePayoutAccounts(actor.memberId, trx);
      if (accounts.length >= MAX_PAYOUT_ACCOUNTS) {
        throw new AppError('payout_account_limit', { details: { max: MAX_PAYOUT_ACCOUNTS } });
      }
      await this.#repository.insertPayoutAccount(
        {
          brandId: actor.brandId,
          memberId: actor.memberId,
          kind: body.kind,
          provider: body.provider,
          accountNumber: body.accountNumber,
          ifsc,
          payeeName,
          at: now,
        },
        trx,
      );
      return this.#payoutAccounts(actor.memberId, trx);
    });
  }

  async removePayoutAccount(actor: Actor, id: bigint): Promise<PayoutAccounts> {
    requireReal(actor);
    if (!(await this.#repository.removePayoutAccount(actor.memberId, id, this.#clock.now()))) {
      throw new AppError('payout_account_not_found');
    }
    return this.#payoutAccounts(actor.memberId);
  }

  // --- withdrawals (member) ---------------------------------------------------------------------------

  /**
   * `POST /wps/member/withdrawals`: checks the input, limits and payment password, then, in one
   * idempotent transaction, takes the withdrawal's id, holds the amount (`withdrawal:<id>:hold`) and
   * writes the row. Short of available money → `insufficient_funds` and nothing is left behind.
   */
  /** `ip`: the member's address, for the audit row (issue 7: every money action is audited). */
  async create(
    actor: Actor,
    key: string,
    payload: CreateWithdrawalPayload,
    ip = 'unknown',
  ): Promise<{ withdrawal: WithdrawalView }> {
    requireReal(actor);
    const amountMinor = decimalToMinor(payload.amount);
    if (amountMinor === null) throw new AppError('amount_invalid');
    const limits = await this.#repository.brandLimits(actor.brandId);
    if (amountMinor < limits.withdrawal_min_minor) {
      throw new AppError('amount_below_minimum', {
        details: { min: minorToDecimal(limits.withdrawal_min_minor) },
      });
    }
    if (amountMinor > limits.withdrawal_max_minor) {
      throw new AppError('amount_above_maximum', {
        details: { max: minorToDecimal(limits.withdrawal_max_minor) },
      });
    }
    const payoutAccountId = BigInt(payload.payoutAccountId);
    const account = await this.#repository.activePayoutAccount(actor.memberId, payoutAccountId);
    if (!account) throw new AppError('payout_account_not_found');
    // Checked before the money transaction: a wrong answer must count although this request then fails.
    await this.#passwords.verify(actor.memberId, payload.withdrawPassword, ip);

    const { value } = await runIdempotent(
      this.#db,
      {
        scope: `member:${actor.memberId}:withdrawal.create`,
        key,
        request: { payoutAccountId, amountMinor },
      },
      async (trx) => {
        const now = this.#clock.now();
        const wallet = await this.#ledger.memberMainAccount(actor.memberId, trx);
        const id = await this.#repository.nextWithdrawalId(trx);
        const hold = await this.#ledger.reserve(
          {
            brandId: actor.brandId,
            accountId: wallet.id,
            amountMinor,
            idempotencyKey: `withdrawal:${id}:hold`,
            memo: `Withdrawal ${id}`,
          },
          trx,
        );
        await this.#repository.insertWithdrawal(
          {
            id,
            brandId: actor.brandId,
            memberId: actor.memberId,
            payoutAccountId,
            amountMinor,
            currency: wallet.currency,
            holdId: hold.holdId,
            at: now,
          },
          trx,
        );
        await recordOperatorAction(trx, {
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'withdrawal.requested',
          ip,
          detail: { by: 'member', withdrawalId: id, amountMinor, payoutAccountId },
        });
        return { withdrawal: withdrawalView(await this.#detailOrThrow(id, trx)) };
      },
    );
    return value;
  }

  async list(actor: Actor, query: PageQuery): Promise<WithdrawalList> {
    requireReal(actor);
    const { rows, total } = await this.#repository.memberPage(actor.memberId, pageWindow(query));
    return pageOf(rows.map(withdrawalView), query, total);
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
    const fields = parsePayload(receiptFieldsSchema, form.fields);
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
    const { value } = await runIdempotent(
      this.#db,
      {
        scope: `member:${actor.memberId}:withdrawal.receipt`,
        key,
        request: {
          id,
          status: fields.status,
          received: partly,
          note: fields.note ?? null,
          proof: form.proof,
        },
      },
      async (trx) => {
        const now = this.#clock.now();
        const row = await this.#repository.lockWithdrawal(id, trx);
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
        const recorded = await this.#repository.recordReceipt(
          id,
          actor.memberId,
          {
            status: fields.status,
            receivedMinor,
            proof,
            note: fields.note ? fields.note : null,
            investigation: fields.status === 'received' ? null : 'open',
            at: now,
          },
          trx,
        );
        if (!recorded) throw new AppError('withdrawal_not_awaiting_receipt');
        // `withdrawal.received` / `.not_received` / `.partly_received`, with the answer it records.
        await recordOperatorAction(trx, {
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
        return { withdrawal: withdrawalView(await this.#detailOrThrow(id, trx)) };
      },
    );
    return value;
  }

  /** The receipt proof, to its owner (member) or to an operator of the brand; `not_found` otherwise. */
  async proof(
    who: { memberId: bigint } | { brandId: bigint },
    id: bigint,
  ): Promise<{ bytes: Buffer; type: 'image/png' | 'image/jpeg' }> {
    const row = await this.#repository.proofOf(id);
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
  async autoReceiptDue(now: Date = this.#clock.now()): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const rows = await this.#repository.autoReceive(now, trx);
      for (const row of rows) {
        await recordOperatorAction(trx, {
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

  // --- back office ------------------------------------------------------------------------------------

  async opsList(brandId: bigint, query: OpsWithdrawalsQuery): Promise<OpsWithdrawalList> {
    const { rows, total } = await this.#repository.opsPage(brandId, query.status, pageWindow(query));
    return pageOf(rows.map(opsWithdrawalView), query, total);
  }

  /** Locks a pending-or-not withdrawal of the actor's brand for a decision. */
  async #lockForActor(actor: WithdrawalActor, id: bigint, trx: Kysely<Database>) {
    const row = await this.#repository.lockWithdrawal(id, trx);
    if (!row || row.brand_id !== actor.brandId) throw new AppError('not_found');
    return row;
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
    decision: (row: WithdrawalRow, now: Date, trx: Kysely<Database>) => Promise<void>,
  ): Promise<{ withdrawal: OpsWithdrawalView }> {
    const scope = `${actorName(actor)}:withdrawal.${call}`;
    const { value } = await runIdempotent(this.#db, { scope, key, request }, async (trx) => {
      const now = this.#clock.now();
      const row = await this.#lockForActor(actor, request.id, trx);
      await decision(row, now, trx);
      return { withdrawal: opsWithdrawalView(await this.#detailOrThrow(request.id, trx)) };
    });
    return value;
  }

  /**
   * Pays out: the hold moves from the member's wallet to withdrawals clearing in one `withdrawal` entry
   * (`withdrawal:<id>:pay`), and the receipt is awaited until now + the brand's receipt minutes.
   */
  async pay(actor: WithdrawalActor, id: bigint, key: string): Promise<{ withdrawal: OpsWithdrawalView }> {
    return this.#decide(actor, 'pay', key, { id }, async (row, now, trx) => {
      if (row.status !== 'pending') throw new AppError('withdrawal_not_pending');
      const clearing = await this.#ledger.systemAccount(row.brand_id, 'withdrawals_clearing', trx);
      const { entry } = await this.#ledger.postHold(
        {
          brandId: row.brand_id,
          holdId: row.hold_id,
          counterAccountId: clearing.id,
          idempotencyKey: `withdrawal:${id}:pay`,
          kind: 'withdrawal',
          memo: `Withdrawal ${id}`,
          createdBy: actorName(actor),
        },
        trx,
      );
      const { withdrawal_receipt_minutes: minutes } = await this.#repository.brandLimits(row.brand_id, trx);
      await this.#repository.markPaid(
        id,
        {
          entryId: entry.entryId,
          decidedBy: actorName(actor),
          at: now,
          deadline: new Date(now.getTime() + minutes * 60_000),
        },
        trx,
      );
      await this.#audit(trx, actor, row.member_id, 'withdrawal.paid', {
        withdrawalId: id,
        amountMinor: row.amount_minor,
        entryId: entry.entryId,
      });
    });
  }

  /** Rejects a pending withdrawal with a reason the member sees; the hold is voided (money available again). */
  async reject(
    actor: WithdrawalActor,
    id: bigint,
    key: string,
    reasonText: string | undefined,
  ): Promise<{ withdrawal: OpsWithdrawalView }> {
    const reason = checkReason(reasonText);
    return this.#decide(actor, 'reject', key, { id, reason }, async (row, now, trx) => {
      if (row.status !== 'pending') throw new AppError('withdrawal_not_pending');
      await this.#ledger.voidHold({ brandId: row.brand_id, holdId: row.hold_id }, trx);
      await this.#repository.markRejected(id, { reason, decidedBy: actorName(actor), at: now }, trx);
      await this.#audit(trx, actor, row.member_id, 'withdrawal.rejected', {
        withdrawalId: id,
        amountMinor: row.amount_minor,
        reason,
      });
    });
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
    return this.#decide(actor, 'investigation', key, { id, outcome, reason }, async (row, now, trx) => {
      if (row.investigation !== 'open') {
        throw new AppError('conflict', { message: `withdrawal ${id} has no open investigation` });
      }
      let refundedMinor = 0n;
      let entryId: bigint | null = null;
      if (outcome === 'refund') {
        refundedMinor = row.amount_minor - (row.received_minor ?? 0n);
        const clearing = await this.#ledger.systemAccount(row.brand_id, 'withdrawals_clearing', trx);
        const wallet = await this.#ledger.memberMainAccount(row.member_id, trx);
        const entry = await this.#ledger.post(
          {
            brandId: row.brand_id,
            idempotencyKey: `withdrawal:${id}:refund`,
            kind: 'adjustment',
            memo: `Withdrawal ${id} refund: ${reason}`.slice(0, 500),
            createdBy: actorName(actor),
            postings: [
              { accountId: clearing.id, amountMinor: -refundedMinor },
              { accountId: wallet.id, amountMinor: refundedMinor },
            ],
          },
          trx,
        );
        entryId = entry.entryId;
      }
      await this.#repository.closeInvestigation(id, now, trx);
      await this.#audit(trx, actor, row.member_id, 'withdrawal.investigation_closed', {
        withdrawalId: id,
        outcome,
        reason,
        refundedMinor,
        entryId,
      });
    });
  }

  async #detailOrThrow(id: bigint, db: Kysely<Database>): Promise<WithdrawalDetail> {
    const row = await this.#repository.detail(id, db);
    if (!row) throw new AppError('not_found');
    return row;
  }

  #audit(
    trx: Kysely<Database>,
    actor: WithdrawalActor,
    memberId: bigint,
    action: string,
    detail: Record<string, unknown>,
  ): Promise<void> {
    return recordOperatorAction(trx, {
      brandId: actor.brandId,
      operatorId: actor.operatorId,
      memberId,
      action,
      ip: actor.ip,
      detail: actor.operatorId === null ? { ...detail, via: 'cli' } : detail,
    });
  }

  /** The brand the CLI acts in (`--brand <code>` or the default brand). */
  async cliBrandId(code: string | undefined): Promise<bigint> {
    const id = await this.#repository.brandIdOf(code);
    if (id === null) throw new AppError('brand_not_found', { message: `no brand ${code ?? '(default)'}` });
    return id;
  }
}

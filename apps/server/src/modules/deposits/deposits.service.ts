import {
  type CreateDepositResult,
  createDepositFieldsSchema,
  DEPOSIT_REFERENCE_MIN,
  type DepositList,
  type DepositMethods,
  type DepositPageQuery,
  type DepositView,
  type GatewayCallbackResult,
  gatewayCallbackBodySchema,
  type OperatorDepositList,
  type OperatorDepositListQuery,
  type OperatorDepositView,
  type PaymentMethodView,
} from '@lotus/shared/deposits.schema';
import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import { issueCodeOf } from '@lotus/shared/text';
import type { DepositRow, PaymentMethodNames, PaymentMethodRow } from '../../db/tables/wallet-operations.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
// Trial accounts (free play) and type-4 guests play with play money: they cannot deposit.
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNoControlCharacters } from '../../lib/control-characters.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { pageOf, pageWindow } from '../../lib/pages.ts';
import { sha256Hex } from '../../lib/request-hash.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { requireImage } from '../feedback/image-sniff.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type Ledger, ledgerIn } from '../ledger/ledger.ts';
import { type MoneyProtection, protectionIn } from '../player-protection/activity-api.ts';
import type { CreditedDeposit, DepositCreditHook } from './deposit-credit-hooks.ts';
import { type DepositRecord, DepositsRepository } from './deposits.repository.ts';
import type { PaymentGateway, PaymentGateways } from './payment-gateway.ts';

/**
 * Deposits (docs/wallet-contract.md "Deposits"): a member asks to deposit by bank transfer (an operator
 * approves or rejects it after checking the bank statement) or through a payment gateway (the gateway's
 * signed callback approves or fails it). Approval is one `deposit` journal entry deposits_clearing →
 * member main, written in the same transaction as the status change, with the ledger key
 * `deposit:<id>:approve`, so however a decision is retried the money moves once.
 */

/** Who decides a deposit: an operator of the back office, or the operator CLI (`operatorId: null`). */
export type DepositDecider = {
  brandId: bigint;
  operatorId: bigint | null;
  ip: string;
};

export type NewDepositRequest = {
  /** The multipart text fields as sent. */
  fields: Record<string, string>;
  proof: Uint8Array | null;
  idempotencyKey: string;
  /** `https://host` the member called, for the gateway's return trip. */
  baseUrl: string;
  language: string | undefined;
  /** The member's address, for the audit row (issue 7: every money action is audited). */
  ip?: string;
};

export type CallbackLog = { warn(detail: Record<string, unknown>, message: string): void };

/** UTR / bank reference: letters, digits and the separators banks print. */
const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/_-]*$/;
const REASON_MAX = 500;

function deciderName(decider: DepositDecider): string {
  return decider.operatorId === null ? 'operator:cli' : `operator:${decider.operatorId}`;
}

function nameIn(names: PaymentMethodNames, language: string, fallback: string): string {
  return names[language.toUpperCase()] ?? names.EN ?? Object.values(names)[0] ?? fallback;
}

function memberView(record: DepositRecord, language: string): DepositView {
  return {
    id: record.id.toString(),
    method: record.method_code,
    methodName: nameIn(record.method_names, language, record.method_code),
    kind: record.method_kind,
    amountMinor: record.amount_minor.toString(),
    amount: minorToDecimal(record.amount_minor),
    status: record.status,
    reference: record.reference,
    createdAt: record.created_at.toISOString(),
    decidedAt: record.decided_at ? record.decided_at.toISOString() : null,
    rejectReason: record.reject_reason,
  };
}

function operatorView(record: DepositRecord): OperatorDepositView {
  return {
    ...memberView(record, 'EN'),
    member: { id: record.member_id.toString(), username: record.username },
    hasProof: record.has_proof,
    gatewayTxnId: record.gateway_txn_id,
    decidedBy: record.decided_by,
    entryId: record.entry_id === null ? null : record.entry_id.toString(),
  };
}

function invalidField(field: string, code: string, message?: string): AppError {
  return new AppError('invalid_request', {
    message: message ?? `deposit: ${field} ${code}`,
    details: { issues: [{ path: `body.${field}`, code }] },
  });
}

/** The audit row of an operator's decision on a deposit (CLI decisions say so: `via: 'cli'`). */
function decisionAudit(
  decider: DepositDecider,
  row: { id: bigint; brand_id: bigint; member_id: bigint; amount_minor: bigint },
  action: string,
  extra: Record<string, unknown>,
) {
  return {
    brandId: row.brand_id,
    operatorId: decider.operatorId,
    memberId: row.member_id,
    action,
    ip: decider.ip,
    detail: {
      depositId: row.id,
      amountMinor: row.amount_minor,
      ...extra,
      ...(decider.operatorId === null ? { via: 'cli' } : {}),
    },
  };
}

/**
 * What a deposit's transaction works on: the deposit rows, the ledger and the audit log, and the other
 * modules' hooks on a credit (deposit-credit-hooks.ts), bound to the same transaction.
 */
function depositRepositories(hooks: readonly DepositCreditHook[]) {
  return (trx: Tx) => ({
    deposits: new DepositsRepository(trx),
    ledger: ledgerIn(trx),
    audit: new AuditRepository(trx),
    protection: protectionIn(trx),
    credited: async (deposit: CreditedDeposit) => {
      for (const hook of hooks) await hook(trx, deposit);
    },
  });
}

/** Why a pending deposit decided while its member is excluded is rejected rather than credited. */
const EXCLUDED_REASON = 'excluded';

type DepositRepositories = ReturnType<ReturnType<typeof depositRepositories>>;

export class DepositsService {
  readonly #uow: UnitOfWork<DepositRepositories>;
  readonly #repository: DepositsRepository;
  readonly #gateways: PaymentGateways;

  constructor(deps: {
    db: Db;
    repository: DepositsRepository;
    /** Kept for the module's wiring; deposits move money through the ledger of their own transaction. */
    ledger?: LedgerService;
    gateways: PaymentGateways;
    /** Run in the crediting transaction of every credited deposit (raffle tickets, issue 19). */
    creditHooks?: readonly DepositCreditHook[];
  }) {
    this.#uow = new UnitOfWork(deps.db, depositRepositories(deps.creditHooks ?? []));
    this.#repository = deps.repository;
    this.#gateways = deps.gateways;
  }

  /** A gateway method's adapter when this server has it configured; null for bank transfers. */
  #gatewayOf(method: PaymentMethodRow): PaymentGateway | null | undefined {
    if (method.kind !== 'gateway') return null;
    const adapter = method.details.adapter;
    return adapter === undefined ? undefined : this.#gateways.get(adapter);
  }

  #offered(method: PaymentMethodRow): boolean {
    return method.enabled && this.#gatewayOf(method) !== undefined;
  }

  async #brandMoney(brandId: bigint) {
    const brand = await this.#repository.brandMoney(brandId);
    if (!brand) throw new AppError('brand_not_found', { message: `brand ${brandId}` });
    return brand;
  }

  /** `GET /wps/payments/deposit/methods`. */
  async methods(actor: Actor, language: string | undefined): Promise<DepositMethods> {
    requireReal(actor);
    const lang = language ?? actor.language ?? 'EN';
    const brand = await this.#brandMoney(actor.brandId);
    const methods = (await this.#repository.enabledMethods(actor.brandId)).filter((method) =>
      this.#offered(method),
    );
    return {
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      methods: methods.map((method): PaymentMethodView => {
        const details = method.details;
        return {
          code: method.code,
          kind: method.kind,
          name: nameIn(method.names, lang, method.code),
          minMinor: method.min_minor.toString(),
          min: minorToDecimal(method.min_minor),
          maxMinor: method.max_minor.toString(),
          max: minorToDecimal(method.max_minor),
          ...(method.kind === 'bank_transfer'
            ? {
                bank: {
                  bankName: details.bankName ?? '',
                  accountName: details.accountName ?? '',
                  accountNumber: details.accountNumber ?? '',
                  ifsc: details.ifsc ?? '',
                  upiId: details.upiId ?? '',
                },
              }
            : {}),
        };
      }),
    };
  }

  /** `POST /wps/payments/deposits`: checks everything, then creates the deposit once per idempotency key. */
  async create(actor: Actor, request: NewDepositRequest): Promise<CreateDepositResult> {
    requireReal(actor);
    const parsed = createDepositFieldsSchema.safeParse(request.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field =
        issue?.code === 'unrecognized_keys' ? (issue.keys[0] ?? 'body') : String(issue?.path[0] ?? 'body');
      throw invalidField(field, issue ? issueCodeOf(issue) : 'invalid');
    }
    const fields = parsed.data;
    const method = await this.#repository.methodByCode(actor.brandId, fields.method);
    if (!method || !this.#offered(method)) {
      throw new AppError('payment_method_unavailable', { message: `deposit method ${fields.method}` });
    }
    const amountMinor = decimalToMinor(fields.amount);
    if (amountMinor === null) throw new AppError('amount_invalid');
    if (amountMinor < method.min_minor) {
      throw new AppError('amount_below_minimum', { details: { min: minorToDecimal(method.min_minor) } });
    }
    if (amountMinor > method.max_minor) {
      throw new AppError('amount_above_maximum', { details: { max: minorToDecimal(method.max_minor) } });
    }

    let reference: string | null = null;
    let proof: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null = null;
    if (method.kind === 'bank_transfer') {
      reference = fields.reference ?? '';
      if (reference === '') throw new AppError('deposit_reference_required');
      if (reference.length < DEPOSIT_REFERENCE_MIN) throw invalidField('reference', 'too_small');
      if (!REFERENCE_PATTERN.test(reference)) throw invalidField('reference', 'invalid_format');
      if (request.proof) {
        proof = requireImage(request.proof, { message: 'deposit proof is not a PNG or JPEG' });
      }
    } else if (request.proof) {
      throw invalidField('proof', 'unrecognized_keys', 'a gateway deposit takes no proof');
    }

    const gateway = this.#gatewayOf(method);
    const language = request.language ?? actor.language ?? 'EN';
    const { value } = await runIdempotent(
      this.#uow,
      {
        scope: `member:${actor.memberId}:deposit.create`,
        key: request.idempotencyKey,
        request: {
          method: method.code,
          amountMinor,
          reference,
          // The file's bytes are part of the request: another picture under the same key is another request.
          proof: proof ? sha256Hex(proof.bytes) : null,
        },
      },
      async ({ deposits: repository, audit, protection }) => {
        const brand = await repository.brandMoney(actor.brandId);
        if (!brand) throw new AppError('brand_not_found');
        // Player protection, before any gateway is called (docs/player-protection.md): no money in while
        // an exclusion is in force, and none over what the deposit limits leave. The member's deposit lock
        // is held until this deposit (pending, so it counts) is committed: parallel requests take turns.
        const now = new Date();
        if (await protection.excluded(actor.memberId, now)) throw new AppError('account_excluded');
        const remaining = await protection.lockedDepositRemaining(actor.memberId, now);
        if (remaining !== null && amountMinor > remaining) {
          throw new AppError('deposit_limit_reached', {
            details: { remainingMinor: remaining.toString(), remaining: minorToDecimal(remaining) },
          });
        }
        const id = await repository.insertDeposit({
          brandId: actor.brandId,
          memberId: actor.memberId,
          methodId: method.id,
          amountMinor,
          currency: brand.currency,
          reference,
          proof,
        });
        const record = await repository.findRecord(id);
        if (!record) throw new Error(`deposit ${id} vanished`);
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'deposit.requested',
          ip: request.ip ?? 'unknown',
          detail: { by: 'member', depositId: id, method: method.code, amountMinor, proof: proof !== null },
        });
        const redirectUrl = gateway
          ? gateway.createPayment({
              depositId: id,
              amountMinor,
              currency: brand.currency,
              baseUrl: request.baseUrl,
              language,
            })
          : null;
        return { deposit: memberView(record, language), redirectUrl } satisfies CreateDepositResult;
      },
    );
    return value;
  }

  /** `GET /wps/payments/deposits`: the member's own deposits, newest first. */
  async list(actor: Actor, query: DepositPageQuery, language?: string): Promise<DepositList> {
    requireReal(actor);
    const { rows, total } = await this.#repository.listOfMember(actor.memberId, pageWindow(query));
    const lang = language ?? actor.language ?? 'EN';
    return pageOf(
      rows.map((row) => memberView(row, lang)),
      query,
      total,
    );
  }

  /** The proof image of a deposit, for its member (`memberId`) or for an operator of its brand. */
  async proof(
    depositId: bigint,
    viewer: { brandId: bigint; memberId?: bigint },
  ): Promise<{ bytes: Uint8Array; type: string }> {
    const proof = await this.#repository.proofOf(depositId);
    const allowed =
      proof &&
      proof.brandId === viewer.brandId &&
      (viewer.memberId === undefined || proof.memberId === viewer.memberId);
    if (!allowed || !proof.bytes || !proof.type)
      throw new AppError('not_found', { message: 'deposit proof' });
    return { bytes: proof.bytes, type: proof.type };
  }

  /** What the gateway simulator's pay page shows and signs for one order. */
  async gatewayOrder(depositId: bigint): Promise<
    | {
        id: bigint;
        methodCode: string;
        adapter: string | undefined;
        amountMinor: bigint;
        currencySymbol: string;
        status: DepositView['status'];
      }
    | undefined
  > {
    const record = await this.#repository.findRecord(depositId);
    if (record?.method_kind !== 'gateway') return undefined;
    const method = await this.#repository.methodById(record.method_id);
    const brand = await this.#brandMoney(record.brand_id);
    return {
      id: record.id,
      methodCode: record.method_code,
      adapter: method?.details.adapter,
      amountMinor: record.amount_minor,
      currencySymbol: brand.currencySymbol,
      status: record.status,
    };
  }

  /** `GET /wps/ops/deposits`: the brand's deposits, newest first, optionally of one status. */
  async operatorList(brandId: bigint, query: OperatorDepositListQuery): Promise<OperatorDepositList> {
    const { rows, total } = await this.#repository.listOfBrand(brandId, query.status, pageWindow(query));
    return pageOf(rows.map(operatorView), query, total);
  }

  /**
   * Runs a back-office decision once: under the operator's idempotency key (API), or in a plain
   * transaction (CLI, where the deposit's status is what makes a repeat harmless).
   */
  #decideOnce<T>(
    decider: DepositDecider,
    call: string,
    idempotencyKey: string | null,
    request: unknown,
    work: (repos: DepositRepositories) => Promise<T>,
  ): Promise<T> {
    if (idempotencyKey === null) return this.#uow.run(work);
    return runIdempotent(
      this.#uow,
      { scope: `operator:${decider.operatorId ?? 'cli'}:${call}`, key: idempotencyKey, request },
      work,
    ).then(({ value }) => value);
  }

  /** Locks a pending deposit of the decider's brand, or says why it cannot be decided. */
  async #pendingDeposit(
    repository: DepositsRepository<Tx>,
    brandId: bigint,
    id: bigint,
  ): Promise<DepositRow> {
    const row = await repository.lockDeposit(id);
    if (!row || row.brand_id !== brandId) throw new AppError('not_found', { message: `deposit ${id}` });
    if (row.status !== 'pending') throw new AppError('deposit_not_pending');
    return row;
  }

  /**
   * The deposit's money: one `deposit` entry deposits_clearing → member main, and the amount on the
   * member's day of activity (after the entry: the lock order balances → activity day).
   */
  async #credit(
    {
      ledger,
      protection,
      credited,
    }: Pick<DepositRepositories, 'credited'> & { ledger: Ledger; protection: MoneyProtection },
    row: DepositRow,
    createdBy: string,
    now: Date,
  ): Promise<bigint> {
    const wallet = await ledger.memberMainAccount(row.member_id);
    const entry = await ledger.post({
      brandId: row.brand_id,
      idempotencyKey: `deposit:${row.id}:approve`,
      kind: 'deposit',
      memo: `Deposit #${row.id}`,
      createdBy,
      postings: [
        { system: 'deposits_clearing', amountMinor: -row.amount_minor },
        { accountId: wallet.id, amountMinor: row.amount_minor },
      ],
    });
    await protection.record(row.member_id, now, { depositedMinor: row.amount_minor });
    await credited({
      brandId: row.brand_id,
      memberId: row.member_id,
      depositId: row.id,
      amountMinor: row.amount_minor,
      at: now,
    });
    return entry.entryId;
  }

  async #operatorRecord(repository: DepositsRepository, id: bigint): Promise<OperatorDepositView> {
    const record = await repository.findRecord(id);
    if (!record) throw new Error(`deposit ${id} vanished`);
    return operatorView(record);
  }

  /** `POST /wps/ops/deposits/:id/approve` and `deposit:approve <id>`. */
  async approve(
    decider: DepositDecider,
    depositId: bigint,
    idempotencyKey: string | null,
  ): Promise<{ deposit: OperatorDepositView }> {
    return this.#decideOnce(
      decider,
      'deposit.approve',
      idempotencyKey,
      { depositId },
      async ({ deposits: repository, ledger, audit, protection, credited }) => {
        const row = await this.#pendingDeposit(repository, decider.brandId, depositId);
        const by = deciderName(decider);
        const now = new Date();
        // The member excluded themselves (or was excluded) since asking: the money is not taken in.
        if (await protection.excluded(row.member_id, now)) {
          const decision = { status: 'rejected', reason: EXCLUDED_REASON, decidedBy: by } as const;
          if (!(await repository.decide(row.id, decision, now))) throw new AppError('deposit_not_pending');
          await audit.record(decisionAudit(decider, row, 'deposit.rejected', { reason: EXCLUDED_REASON }));
          return { deposit: await this.#operatorRecord(repository, row.id) };
        }
        const entryId = await this.#credit({ ledger, protection, credited }, row, by, now);
        if (!(await repository.decide(row.id, { status: 'approved', entryId, decidedBy: by }, now))) {
          throw new AppError('deposit_not_pending');
        }
        await audit.record(decisionAudit(decider, row, 'deposit.approved', { entryId }));
        return { deposit: await this.#operatorRecord(repository, row.id) };
      },
    );
  }

  /** `POST /wps/ops/deposits/:id/reject` and `deposit:reject <id> <reason>`. */
  async reject(
    decider: DepositDecider,
    depositId: bigint,
    reasonText: string | undefined,
    idempotencyKey: string | null,
  ): Promise<{ deposit: OperatorDepositView }> {
    const reason = (reasonText ?? '').trim();
    if (reason === '') throw new AppError('reason_required');
    if (reason.length > REASON_MAX) throw invalidField('reason', 'too_big');
    return this.#decideOnce(
      decider,
      'deposit.reject',
      idempotencyKey,
      { depositId, reason },
      async ({ deposits: repository, audit }) => {
        const row = await this.#pendingDeposit(repository, decider.brandId, depositId);
        const by = deciderName(decider);
        if (!(await repository.decide(row.id, { status: 'rejected', reason, decidedBy: by }, new Date()))) {
          throw new AppError('deposit_not_pending');
        }
        await audit.record(decisionAudit(decider, row, 'deposit.rejected', { reason }));
        return { deposit: await this.#operatorRecord(repository, row.id) };
      },
    );
  }

  /**
   * `POST /wps/payments/gateway/:method/callback`. The signature is checked over the raw bytes before
   * anything in them is believed. The gateway's transaction id is the idempotency key (scope: the
   * method): the same callback again answers the stored result, another body under that id is refused.
   * A success for another amount than the order's fails the deposit without moving money.
   */
  async callback(
    brandId: bigint,
    methodCode: string,
    rawBody: Uint8Array,
    signature: string | undefined,
    log: CallbackLog,
    ip: string,
  ): Promise<GatewayCallbackResult> {
    const method = await this.#repository.methodByCode(brandId, methodCode);
    if (method?.kind !== 'gateway') {
      throw new AppError('not_found', { message: `gateway method ${methodCode}` });
    }
    const gateway = this.#gatewayOf(method);
    if (!gateway)
      throw new AppError('payment_method_unavailable', { message: `no adapter for ${methodCode}` });
    if (!gateway.verifyCallback(rawBody, signature)) throw new AppError('gateway_signature_invalid');

    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(rawBody).toString('utf8'));
    } catch (error) {
      throw new AppError('invalid_json', { cause: error });
    }
    // A raw body never meets the app's input hook (plugins/input-text.ts); the same rule applies here.
    assertNoControlCharacters(json, 'body');
    const parsed = gatewayCallbackBodySchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidField(String(issue?.path[0] ?? 'body'), issue ? issueCodeOf(issue) : 'invalid');
    }
    const body = parsed.data;
    const { value } = await runIdempotent(
      this.#uow,
      { scope: `gateway:${method.id}:callback`, key: body.gatewayTxnId, request: body },
      async ({
        deposits: repository,
        ledger,
        audit: auditLog,
        protection,
        credited,
      }): Promise<GatewayCallbackResult> => {
        const row = await repository.lockDeposit(BigInt(body.orderId));
        if (!row || row.method_id !== method.id) {
          throw new AppError('not_found', { message: `order ${body.orderId} of ${methodCode}` });
        }
        if (row.status !== 'pending') throw new AppError('deposit_not_pending');
        const by = `gateway:${method.code}`;
        const paid = decimalToMinor(body.amount);
        const now = new Date();
        // The gateway's decision is audited with its effect, in this transaction: a replayed callback
        // (same gatewayTxnId) audits nothing more, a refused one (bad signature, not pending) nothing.
        const audit = (action: string, entryId: bigint | null) =>
          auditLog.record({
            brandId: row.brand_id,
            operatorId: null,
            memberId: row.member_id,
            action,
            ip,
            detail: {
              by,
              depositId: row.id,
              gatewayTxnId: body.gatewayTxnId,
              amountMinor: row.amount_minor,
              reportedAmount: body.amount,
              entryId,
            },
          });
        // Paid while the member is excluded: not credited (the operator refunds it through the gateway).
        if (body.status === 'success' && (await protection.excluded(row.member_id, now))) {
          await repository.decide(
            row.id,
            { status: 'rejected', reason: EXCLUDED_REASON, decidedBy: by, gatewayTxnId: body.gatewayTxnId },
            now,
          );
          await audit('deposit.gateway_rejected_excluded', null);
          return { orderId: body.orderId, status: 'rejected' };
        }
        if (body.status === 'success' && paid === row.amount_minor) {
          const entryId = await this.#credit({ ledger, protection, credited }, row, by, now);
          await repository.decide(
            row.id,
            { status: 'approved', entryId, decidedBy: by, gatewayTxnId: body.gatewayTxnId },
            now,
          );
          await audit('deposit.gateway_approved', entryId);
          return { orderId: body.orderId, status: 'approved' };
        }
        let reason = 'payment failed at the gateway';
        if (body.status === 'success') {
          reason = 'amount mismatch';
          log.warn(
            { depositId: row.id.toString(), expected: row.amount_minor.toString(), reported: body.amount },
            'gateway callback: amount mismatch, deposit failed',
          );
        }
        await repository.decide(
          row.id,
          { status: 'failed', reason, decidedBy: by, gatewayTxnId: body.gatewayTxnId },
          now,
        );
        await audit(
          body.status === 'success' ? 'deposit.gateway_amount_mismatch' : 'deposit.gateway_failed',
          null,
        );
        return { orderId: body.orderId, status: 'failed' };
      },
    );
    return value;
  }
}

import { minorToDecimal } from '@lotus/shared/money';
import type {
  AgentTransferResult,
  TransferDownlinePayload,
  TransferUplinePayload,
  WalletRecallBody,
  WalletRecallResult,
  WalletTransferBody,
  WalletTransferResult,
} from '@lotus/shared/wallet.schema';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type Ledger, ledgerIn } from '../ledger/ledger.ts';
import { type TransferParty, WalletRepository } from './wallet.repository.ts';
import { amountOf, ledgerKeyOf } from './wallet-rules.ts';

/**
 * Checks the member's payment password (WithdrawPasswordService of the withdrawals module): throws
 * `withdraw_password_not_set`, `withdraw_password_error` or `withdraw_password_locked`.
 */
export type PaymentPasswordVerifier = {
  verify(memberId: bigint, password: string, ip?: string): Promise<unknown>;
};

export type TransfersServiceDeps = {
  db: Db;
  /** Kept for the module's wiring; transfers move money through the ledger of their own transaction. */
  ledger?: LedgerService;
  repository: WalletRepository;
  paymentPassword: PaymentPasswordVerifier;
};

/** What a transfer's transaction works on: the wallet's rows, the ledger and the audit log. */
function transferRepositories(trx: Tx) {
  return { wallet: new WalletRepository(trx), ledger: ledgerIn(trx), audit: new AuditRepository(trx) };
}

type TransferRepositories = ReturnType<typeof transferRepositories>;

/**
 * Money moves a member starts from the wallet pages (docs/wallet-contract.md "Balance, wallets,
 * transfers"): main ↔ vendor wallet, recall, and the agent tree's transfers. Each runs in one
 * transaction under the caller's Idempotency-Key (runIdempotent) and posts exactly one journal entry
 * whose own ledger key derives from that key, so a retry at any level has one effect. Each also writes its
 * audit row (issue 7, hash-chained audit_log) in that same transaction: a replay audits nothing more, a
 * refused or rolled-back move leaves no row. `ip` is the request's (`request.ip`).
 */
export class TransfersService {
  readonly #deps: TransfersServiceDeps;
  readonly #uow: UnitOfWork<TransferRepositories>;

  constructor(deps: TransfersServiceDeps) {
    this.#deps = deps;
    this.#uow = new UnitOfWork(deps.db, transferRepositories);
  }

  async #mainView(memberId: bigint, ledger: Ledger) {
    const { availableMinor } = await ledger.balanceOf(memberId);
    return { balanceMinor: availableMinor.toString(), balance: minorToDecimal(availableMinor) };
  }

  /** `GCS_walletTransfer`: `in` main → vendor wallet, `out` vendor wallet → main. */
  async walletTransfer(
    actor: Actor,
    body: WalletTransferBody,
    key: string,
    ip: string,
  ): Promise<WalletTransferResult> {
    requireReal(actor);
    const amountMinor = amountOf(body.amount);
    const request = { vendor: body.vendor, direction: body.direction, amountMinor };
    const { value } = await runIdempotent(
      this.#uow,
      { scope: `member:${actor.memberId}:wallet.transfer`, key, request },
      async ({ wallet: repository, ledger, audit }) => {
        const brand = await repository.brandWallet(actor.brandId);
        if (brand.singleWallet) throw new AppError('wallet_single_mode');
        const vendor = await repository.vendor(actor.brandId, body.vendor);
        // Money may always come back from a vendor the brand switched off, but none goes to it.
        if (!vendor || (body.direction === 'in' && !vendor.enabled)) throw new AppError('vendor_unknown');
        const main = await ledger.memberMainAccount(actor.memberId);
        const wallet = await repository.ensureMemberVendorAccount(actor.memberId, vendor.code);
        const toVendor = body.direction === 'in' ? amountMinor : -amountMinor;
        const entry = await ledger.post({
          brandId: actor.brandId,
          idempotencyKey: ledgerKeyOf(actor.memberId, 'wallet.transfer', key),
          kind: 'vendor_transfer',
          memo: body.direction === 'in' ? `main → ${vendor.code}` : `${vendor.code} → main`,
          createdBy: `member:${actor.memberId}`,
          postings: [
            { accountId: main.id, amountMinor: -toVendor },
            { accountId: wallet.id, amountMinor: toVendor },
          ],
        });
        const vendorAfter = entry.postings.find((posting) => posting.accountId === wallet.id);
        if (!vendorAfter) throw new Error('vendor posting missing');
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'wallet.transferred',
          ip,
          detail: {
            by: 'member',
            vendor: vendor.code,
            direction: body.direction,
            amountMinor,
            entryId: entry.entryId,
          },
        });
        return {
          entryId: entry.entryId.toString(),
          main: await this.#mainView(actor.memberId, ledger),
          vendor: {
            vendor: vendor.code,
            balanceMinor: vendorAfter.balanceAfterMinor.toString(),
            balance: minorToDecimal(vendorAfter.balanceAfterMinor),
          },
        };
      },
    );
    return value;
  }

  /**
   * `GCS_walletRecall`: every vendor wallet (or the one named) back to main in one entry. Nothing to
   * recall is an answer, not an error (`recalledMinor: "0"`, no entry). The wallets are locked while
   * read so the amounts moved are exactly what they hold.
   */
  async recall(actor: Actor, body: WalletRecallBody, key: string, ip: string): Promise<WalletRecallResult> {
    requireReal(actor);
    const { value } = await runIdempotent(
      this.#uow,
      { scope: `member:${actor.memberId}:wallet.recall`, key, request: { vendor: body.vendor ?? null } },
      async ({ wallet: repository, ledger, audit }) => {
        let vendorCode: string | undefined;
        if (body.vendor !== undefined) {
          const vendor = await repository.vendor(actor.brandId, body.vendor);
          if (!vendor) throw new AppError('vendor_unknown');
          vendorCode = vendor.code;
        }
        const wallets = await repository.memberVendorAccounts(actor.memberId, {
          ...(vendorCode === undefined ? {} : { vendor: vendorCode }),
          forUpdate: true,
        });
        const moves = wallets
          .map((wallet) => ({ accountId: wallet.id, amountMinor: wallet.balance_minor - wallet.held_minor }))
          .filter((move) => move.amountMinor > 0n);
        const recalled = moves.reduce((sum, move) => sum + move.amountMinor, 0n);
        if (recalled > 0n) {
          const main = await ledger.memberMainAccount(actor.memberId);
          const entry = await ledger.post({
            brandId: actor.brandId,
            idempotencyKey: ledgerKeyOf(actor.memberId, 'wallet.recall', key),
            kind: 'vendor_transfer',
            memo: vendorCode === undefined ? 'recall → main' : `recall ${vendorCode} → main`,
            createdBy: `member:${actor.memberId}`,
            postings: [
              ...moves.map((move) => ({ accountId: move.accountId, amountMinor: -move.amountMinor })),
              { accountId: main.id, amountMinor: recalled },
            ],
          });
          // Nothing recalled moved no money, so it is not audited.
          await audit.record({
            brandId: actor.brandId,
            operatorId: null,
            memberId: actor.memberId,
            action: 'wallet.recalled',
            ip,
            detail: {
              by: 'member',
              vendor: vendorCode ?? null,
              amountMinor: recalled,
              wallets: moves.length,
              entryId: entry.entryId,
            },
          });
        }
        return {
          recalledMinor: recalled.toString(),
          recalled: minorToDecimal(recalled),
          main: await this.#mainView(actor.memberId, ledger),
        };
      },
    );
    return value;
  }

  /** `POST /wps/member/transfer/upline` (sealed): to the member's own upline only. */
  async toUpline(
    actor: Actor,
    payload: TransferUplinePayload,
    key: string,
    ip: string,
  ): Promise<AgentTransferResult> {
    requireReal(actor);
    const amountMinor = amountOf(payload.amount);
    return this.#agentTransfer(actor, key, ip, {
      call: 'transfer.upline',
      request: { amountMinor },
      amountMinor,
      password: payload.withdrawPassword,
      recipient: (repository) =>
        actor.uplineId === null ? Promise.resolve(undefined) : repository.memberById(actor.uplineId),
    });
  }

  /** `POST /wps/agent/transfer/downline` (sealed): an agent to a member whose upline it is. */
  async toDownline(
    actor: Actor,
    payload: TransferDownlinePayload,
    key: string,
    ip: string,
  ): Promise<AgentTransferResult> {
    requireReal(actor);
    if (actor.agentType === null) throw new AppError('transfer_not_allowed');
    const amountMinor = amountOf(payload.amount);
    return this.#agentTransfer(actor, key, ip, {
      call: 'transfer.downline',
      request: { username: payload.username.toLowerCase(), amountMinor },
      amountMinor,
      password: payload.withdrawPassword,
      recipient: async (repository) => {
        const target = await repository.memberByUsername(actor.brandId, payload.username);
        return target?.uplineId === actor.memberId ? target : undefined;
      },
    });
  }

  /**
   * One `agent_transfer` entry along a direct edge of the tree (members.upline_id). Anything but a live,
   * real account of the brand at the other end of that edge is `transfer_not_allowed`; an unknown username
   * reads the same as a stranger's, so the call does not reveal who exists. The payment password is
   * checked after the tree rules and is never part of the stored request hash (a hash of it could be
   * guessed offline). It is checked before the money transaction opens, because its try is reserved and
   * counted in statements of their own (docs/api.md "Attempt limits"); the tree rules are therefore asked
   * once before it and again inside the transaction, where the recipient row is read for the transfer.
   */
  async #agentTransfer(
    actor: Actor,
    key: string,
    ip: string,
    input: {
      call: string;
      request: Record<string, unknown>;
      amountMinor: bigint;
      password: string;
      recipient: (repository: WalletRepository) => Promise<TransferParty | undefined>;
    },
  ): Promise<AgentTransferResult> {
    const { repository, paymentPassword } = this.#deps;
    const allowedRecipient = (recipient: TransferParty | undefined): TransferParty => {
      if (
        !recipient ||
        recipient.id === actor.memberId ||
        recipient.brandId !== actor.brandId ||
        recipient.disabled ||
        !recipient.real
      ) {
        throw new AppError('transfer_not_allowed');
      }
      return recipient;
    };
    allowedRecipient(await input.recipient(repository));
    await paymentPassword.verify(actor.memberId, input.password, ip);
    const { value } = await runIdempotent(
      this.#uow,
      { scope: `member:${actor.memberId}:${input.call}`, key, request: input.request },
      async ({ wallet, ledger, audit }) => {
        const recipient = allowedRecipient(await input.recipient(wallet));
        const from = await ledger.memberMainAccount(actor.memberId);
        const to = await ledger.memberMainAccount(recipient.id);
        const entry = await ledger.post({
          brandId: actor.brandId,
          idempotencyKey: ledgerKeyOf(actor.memberId, input.call, key),
          kind: 'agent_transfer',
          memo: `${actor.username} → ${recipient.username}`,
          createdBy: `member:${actor.memberId}`,
          postings: [
            { accountId: from.id, amountMinor: -input.amountMinor },
            { accountId: to.id, amountMinor: input.amountMinor },
          ],
        });
        // The sender's row (`member_id`); the recipient is in `detail`. `transfer.upline` / `.downline`.
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: input.call,
          ip,
          detail: {
            by: 'member',
            toMemberId: recipient.id,
            to: recipient.username,
            amountMinor: input.amountMinor,
            entryId: entry.entryId,
          },
        });
        return {
          entryId: entry.entryId.toString(),
          amountMinor: input.amountMinor.toString(),
          amount: minorToDecimal(input.amountMinor),
          to: recipient.username,
          main: await this.#mainView(actor.memberId, ledger),
        };
      },
    );
    return value;
  }
}

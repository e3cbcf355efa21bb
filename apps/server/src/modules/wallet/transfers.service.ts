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
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MemberRow } from '../../db/tables/accounts.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { recordOperatorAction } from '../../lib/operator-audit.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { WalletRepository } from './wallet.repository.ts';
import { amountOf, isRealAccount, ledgerKeyOf } from './wallet-rules.ts';

/**
 * Checks the member's payment password (WithdrawPasswordService of the withdrawals module): throws
 * `withdraw_password_not_set`, `withdraw_password_error` or `withdraw_password_locked`.
 */
export type PaymentPasswordVerifier = {
  verify(memberId: bigint, password: string, ip?: string): Promise<unknown>;
};

export type TransfersServiceDeps = {
  db: Kysely<Database>;
  ledger: LedgerService;
  repository: WalletRepository;
  paymentPassword: PaymentPasswordVerifier;
};

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

  constructor(deps: TransfersServiceDeps) {
    this.#deps = deps;
  }

  async #mainView(memberId: bigint, trx: Kysely<Database>) {
    const { availableMinor } = await this.#deps.ledger.balanceOf(memberId, trx);
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
    const { db, ledger, repository } = this.#deps;
    const request = { vendor: body.vendor, direction: body.direction, amountMinor };
    const { value } = await runIdempotent(
      db,
      { scope: `member:${actor.memberId}:wallet.transfer`, key, request },
      async (trx) => {
        const brand = await repository.brandWallet(actor.brandId, trx);
        if (brand.singleWallet) throw new AppError('wallet_single_mode');
        const vendor = await repository.vendor(actor.brandId, body.vendor, trx);
        // Money may always come back from a vendor the brand switched off, but none goes to it.
        if (!vendor || (body.direction === 'in' && !vendor.enabled)) throw new AppError('vendor_unknown');
        const main = await ledger.memberMainAccount(actor.memberId, trx);
        const wallet = await repository.ensureMemberVendorAccount(actor.memberId, vendor.code, trx);
        const toVendor = body.direction === 'in' ? amountMinor : -amountMinor;
        const entry = await ledger.post(
          {
            brandId: actor.brandId,
            idempotencyKey: ledgerKeyOf(actor.memberId, 'wallet.transfer', key),
            kind: 'vendor_transfer',
            memo: body.direction === 'in' ? `main → ${vendor.code}` : `${vendor.code} → main`,
            createdBy: `member:${actor.memberId}`,
            postings: [
              { accountId: main.id, amountMinor: -toVendor },
              { accountId: wallet.id, amountMinor: toVendor },
            ],
          },
          trx,
        );
        const vendorAfter = entry.postings.find((posting) => posting.accountId === wallet.id);
        if (!vendorAfter) throw new Error('vendor posting missing');
        await recordOperatorAction(trx, {
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
          main: await this.#mainView(actor.memberId, trx),
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
    const { db, ledger, repository } = this.#deps;
    const { value } = await runIdempotent(
      db,
      { scope: `member:${actor.memberId}:wallet.recall`, key, request: { vendor: body.vendor ?? null } },
      async (trx) => {
        let vendorCode: string | undefined;
        if (body.vendor !== undefined) {
          const vendor = await repository.vendor(actor.brandId, body.vendor, trx);
          if (!vendor) throw new AppError('vendor_unknown');
          vendorCode = vendor.code;
        }
        const wallets = await repository.memberVendorAccounts(
          actor.memberId,
          { ...(vendorCode === undefined ? {} : { vendor: vendorCode }), forUpdate: true },
          trx,
        );
        const moves = wallets
          .map((wallet) => ({ accountId: wallet.id, amountMinor: wallet.balance_minor - wallet.held_minor }))
          .filter((move) => move.amountMinor > 0n);
        const recalled = moves.reduce((sum, move) => sum + move.amountMinor, 0n);
        if (recalled > 0n) {
          const main = await ledger.memberMainAccount(actor.memberId, trx);
          const entry = await ledger.post(
            {
              brandId: actor.brandId,
              idempotencyKey: ledgerKeyOf(actor.memberId, 'wallet.recall', key),
              kind: 'vendor_transfer',
              memo: vendorCode === undefined ? 'recall → main' : `recall ${vendorCode} → main`,
              createdBy: `member:${actor.memberId}`,
              postings: [
                ...moves.map((move) => ({ accountId: move.accountId, amountMinor: -move.amountMinor })),
                { accountId: main.id, amountMinor: recalled },
              ],
            },
            trx,
          );
          // Nothing recalled moved no money, so it is not audited.
          await recordOperatorAction(trx, {
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
          main: await this.#mainView(actor.memberId, trx),
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
      recipient: (trx) =>
        actor.uplineId === null
          ? Promise.resolve(undefined)
          : this.#deps.repository.memberById(actor.uplineId, trx),
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
      recipient: async (trx) => {
        const target = await this.#deps.repository.memberByUsername(actor.brandId, payload.username, trx);
        return target?.upline_id === actor.memberId ? target : undefined;
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
      recipient: (trx: Kysely<Database>) => Promise<MemberRow | undefined>;
    },
  ): Promise<AgentTransferResult> {
    const { db, ledger, paymentPassword } = this.#deps;
    const allowedRecipient = (recipient: MemberRow | undefined): MemberRow => {
      if (
        !recipient ||
        recipient.id === actor.memberId ||
        recipient.brand_id !== actor.brandId ||
        recipient.status === 'disabled' ||
        !isRealAccount(recipient)
      ) {
        throw new AppError('transfer_not_allowed');
      }
      return recipient;
    };
    allowedRecipient(await input.recipient(db));
    await paymentPassword.verify(actor.memberId, input.password, ip);
    const { value } = await runIdempotent(
      db,
      { scope: `member:${actor.memberId}:${input.call}`, key, request: input.request },
      async (trx) => {
        const recipient = allowedRecipient(await input.recipient(trx));
        const from = await ledger.memberMainAccount(actor.memberId, trx);
        const to = await ledger.memberMainAccount(recipient.id, trx);
        const entry = await ledger.post(
          {
            brandId: actor.brandId,
            idempotencyKey: ledgerKeyOf(actor.memberId, input.call, key),
            kind: 'agent_transfer',
            memo: `${actor.username} → ${recipient.username}`,
            createdBy: `member:${actor.memberId}`,
            postings: [
              { accountId: from.id, amountMinor: -input.amountMinor },
              { accountId: to.id, amountMinor: input.amountMinor },
            ],
          },
          trx,
        );
        // The sender's row (`member_id`); the recipient is in `detail`. `transfer.upline` / `.downline`.
        await recordOperatorAction(trx, {
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
          main: await this.#mainView(actor.memberId, trx),
        };
      },
    );
    return value;
  }
}

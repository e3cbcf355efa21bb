import type { CREDIT_KINDS, RefusalStatus } from './protocol-wire.ts';

/**
 * The seamless-wallet protocol as a vendor's code sees it (docs/vendor-protocol.md is the wire contract).
 * The in-house studio uses it through `SeamlessWalletClient` and nothing else; the platform serves it in
 * vendor-protocol.routes.ts. Amounts are minor units; the wire carries them as decimal strings.
 */

export type WalletOk = {
  status: 'OK';
  /** The player's balance after the call. */
  balanceMinor: bigint;
  /** The platform's id of the transaction (for the vendor's reconciliation). */
  platformTxnId: string;
  /** True when this answer replays an earlier call with the same transaction id. */
  replayed: boolean;
};

/** Refusals a vendor must handle; every other failure is an HTTP error (retry with the same txn id). */
export type WalletRefusal = {
  /**
   * INSUFFICIENT_FUNDS, SESSION_EXPIRED, PLAYER_NOT_FOUND, TXN_ROLLED_BACK, TXN_CONFLICT, ROUND_CLOSED (the
   * round is settled, rolled back or another player's), ROUND_HAS_CREDIT (a rollback of a debit whose round
   * already has a credit), BET_NOT_FOUND (a win credit on a round without a standing debit of the player),
   * LIMIT_REACHED (a debit whose stake would pass a loss or wager limit the player set), PLAY_PAUSED (a
   * debit while a reality check is due on the player's session; bets resume after the player acknowledges it).
   */
  status: RefusalStatus;
  /** The current balance where the platform knows the player (INSUFFICIENT_FUNDS always has it). */
  balanceMinor: bigint | null;
};

export type WalletResult = WalletOk | WalletRefusal;

export type AuthenticateResult =
  | {
      status: 'OK';
      playerId: string;
      /** Used on balance and debit calls; credits and rollbacks are accepted after it expires. */
      sessionToken: string;
      sessionExpiresAt: Date;
      currency: string;
      currencySymbol: string;
      balanceMinor: bigint;
      gameCode: string;
      language: string;
      nickname: string;
    }
  | { status: 'SESSION_EXPIRED' | 'PLAYER_NOT_FOUND'; balanceMinor: null };

export type DebitInput = {
  playerId: string;
  sessionToken: string;
  txnId: string;
  roundId: string;
  gameCode: string;
  amountMinor: bigint;
};

export type CreditInput = {
  playerId: string;
  sessionToken: string;
  txnId: string;
  roundId: string;
  gameCode: string;
  /** 0 is allowed: it closes a lost round. */
  amountMinor: bigint;
  /** True when no further call will come for this round. */
  roundClosed: boolean;
  /**
   * `win` (the default) pays the player's bets and needs a standing debit on the round; `free_round` and
   * `bonus` are granted by the vendor on the brand's bonus account and need no debit.
   */
  kind?: CreditKind;
};

export type CreditKind = (typeof CREDIT_KINDS)[number];

export type RollbackInput = {
  playerId: string;
  sessionToken: string;
  txnId: string;
  /** The debit being cancelled. */
  targetTxnId: string;
  roundId: string;
  gameCode: string;
};

export interface SeamlessWalletClient {
  authenticate(launchToken: string): Promise<AuthenticateResult>;
  balance(input: { playerId: string; sessionToken: string }): Promise<WalletResult>;
  debit(input: DebitInput): Promise<WalletResult>;
  credit(input: CreditInput): Promise<WalletResult>;
  rollback(input: RollbackInput): Promise<WalletResult>;
}

import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Kysely's view of the account tables (migration 0004_accounts). Conventions as in db/schema.ts: jsonb is
 * written as JSON text and read parsed; text[] columns take and return JS string arrays.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** `disabled`: not a member account that may enter the site (`member_no_enter`). */
export type MemberStatusColumn = 'active' | 'locked' | 'disabled';

export type RegisterMethod =
  | 'seed'
  | 'username'
  | 'mobile'
  | 'one_click'
  | 'free_play'
  | 'google'
  | 'facebook'
  | 'telegram';

export interface ServerKeysTable {
  id: Generated<bigint>;
  key_id: string;
  algorithm: string;
  public_key_spki: string;
  private_key_pkcs8: string;
  created_at: Generated<Date>;
}

export interface MembersTable {
  id: Generated<bigint>;
  brand_id: bigint;
  username: string;
  mobile_num: string | null;
  country_dialing_code: string | null;
  nickname: string | null;
  email: string | null;
  payee_name: string | null;
  member_type: Defaulted<number>;
  is_trial: Defaulted<boolean>;
  rank_level: Defaulted<number>;
  club_label_name: string | null;
  member_labels: Defaulted<string[]>;
  upline_id: bigint | null;
  first_login_at: Date | null;
  must_change_password: Defaulted<boolean>;
  password_hash: string;
  password_changed_at: Timestamp;
  status: Defaulted<MemberStatusColumn>;
  failed_logins: Defaulted<number>;
  first_failed_at: Date | null;
  locked_until: Date | null;
  created_at: Generated<Date>;
  // 0005_account_flows
  affiliate_code: string | null;
  /** The optional registration fields (qqNum, line, birthday, ...) keyed by REGISTRATION_FIELD_KEYS. */
  registration_fields: Json<Record<string, string>>;
  language: string | null;
  avatar_id: number | null;
  register_ip: string | null;
  register_method: RegisterMethod | null;
  referred_by_id: bigint | null;
  /** The payment (withdraw) password, scrypt like the login password (0007); null until set. */
  withdraw_password_hash: string | null;
  withdraw_password_failures: ColumnType<number, number | undefined, number>;
  withdraw_password_locked_until: Date | null;
}

export interface SessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  member_id: bigint;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  is_first_login: Defaulted<boolean>;
  ip: string;
  user_agent: string | null;
  /** 0015: the session may only read member info, change the password and log out (password_change_required). */
  password_change_required: Defaulted<boolean>;
  /** 0022: when the next reality check is due (bets are refused from then until it is acknowledged). */
  reality_check_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0022: when the player's session time limit ends this session (null: no limit). */
  play_ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  brand_id: bigint | null;
  member_id: bigint | null;
  action: string;
  ip: string;
  user_agent: string | null;
  detail: Json<Record<string, unknown>>;
  created_at: Timestamp;
  /** The operator who acted (0007); member_id is the member acted upon, if any. */
  operator_id: bigint | null;
  /**
   * Hash chain (0009, 0019): null until the `audit.seal` job chains the row (`audit_seal`), never set by the
   * writer (an insert trigger blanks them).
   */
  chain_seq: SealerSet<bigint>;
  prev_hash: SealerSet<string>;
  row_hash: SealerSet<string>;
}

/** Set only by the database's sealing function: never inserted or updated through Kysely. */
type SealerSet<T> = ColumnType<T | null, never, never>;

/** The chain's newest link and newest seal (0009, 0019): one row, moved only by `audit_seal`. */
export interface AuditChainHeadTable {
  singleton: Generated<boolean>;
  last_seq: Generated<bigint>;
  last_hash: Generated<string>;
  last_seal_seq: Generated<bigint>;
  last_seal_hash: Generated<string>;
}

/** One seal over a batch of chained audit rows (0019); the seals form a hash chain of their own. */
export interface AuditSealsTable {
  seq: bigint;
  /** The `chain_seq` range it covers. */
  first_seq: bigint;
  last_seq: bigint;
  row_count: number;
  /** sha256 over the covered rows' `row_hash`es in chain order (`audit_rows_hash`). */
  rows_hash: string;
  sealed_at: Date;
  /** The previous seal's `seal_hash` (64 zeros for the first). */
  prev_hash: string;
  seal_hash: string;
}

export interface AccountTables {
  server_keys: ServerKeysTable;
  members: MembersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  audit_seals: AuditSealsTable;
}

export type MemberRow = Selectable<MembersTable>;
export type SessionRow = Selectable<SessionsTable>;

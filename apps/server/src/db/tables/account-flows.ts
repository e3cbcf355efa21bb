import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Kysely's view of the tables of migration 0005_account_flows (docs/accounts-contract.md). Every secret is
 * stored as the hex SHA-256 of the value the client holds; `*_at` columns mark use, so each is single-use.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type CodePurpose = 'login' | 'register' | 'reset_password' | 'login_verify';
export type CodeChannel = 'sms' | 'email';
export type IdentityProvider = 'google' | 'facebook' | 'telegram';
export type OidcProvider = 'google' | 'facebook';

export interface CaptchasTable {
  id_hash: string;
  answer_hash: string;
  ip: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface HumanChallengesTable {
  id_hash: string;
  difficulty: number;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface VerificationCodesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  purpose: CodePurpose;
  channel: CodeChannel;
  /** '+919876543210' for SMS (dialing code + number), the lower-cased address for e-mail. */
  destination: string;
  code_hash: string;
  attempts: Defaulted<number>;
  ip: string;
  created_at: Timestamp;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface OutboxMessagesTable {
  id: Generated<bigint>;
  brand_id: bigint | null;
  channel: CodeChannel;
  destination: string;
  subject: string | null;
  body: string;
  created_at: Timestamp;
}

export interface RememberTokensTable {
  id: Generated<bigint>;
  token_hash: string;
  member_id: bigint;
  login_type: 'username' | 'sms';
  created_at: Timestamp;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface MemberKnownIpsTable {
  member_id: bigint;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface LoginChallengesTable {
  id_hash: string;
  member_id: bigint;
  ip: string;
  login_type: 'username' | 'sms' | 'remembered';
  remember: Defaulted<boolean>;
  /** Subset of 'sms' | 'email' | 'payee_name'. */
  methods: string[];
  attempts: Defaulted<number>;
  created_at: Timestamp;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  member_id: bigint;
  ip: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface MemberIdentitiesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  provider: IdentityProvider;
  subject: string;
  email: string | null;
  display_name: string | null;
  created_at: Timestamp;
}

export interface OauthStatesTable {
  state_hash: string;
  brand_id: bigint;
  provider: OidcProvider;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface OauthLoginCodesTable {
  code_hash: string;
  member_id: bigint;
  provider: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface AccountFlowTables {
  captchas: CaptchasTable;
  human_challenges: HumanChallengesTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  remember_tokens: RememberTokensTable;
  member_known_ips: MemberKnownIpsTable;
  login_challenges: LoginChallengesTable;
  password_resets: PasswordResetsTable;
  member_identities: MemberIdentitiesTable;
  oauth_states: OauthStatesTable;
  oauth_login_codes: OauthLoginCodesTable;
}

export type VerificationCodeRow = Selectable<VerificationCodesTable>;
export type LoginChallengeRow = Selectable<LoginChallengesTable>;
export type RememberTokenRow = Selectable<RememberTokensTable>;

// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Accounts, first slice (issue 4):
 *
 * - `server_keys`: the RSA key pair that opens sealed request bodies (docs/api.md "Sealed payloads"). Made
 *   on first use and kept, so a browser holding the published key keeps working across restarts. The
 *   newest row is the active one; an operator rotates by inserting a new row (docs/database.md).
 * - `members`: accounts of a brand. Usernames are unique per brand regardless of case (an index on
 *   lower(username)). `member_type` follows SPEC §6: 0 player, 1, 2, 41, 42 agents, 4 not a real account.
 * - `sessions`: only the SHA-256 of a token is stored, so a database leak does not leak live sessions.
 * - `audit_log`: who did what, when and from where (logins, failures, locks, logouts).
 */

const upStatements = [
  sql`create table server_keys (
    id bigint generated always as identity primary key,
    key_id text not null unique check (key_id ~ '^[A-Za-z0-9_-]{1,64}$'),
    algorithm text not null check (algorithm = 'RSA-OAEP-256'),
    public_key_spki text not null,
    private_key_pkcs8 text not null,
    created_at timestamptz not null default now()
  )`,

  sql`create table members (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    username text not null check (username ~ '^[A-Za-z0-9_]{3,32}$'),
    mobile_num text check (mobile_num ~ '^[0-9]{4,20}$'),
    country_dialing_code text check (country_dialing_code ~ '^\\+?[0-9]{1,4}$'),
    nickname text check (length(nickname) <= 64),
    email text check (length(email) <= 254),
    payee_name text check (length(payee_name) <= 128),
    member_type smallint not null default 0 check (member_type in (0, 1, 2, 4, 41, 42)),
    is_trial boolean not null default false,
    rank_level integer not null default 0 check (rank_level >= 0),
    club_label_name text check (length(club_label_name) <= 64),
    member_labels text[] not null default '{}',
    upline_id bigint references members (id) on delete set null,
    first_login_at timestamptz,
    must_change_password boolean not null default false,
    password_hash text not null,
    password_changed_at timestamptz not null default now(),
    status text not null default 'active' check (status in ('active', 'locked')),
    failed_logins integer not null default 0 check (failed_logins >= 0),
    first_failed_at timestamptz,
    locked_until timestamptz,
    created_at timestamptz not null default now()
  )`,
  sql`create unique index members_brand_username_key on members (brand_id, lower(username))`,
  sql`create index members_upline_idx on members (upline_id)`,

  sql`create table sessions (
    id bigint generated always as identity primary key,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    member_id bigint not null references members (id) on delete cascade,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    -- the member's very first login opened this session (member info's firstTimeLogin)
    is_first_login boolean not null default false,
    ip text not null,
    user_agent text check (length(user_agent) <= 512)
  )`,
  sql`create index sessions_member_idx on sessions (member_id)`,

  sql`create table audit_log (
    id bigint generated always as identity primary key,
    brand_id bigint references brands (id) on delete cascade,
    member_id bigint references members (id) on delete set null,
    action text not null check (action ~ '^[a-z][a-z_.]{0,63}$'),
    ip text not null,
    user_agent text check (length(user_agent) <= 512),
    detail jsonb not null default '{}',
    created_at timestamptz not null default now()
  )`,
  sql`create index audit_log_member_idx on audit_log (member_id, created_at)`,
  sql`create index audit_log_ip_action_idx on audit_log (ip, action, created_at)`,
];

const downStatements = [
  sql`drop table if exists audit_log`,
  sql`drop table if exists sessions`,
  sql`drop table if exists members`,
  sql`drop table if exists server_keys`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}

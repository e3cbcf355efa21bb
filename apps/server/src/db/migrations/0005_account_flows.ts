// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Accounts, second slice (issue 4; docs/accounts-contract.md): every way in and every password flow.
 *
 * - `members` gains what registration collects (affiliate code of agents, the optional registration fields,
 *   language, avatar, how and from where the account was made) and the `disabled` status (`member_no_enter`).
 *   Mobile numbers are unique per brand, so "log in by SMS code" names exactly one account.
 * - `brands` gains the account settings: when login asks for a captcha, and the password age after which
 *   PWDEXPFORCECHANGE3 forces a change.
 * - Short-lived secrets (captchas, SMS/e-mail codes, human-check challenges, new-IP login challenges,
 *   password-reset links, OAuth states and one-time login codes, remember-me tokens) are stored only as
 *   SHA-256 hashes with an expiry and a used/revoked time, so each is single-use and a database leak does
 *   not leak live ones.
 * - `outbox_messages`: what the default SMS and mail providers "send" (docs/accounts-contract.md "Providers").
 * - `member_identities`: a Google / Facebook / Telegram identity linked to an account; there is no way to
 *   change or unlink one (issue 4), so rows are only ever inserted.
 */

const upStatements = [
  sql`alter table members add column affiliate_code text check (affiliate_code ~ '^[A-Za-z0-9]{4,16}$')`,
  sql`create unique index members_brand_affiliate_key on members (brand_id, upper(affiliate_code)) where affiliate_code is not null`,
  sql`alter table members add column registration_fields jsonb not null default '{}' check (jsonb_typeof(registration_fields) = 'object')`,
  sql`alter table members add column language text check (language ~ '^[A-Z]{2}$')`,
  sql`alter table members add column avatar_id smallint check (avatar_id between 1 and 12)`,
  sql`alter table members add column register_ip text`,
  sql`alter table members add column register_method text check (register_method in ('seed', 'username', 'mobile', 'one_click', 'free_play', 'google', 'facebook', 'telegram'))`,
  sql`alter table members add column referred_by_id bigint references members (id) on delete set null`,
  sql`alter table members drop constraint members_status_check`,
  sql`alter table members add constraint members_status_check check (status in ('active', 'locked', 'disabled'))`,
  sql`create unique index members_brand_mobile_key on members (brand_id, country_dialing_code, mobile_num) where mobile_num is not null`,
  sql`create index members_brand_email_idx on members (brand_id, lower(email)) where email is not null`,

  sql`alter table brands add column login_captcha text not null default 'after_failures' check (login_captcha in ('off', 'after_failures', 'always'))`,
  sql`alter table brands add column password_max_age_days integer check (password_max_age_days between 1 and 3650)`,

  sql`create table captchas (
    id_hash text primary key check (id_hash ~ '^[0-9a-f]{64}$'),
    answer_hash text not null check (answer_hash ~ '^[0-9a-f]{64}$'),
    ip text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  sql`create index captchas_ip_idx on captchas (ip, created_at)`,

  sql`create table human_challenges (
    id_hash text primary key check (id_hash ~ '^[0-9a-f]{64}$'),
    difficulty smallint not null check (difficulty between 0 and 32),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,

  sql`create table verification_codes (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    purpose text not null check (purpose in ('login', 'register', 'reset_password', 'login_verify')),
    channel text not null check (channel in ('sms', 'email')),
    destination text not null check (length(destination) between 3 and 254),
    code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
    attempts integer not null default 0 check (attempts >= 0),
    ip text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    consumed_at timestamptz
  )`,
  sql`create index verification_codes_lookup_idx on verification_codes (brand_id, purpose, destination, created_at)`,
  sql`create index verification_codes_ip_idx on verification_codes (ip, created_at)`,

  sql`create table outbox_messages (
    id bigint generated always as identity primary key,
    brand_id bigint references brands (id) on delete cascade,
    channel text not null check (channel in ('sms', 'email')),
    destination text not null check (length(destination) between 3 and 254),
    subject text check (length(subject) <= 200),
    body text not null check (length(body) <= 4000),
    created_at timestamptz not null default now()
  )`,
  sql`create index outbox_messages_destination_idx on outbox_messages (destination, created_at)`,

  sql`create table remember_tokens (
    id bigint generated always as identity primary key,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    member_id bigint not null references members (id) on delete cascade,
    login_type text not null check (login_type in ('username', 'sms')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  sql`create index remember_tokens_member_idx on remember_tokens (member_id)`,

  sql`create table member_known_ips (
    member_id bigint not null references members (id) on delete cascade,
    ip text not null,
    first_seen_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    primary key (member_id, ip)
  )`,

  sql`create table login_challenges (
    id_hash text primary key check (id_hash ~ '^[0-9a-f]{64}$'),
    member_id bigint not null references members (id) on delete cascade,
    ip text not null,
    login_type text not null check (login_type in ('username', 'sms', 'remembered')),
    remember boolean not null default false,
    methods text[] not null,
    attempts integer not null default 0 check (attempts >= 0),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    consumed_at timestamptz
  )`,

  sql`create table password_resets (
    token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
    member_id bigint not null references members (id) on delete cascade,
    ip text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  sql`create index password_resets_member_idx on password_resets (member_id)`,

  sql`create table member_identities (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    member_id bigint not null references members (id) on delete cascade,
    provider text not null check (provider in ('google', 'facebook', 'telegram')),
    subject text not null check (length(subject) between 1 and 255),
    email text check (length(email) <= 254),
    display_name text check (length(display_name) <= 128),
    created_at timestamptz not null default now(),
    unique (brand_id, provider, subject),
    unique (member_id, provider)
  )`,

  sql`create table oauth_states (
    state_hash text primary key check (state_hash ~ '^[0-9a-f]{64}$'),
    brand_id bigint not null references brands (id) on delete cascade,
    provider text not null check (provider in ('google', 'facebook')),
    code_verifier text not null check (length(code_verifier) between 43 and 128),
    nonce text not null check (length(nonce) between 16 and 128),
    redirect_uri text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,

  sql`create table oauth_login_codes (
    code_hash text primary key check (code_hash ~ '^[0-9a-f]{64}$'),
    member_id bigint not null references members (id) on delete cascade,
    provider text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
];

const downStatements = [
  sql`drop table if exists oauth_login_codes`,
  sql`drop table if exists oauth_states`,
  sql`drop table if exists member_identities`,
  sql`drop table if exists password_resets`,
  sql`drop table if exists login_challenges`,
  sql`drop table if exists member_known_ips`,
  sql`drop table if exists remember_tokens`,
  sql`drop table if exists outbox_messages`,
  sql`drop table if exists verification_codes`,
  sql`drop table if exists human_challenges`,
  sql`drop table if exists captchas`,
  sql`alter table brands drop column if exists password_max_age_days`,
  sql`alter table brands drop column if exists login_captcha`,
  sql`drop index if exists members_brand_email_idx`,
  sql`drop index if exists members_brand_mobile_key`,
  sql`alter table members drop constraint members_status_check`,
  sql`update members set status = 'locked' where status = 'disabled'`,
  sql`alter table members add constraint members_status_check check (status in ('active', 'locked'))`,
  sql`alter table members drop column if exists referred_by_id`,
  sql`alter table members drop column if exists register_method`,
  sql`alter table members drop column if exists register_ip`,
  sql`alter table members drop column if exists avatar_id`,
  sql`alter table members drop column if exists language`,
  sql`alter table members drop column if exists registration_fields`,
  sql`drop index if exists members_brand_affiliate_key`,
  sql`alter table members drop column if exists affiliate_code`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}

// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Player protection (issue 17, docs/player-protection.md): the player's own limits, breaks and exclusions,
 * and the daily totals the money limits are measured against.
 *
 * - `play_limits`: one row per limit *version*. A limit is in force at `t` when `effective_from <= t` and
 *   (`effective_until` is null or `> t`). Lowering a limit ends the current version now and starts the lower
 *   one now; raising or removing it ends the current version 24 hours from now (and starts the higher one
 *   then), so the stricter value stays in force for the whole cooling period. A pending (future) version is
 *   cancelled by deleting it and clearing the current version's end. History stays: nothing in force is
 *   ever edited in place. `kind` `session` is a session time limit, `amount` in minutes, `period` `session`.
 * - `member_activity_days`: per member and UTC day (the brand's day is UTC, packages/shared date-ranges),
 *   the money the player deposited, withdrew, staked and won. Written in the money transactions themselves
 *   (the vendor call, the deposit credit, the withdrawal), so the loss and wager limits are checked against
 *   totals that include every committed bet, and "my activity" reads it directly.
 * - `play_exclusions`: cool-off (24 h … 6 weeks), self-exclusion (6 months … 5 years) and an operator's
 *   exclusion. In force from `starts_at` until `ends_at`; a self-exclusion keeps the account closed after
 *   `ends_at` until the player asked to reopen (`reopen_requested_at`) and 24 hours passed. Never shortened:
 *   a trigger refuses any update that moves `ends_at` earlier or touches `starts_at`/`kind`.
 * - `member_protection`: the player's settings: reality-check interval (15/30/60 minutes) and whether the
 *   first-deposit prompt to set a deposit limit was answered.
 * - `sessions.reality_check_at`: when the login session's next reality check is due (bets are refused from
 *   then until the player acknowledges it); `sessions.play_ends_at`: when a session time limit ends it.
 * - `brands.protection_help_links`: the help organisations (name, url) the pages link to, per brand.
 * - `game_launch_sessions.login_session_id`: the login session a game was launched from, so a vendor's
 *   debit finds the reality check and session limit of the session that plays.
 */

/** The session columns migration 0020's trigger announces a change of. */
const ANNOUNCED_0020 = [
  'revoked_at',
  'expires_at',
  'password_change_required',
  'is_first_login',
  'member_id',
  'token_hash',
];

/** 0020's `sessions_announce_update`, watching `columns`. */
function sessionsAnnounceTrigger(columns: string[]) {
  const changed = sql.join(
    columns.map((column) => sql`old.${sql.ref(column)} is distinct from new.${sql.ref(column)}`),
    sql` or `,
  );
  return sql`create trigger sessions_announce_update after update on sessions for each row
    when (${changed}) execute function lotus_announce_session()`;
}

const upStatements = [
  sql`create table play_limits (
    id bigserial primary key,
    member_id bigint not null references members (id),
    kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
    period text not null check (period in ('day', 'week', 'month', 'session')),
    amount bigint not null check (amount > 0),
    effective_from timestamptz not null,
    effective_until timestamptz,
    created_at timestamptz not null default now(),
    created_by text not null,
    check ((kind = 'session') = (period = 'session')),
    check (effective_until is null or effective_until > effective_from)
  )`,
  sql`create index play_limits_member on play_limits (member_id, kind, period, effective_from desc)`,
  sql`create table member_activity_days (
    member_id bigint not null references members (id),
    day date not null,
    deposited_minor bigint not null default 0 check (deposited_minor >= 0),
    withdrawn_minor bigint not null default 0 check (withdrawn_minor >= 0),
    staked_minor bigint not null default 0,
    won_minor bigint not null default 0 check (won_minor >= 0),
    rounds integer not null default 0,
    primary key (member_id, day)
  )`,
  // The money limits in force for a member at p_now, each with what counts against it in its current UTC
  // period: deposits requested (pending or approved: a pending one cannot be used twice), the net loss
  // (staked − won, never below 0) or the stakes. The one definition of "used", read by the "Play limits"
  // page and by the money paths (which take their member's lock first: see docs/player-protection.md).
  sql`create function play_limits_in_force(p_member_id bigint, p_now timestamptz)
    returns table (kind text, period text, amount bigint, used bigint, period_start timestamptz,
                   period_end timestamptz)
    language sql stable as $$
      with lim as (
        select l.kind, l.period, l.amount,
               date_trunc(l.period, p_now at time zone 'UTC') at time zone 'UTC' as ps
          from play_limits l
         where l.member_id = p_member_id and l.kind <> 'session'
           and l.effective_from <= p_now and (l.effective_until is null or l.effective_until > p_now)
      )
      select lim.kind, lim.period, lim.amount,
             case lim.kind
               when 'deposit' then (
                 select coalesce(sum(d.amount_minor), 0)::bigint from deposits d
                  where d.member_id = p_member_id and d.status in ('pending', 'approved')
                    and d.created_at >= lim.ps)
               when 'loss' then (
                 select greatest(coalesce(sum(a.staked_minor - a.won_minor), 0), 0)::bigint
                   from member_activity_days a
                  where a.member_id = p_member_id and a.day >= (lim.ps at time zone 'UTC')::date)
               else (
                 select coalesce(sum(a.staked_minor), 0)::bigint from member_activity_days a
                  where a.member_id = p_member_id and a.day >= (lim.ps at time zone 'UTC')::date)
             end,
             lim.ps,
             lim.ps + ('1 ' || lim.period)::interval
        from lim
    $$`,
  sql`create table play_exclusions (
    id bigserial primary key,
    member_id bigint not null references members (id),
    kind text not null check (kind in ('cool_off', 'self_exclusion', 'operator')),
    starts_at timestamptz not null,
    ends_at timestamptz,
    reason text check (reason is null or char_length(reason) <= 500),
    created_by text not null,
    reopen_requested_at timestamptz,
    created_at timestamptz not null default now(),
    check (ends_at is null or ends_at > starts_at),
    check (kind = 'operator' or ends_at is not null)
  )`,
  sql`create index play_exclusions_member on play_exclusions (member_id, starts_at desc)`,
  sql`create function play_exclusions_never_shortened() returns trigger language plpgsql as $$
    begin
      if new.kind is distinct from old.kind or new.starts_at is distinct from old.starts_at
         or new.member_id is distinct from old.member_id
         or (old.ends_at is null and new.ends_at is not null and old.kind <> 'operator')
         or (old.ends_at is not null and (new.ends_at is null or new.ends_at < old.ends_at)
             and old.kind <> 'operator') then
        raise exception 'play_exclusion_guard: an exclusion is never shortened' using errcode = 'P0001';
      end if;
      return new;
    end
  $$`,
  sql`create trigger play_exclusions_never_shortened before update on play_exclusions
        for each row execute function play_exclusions_never_shortened()`,
  sql`create table member_protection (
    member_id bigint primary key references members (id),
    reality_check_minutes integer not null default 60 check (reality_check_minutes in (15, 30, 60)),
    deposit_prompt_answered_at timestamptz
  )`,
  // The help organisations the protection pages link to, per brand (an operator sets its market's own).
  sql`alter table brands add column protection_help_links jsonb not null default
    '[{"name":"Gamblers Anonymous","url":"https://www.gamblersanonymous.org"},{"name":"GamCare","url":"https://www.gamcare.org.uk"},{"name":"Gambling Therapy","url":"https://www.gamblingtherapy.org"}]'::jsonb`,
  sql`alter table sessions add column reality_check_at timestamptz`,
  sql`alter table sessions add column play_ends_at timestamptz`,
  // A lower session time limit moves `play_ends_at` of sessions already open: announce it like the other
  // columns a process decides a session on (migration 0020), so every process's cached copy is dropped.
  sql`drop trigger sessions_announce_update on sessions`,
  sessionsAnnounceTrigger([...ANNOUNCED_0020, 'play_ends_at']),
  sql`alter table game_launch_sessions add column login_session_id bigint references sessions (id) on delete set null`,
];

const downStatements = [
  sql`alter table game_launch_sessions drop column if exists login_session_id`,
  sql`drop trigger if exists sessions_announce_update on sessions`,
  sessionsAnnounceTrigger(ANNOUNCED_0020),
  sql`alter table sessions drop column if exists play_ends_at`,
  sql`alter table sessions drop column if exists reality_check_at`,
  sql`drop table if exists member_protection`,
  sql`alter table brands drop column if exists protection_help_links`,
  sql`drop trigger if exists play_exclusions_never_shortened on play_exclusions`,
  sql`drop function if exists play_exclusions_never_shortened()`,
  sql`drop table if exists play_exclusions`,
  sql`drop function if exists play_limits_in_force(bigint, timestamptz)`,
  sql`drop table if exists member_activity_days`,
  sql`drop table if exists play_limits`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}

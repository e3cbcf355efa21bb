// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Platform messages (SPEC §2 member centre "platform messages (messageV2)", SPEC §5 CSP_unreadCount):
 * - `platform_messages`: one row per message an operator (or the CLI, `created_by` null) sent; `member_id`
 *   null is a broadcast to every member of the brand. The body is rich text sanitised when stored (the
 *   content allow-list) and again in the browser.
 * - `platform_message_reads`: per-member state, created lazily: a row exists once the member read or
 *   deleted (hid) the message; no row = unread. A broadcast therefore costs one row, not one per member.
 *
 * A broadcast is shown only to members who existed when it was sent (`created_at` ≥ member's
 * `created_at`), so a new member does not inherit years of old notices; the rule lives in the queries.
 */
const upStatements = [
  sql`create table platform_messages (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    member_id bigint references members (id) on delete cascade,
    title text not null check (char_length(title) between 1 and 120),
    body text not null check (char_length(body) <= 20000),
    created_at timestamptz not null default now(),
    created_by bigint references operators (id) on delete set null
  )`,
  // The two reads of a member's list: its own messages, and the brand's broadcasts.
  sql`create index platform_messages_member on platform_messages (member_id, created_at desc) where member_id is not null`,
  sql`create index platform_messages_broadcast on platform_messages (brand_id, created_at desc) where member_id is null`,

  sql`create table platform_message_reads (
    message_id bigint not null references platform_messages (id) on delete cascade,
    member_id bigint not null references members (id) on delete cascade,
    read_at timestamptz not null default now(),
    deleted_at timestamptz,
    primary key (message_id, member_id)
  )`,
  sql`create index platform_message_reads_member on platform_message_reads (member_id)`,
];

const downStatements = [sql`drop table platform_message_reads`, sql`drop table platform_messages`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}

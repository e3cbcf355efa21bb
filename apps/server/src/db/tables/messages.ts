import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely's view of the tables of migration 0010_messages (platform messages, docs/database.md). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PlatformMessagesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  /** Null: a broadcast to every member of the brand who existed when it was sent. */
  member_id: bigint | null;
  title: string;
  /** Sanitised rich text (content allow-list), ≤ 20 000 characters. */
  body: string;
  created_at: Timestamp;
  /** The operator who sent it; null when it came from the CLI (or the seed). */
  created_by: bigint | null;
}

/** One row once a member has read or hidden a message; no row = unread. */
export interface PlatformMessageReadsTable {
  message_id: bigint;
  member_id: bigint;
  read_at: Timestamp;
  deleted_at: Date | null;
}

export interface MessageTables {
  platform_messages: PlatformMessagesTable;
  platform_message_reads: PlatformMessageReadsTable;
}

export type PlatformMessageRow = Selectable<PlatformMessagesTable>;

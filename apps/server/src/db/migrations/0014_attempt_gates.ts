// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Attempt counters for the gates that have no row of their own to count on (docs/api.md "Attempt limits"):
 * failed logins per IP, failures per username before a captcha is asked, wrong old passwords on a password
 * change, operator logins per username and address, reset e-mails per IP. They used to be counted from the
 * audit log after the secret was compared, so 50 requests at once all saw "0 failures" and all were
 * compared. A row here is reserved (one `insert … on conflict do update … where attempts < limit`) before
 * the comparison, so parallel attempts count one by one and the limit holds.
 *
 * One row per (gate, subject); the window starts at its first attempt and lasts the gate's window, after
 * which the next attempt starts a new one. Rows are small and few (one per IP or username that failed).
 */

const upStatements = [
  sql`create table attempt_gates (
    gate text not null check (length(gate) between 1 and 40),
    subject text not null check (length(subject) between 1 and 400),
    attempts integer not null check (attempts >= 0),
    window_started_at timestamptz not null,
    primary key (gate, subject)
  )`,
  sql`create index attempt_gates_window on attempt_gates (window_started_at)`,
];

const downStatements = [sql`drop table attempt_gates`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}

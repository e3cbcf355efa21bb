const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * An API time (ISO-8601) as SPEC §2 shows it: `yyyy-MM-dd HH:mm:ss`, in the visitor's time zone. An
 * unreadable value is shown as it came rather than as "NaN".
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

function localDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date and time told to a person in their language (`27 November 2026, 15:00` / `27 नवंबर 2026, 3:00 pm`):
 * for deadlines a player must understand at a glance (when a limit change applies, when a break ends). The
 * browser's own Intl data does the language; an unreadable value is shown as it came.
 */
export function formatLongDateTime(iso: string, language: string): string {
  const date = localDate(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** The date alone, in the person's language (`27 November 2026`). */
export function formatLongDate(iso: string, language: string): string {
  const date = localDate(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

/**
 * A calendar day of a report (`2026-11-27`, the server's UTC day) in the person's language (`27 Nov 2026`),
 * never shifted by the reader's time zone; anything else is shown as it came.
 */
export function formatDay(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, date),
  );
}

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

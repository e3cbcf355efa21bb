import dayjs from 'dayjs';

const DAY = 'YYYY-MM-DD';

/**
 * A promotion's period for display. Both ends may be open (null in the API): the caller turns the parts
 * into a sentence with its own translations.
 */
export function periodParts(
  startAt: string | null,
  endAt: string | null,
): {
  start: string | null;
  end: string | null;
} {
  const format = (iso: string | null) => (iso && dayjs(iso).isValid() ? dayjs(iso).format(DAY) : null);
  return { start: format(startAt), end: format(endAt) };
}

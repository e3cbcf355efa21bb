import dayjs from 'dayjs';

/** A publication time as the blog shows it: yyyy-MM-dd in the visitor's time zone. */
export function formatPublishedDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD') : '';
}

import dayjs from 'dayjs';

/** Contract format for times: yyyy-MM-dd HH:mm:ss in the visitor's time zone. */
export function formatWonAt(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm:ss') : '';
}

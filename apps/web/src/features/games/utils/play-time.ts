import type { TFunction } from '../../../lib/i18n.ts';

/** `725` → `0:12:05`: the overlay's clock. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** `725` → `{ hours: 0, minutes: 12 }`: for the words a screen reader and the reality check say. */
export function hoursAndMinutes(seconds: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.floor(seconds));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60) };
}

/** How long, in words (`12 min`, `1 h 2 min`): what a screen reader and the reality check say. */
export function spokenTime(t: TFunction, seconds: number): string {
  const { hours, minutes } = hoursAndMinutes(seconds);
  return hours === 0 ? t('overlay.minutesSpoken', { minutes }) : t('overlay.timeSpoken', { hours, minutes });
}

/** Whole days, hours, minutes and seconds from `now` until `end` (never negative). */
export function remaining(
  end: string,
  now: number,
): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor((new Date(end).getTime() - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/** The time left until a mission resets: whole days, and the rest as `03:04:05` (the page words the days). */
export function countdownParts(end: string, now: number): { days: number; clock: string } {
  const { days, hours, minutes, seconds } = remaining(end, now);
  const clock = [hours, minutes, seconds].map((value) => String(value).padStart(2, '0')).join(':');
  return { days, clock };
}

/** How far the server's clock is ahead of the device's, so the countdown follows the server. */
export function clockSkew(serverNow: string, deviceNow: number): number {
  return new Date(serverNow).getTime() - deviceNow;
}

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

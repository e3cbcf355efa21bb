import type { LotterySchedule } from '@lotus/shared/lottery.schema';

/**
 * A game's calendar as concrete draws (docs/lottery.md "Calendars", "Draw ids"). Pure: the schedule job
 * inserts what this answers and the database ignores the draws it already has, so running it twice (or from
 * two processes) creates nothing twice.
 */

export type PlannedDraw = { drawNo: string; opensAt: Date; closesAt: Date; drawsAt: Date };

/** How far ahead draws exist: interval games the next 30 minutes, daily games the next 7 days. */
export const INTERVAL_HORIZON_MS = 30 * 60_000;
export const DAILY_HORIZON_MS = 7 * 86_400_000;

const DAY_MS = 86_400_000;
const pad = (value: number, width: number) => String(value).padStart(width, '0');
const ymd = (year: number, month: number, day: number) => `${pad(year, 4)}${pad(month, 2)}${pad(day, 2)}`;

/**
 * The draws whose time is after `now` and within the horizon, in order. Each opens when the previous draw
 * happens (so the first one is the draw bets go to now) and closes `closeBeforeSeconds` before its own time
 * — never at or before it opens (the table refuses an empty window), so a close longer than the gap is cut.
 */
export function plannedDraws(schedule: LotterySchedule, now: Date): PlannedDraw[] {
  const times =
    schedule.kind === 'interval' ? intervalTimes(schedule.everySeconds, now) : dailyTimes(schedule, now);
  const planned: PlannedDraw[] = [];
  for (let index = 1; index < times.length; index += 1) {
    const previous = times[index - 1] as { at: number };
    const current = times[index] as { at: number; drawNo: string };
    const closesAt = Math.max(current.at - schedule.closeBeforeSeconds * 1000, previous.at + 1000);
    planned.push({
      drawNo: current.drawNo,
      opensAt: new Date(previous.at),
      closesAt: new Date(Math.min(closesAt, current.at)),
      drawsAt: new Date(current.at),
    });
  }
  return planned;
}

type DrawTime = { at: number; drawNo: string };

/** Multiples of the interval since the epoch: the last one at or before now (the open window's start), then every one up to the horizon. */
function intervalTimes(everySeconds: number, now: Date): DrawTime[] {
  const every = everySeconds * 1000;
  const first = Math.floor(now.getTime() / every) * every;
  const times: DrawTime[] = [];
  for (let at = first; at <= now.getTime() + INTERVAL_HORIZON_MS; at += every) {
    times.push({ at, drawNo: intervalDrawNo(at, every) });
  }
  return times;
}

/** `YYYYMMDD-NNNN`: the UTC day and the draw's 1-based index among the day's multiples (a draw at 00:00 is 1). */
export function intervalDrawNo(at: number, everyMs: number): string {
  const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
  const firstOfDay = Math.ceil(dayStart / everyMs);
  const index = Math.round(at / everyMs) - firstOfDay + 1;
  const day = new Date(dayStart);
  return `${ymd(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate())}-${pad(index, 4)}`;
}

/**
 * The daily calendar's draws from the last one before now (up to 8 days back: the open window's start)
 * through the horizon, each at `time` on the local date in the game's zone (Intl, so DST moves the instant,
 * not the wall time). The draw number is the local date.
 */
function dailyTimes(schedule: Extract<LotterySchedule, { kind: 'daily' }>, now: Date): DrawTime[] {
  const today = localParts(schedule.timeZone, now.getTime());
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const all: DrawTime[] = [];
  for (let offset = -8; offset <= 8; offset += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const isoWeekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    if (!schedule.weekdays.includes(isoWeekday)) continue;
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    all.push({
      at: zonedInstant(schedule.timeZone, year, month, day, hour, minute),
      drawNo: ymd(year, month, day),
    });
  }
  const end = now.getTime() + DAILY_HORIZON_MS;
  const firstFuture = all.findIndex((time) => time.at > now.getTime());
  if (firstFuture < 0) return [];
  return all.slice(Math.max(0, firstFuture - 1)).filter((time) => time.at <= end);
}

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function localParts(timeZone: string, at: number): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function offsetAt(timeZone: string, at: number): number {
  const local = localParts(timeZone, at);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant of a wall time in a zone, DST included: a wall time the change skips (spring forward) lands
 * an hour later, one it repeats (fall back) takes the first.
 */
export function zonedInstant(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets a day either side bracket any change on this date (zones change at most once a day).
  const before = wall - offsetAt(timeZone, wall - DAY_MS);
  const after = wall - offsetAt(timeZone, wall + DAY_MS);
  const fits = [before, after]
    .filter((candidate) => candidate + offsetAt(timeZone, candidate) === wall)
    .sort((a, b) => a - b);
  return fits[0] ?? before;
}

/** Whether a zone name is one Intl knows (the operators' schedule check). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

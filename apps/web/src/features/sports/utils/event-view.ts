import type { SportsEventSummary, SportsTimelineItem } from '@lotus/shared/sportsbook.schema';
import type { TFunction } from '../../../lib/i18n.ts';

/** Happenings with their own words in both languages; the feed may name others (shown as they come). */
export const NAMED_HAPPENINGS = [
  'kick_off',
  'goal',
  'red_card',
  'half_time',
  'full_time',
  'wicket',
  'boundary_four',
  'boundary_six',
  'innings_end',
  'raid_points',
  'super_raid',
  'tackle',
  'super_tackle',
  'empty_raid',
  'break',
  'game',
  'set',
  'map',
  'round',
  'fight_result',
  'match_end',
  'start',
  'end',
  'cancelled',
] as const;
const NAMED: ReadonlySet<string> = new Set(NAMED_HAPPENINGS);

/** Selection keys with a short label on the lobby's columns (1 X 2, meron / wala / draw). */
const SHORT_KEYS = new Set(['home', 'draw', 'away', 'meron', 'wala']);

export function shortLabel(t: TFunction, key: string, name: string): string {
  return SHORT_KEYS.has(key) ? t(`sports:keys.${key}`) : name;
}

/** A timeline happening in words: its own text when the book names it, else the kind itself, readable. */
export function happeningText(t: TFunction, item: Pick<SportsTimelineItem, 'kind'>): string {
  return NAMED.has(item.kind) ? t(`sports:timeline.${item.kind}`) : item.kind.replace(/[_.]/g, ' ');
}

/** Events of a list grouped by competition, in the list's order. */
export function byCompetition(list: readonly SportsEventSummary[]) {
  const groups = new Map<
    string,
    { name: SportsEventSummary['competition']['name']; events: SportsEventSummary[] }
  >();
  for (const event of list) {
    const group = groups.get(event.competition.code);
    if (group) group.events.push(event);
    else groups.set(event.competition.code, { name: event.competition.name, events: [event] });
  }
  return [...groups.entries()].map(([code, group]) => ({ code, ...group }));
}

/** The page path of an event: /sports/event/:id, /esports/event/:id (the arena has its own page). */
export function eventPath(group: 'sports' | 'esports' | 'cockfight', eventId: string): string {
  return group === 'cockfight' ? '/cockfight' : `/${group}/event/${eventId}`;
}

import type { SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { eventQuery } from '../api/events.ts';

/** How many finished fights the arena keeps showing. */
const KEPT = 10;
const FINISHED = new Set(['ended', 'resulted', 'cancelled']);

/**
 * The arena's last results. The lobby read lists only fights to come and the one on now, so the page
 * remembers the fights it has seen and, once one leaves the list, reads it by id until it is resulted:
 * the results are those of the fights since the page opened, newest first (plus any finished one listed).
 */
export function usePastFights(list: readonly SportsEventSummary[] | undefined): SportsEventSummary[] {
  const [seen, setSeen] = useState<string[]>([]);
  useEffect(() => {
    if (!list) return;
    setSeen((known) => {
      const fresh = list.map((event) => event.id).filter((id) => !known.includes(id));
      return fresh.length === 0 ? known : [...fresh.reverse(), ...known].slice(0, KEPT * 2);
    });
  }, [list]);
  const listed = new Set(
    (list ?? []).filter((event) => !FINISHED.has(event.status)).map((event) => event.id),
  );
  const gone = seen.filter((id) => !listed.has(id)).slice(0, KEPT);
  const details = useQueries({ queries: gone.map((id) => eventQuery(id)) });
  const finished = details.flatMap((detail) =>
    detail.data && FINISHED.has(detail.data.status) ? [detail.data] : [],
  );
  return finished.sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt)).slice(0, KEPT);
}

import type { DateRange } from '@lotus/shared/date-ranges';
import type { ProfitReport } from '@lotus/shared/loyalty.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** Personal P/L (issue 19): the member's game results per day and game type. Member data: under ['member']. */
export const PROFIT_KEYS = {
  all: ['member', 'profit'] as const,
  range: (range: DateRange) => ['member', 'profit', range.startDate, range.endDate] as const,
};

/** `GET /wps/member/profit?from&to`; the last range stays on screen while the next loads. */
export function useProfit(range: DateRange) {
  return useQuery({
    queryKey: PROFIT_KEYS.range(range),
    queryFn: ({ signal }) =>
      apiGet<ProfitReport>(
        `/wps/member/profit?from=${encodeURIComponent(range.startDate)}&to=${encodeURIComponent(range.endDate)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

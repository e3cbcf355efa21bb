/**
 * The live tables' query keys (issue 22): every request file of features/live-tables/api uses these, so the
 * socket hook (a `live.table` push) and the bet mutation change exactly what moved.
 */
export const liveKeys = {
  all: ['live'] as const,
  tables: ['live', 'tables'] as const,
  table: (code: string) => ['live', 'table', code] as const,
  verify: (roundId: string) => ['live', 'verify', roundId] as const,
  bets: (code: string) => ['live', 'bets', code] as const,
  session: (code: string) => ['live', 'session', code] as const,
};

import type { Round } from '@lotus/shared/originals.schema';
import { useQuery } from '@tanstack/react-query';
import { originalsApi } from '../api/originals-api.ts';
import { ROUNDS_KEY } from './use-play-round.ts';

/**
 * The latest rounds for a table's result strip (the history's first page, shared cache). `hiddenRoundId`
 * keeps a round out of the strip while its wheel or cards are still being shown, so the strip never
 * tells the result early.
 */
export function useResultStrip(sessionToken: string, hiddenRoundId: string | null): Round[] {
  const rounds = useQuery({
    queryKey: [...ROUNDS_KEY(sessionToken), 1],
    queryFn: () => originalsApi.rounds(sessionToken, 1, 10),
  });
  return (rounds.data?.list ?? []).filter((round) => round.roundId !== hiddenRoundId);
}

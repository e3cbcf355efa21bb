import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { type ChipBets, useChipBets } from '../../../components/games/use-chip-bets.ts';
import { useMountedRef } from '../../../lib/use-mounted-ref.ts';
import { usePlayRound } from './use-play-round.ts';
import { useReducedMotion } from './use-reduced-motion.ts';
import type { StudioSession } from './use-studio-session.ts';

/**
 * What a table game's screen plays with (issue 22, the spots games): the round's request and its errors,
 * the chips and bet slip, whether motion is reduced, and whether the screen is still mounted after a wait.
 */
export function useTableRound<B extends { amountMinor: string }>(
  session: OriginalsSession,
  studio: StudioSession,
): {
  round: ReturnType<typeof usePlayRound>;
  slip: ChipBets<B>;
  reducedMotion: boolean;
  mounted: { current: boolean };
} {
  return {
    round: usePlayRound(session, studio),
    slip: useChipBets<B>(session),
    reducedMotion: useReducedMotion(),
    mounted: useMountedRef(),
  };
}

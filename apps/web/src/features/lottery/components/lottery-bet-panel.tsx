import type { LotteryGameDetail } from '@lotus/shared/lottery.schema';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useBetSlip } from '../hooks/use-bet-slip.ts';
import { betSpecOf } from '../utils/bet-specs.ts';
import classes from './lottery.module.css';
import { LotteryBetSlip } from './lottery-bet-slip.tsx';
import { LotteryBetTypePicker } from './lottery-bet-type-picker.tsx';
import { LotterySelectionPicker } from './lottery-selection-picker.tsx';

/** The Bet tab: bet type, the family's picker, and the slip beside it (below it as a bar on a phone). */
export function LotteryBetPanel({ game }: { game: LotteryGameDetail }) {
  const firstOffered =
    game.odds.find((odds) => betSpecOf(game.family, odds.betType) !== null)?.betType ?? null;
  const [betType, setBetType] = useState<string | null>(firstOffered);
  const slip = useBetSlip(game.limits.maxLines);
  const spec = betType ? betSpecOf(game.family, betType) : null;
  return (
    <div className={classes.layout}>
      <Stack gap="md">
        <LotteryBetTypePicker game={game} value={betType} onChange={setBetType} />
        {betType && spec ? (
          <LotterySelectionPicker key={betType} betType={betType} spec={spec} slip={slip} />
        ) : null}
      </Stack>
      <LotteryBetSlip game={game} slip={slip} />
    </div>
  );
}

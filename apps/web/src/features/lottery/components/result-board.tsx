import { lotteryHeadline } from '@lotus/games/lottery/display';
import type { LotteryResult } from '@lotus/games/lottery/types';
import type { LotteryDraw } from '@lotus/shared/lottery.schema';
import { Badge, Box, Text } from '@mantine/core';
import { useLotteryTexts } from '../hooks/use-lottery-texts.ts';
import { Balls, DiceFaces, RaceLanes, TierTable } from './results/result-parts.tsx';
import { pad2, resultOf } from './results/result-view.ts';
import classes from './results/results.module.css';

/** South boards read from the eighth prize down to the special one; the result lists special first. */
function vnRows(result: Extract<LotteryResult, { family: 'vn' }>) {
  return result.variant === 'south' ? [...result.tiers].reverse() : result.tiers;
}

function FullResult({ result, caption }: { result: LotteryResult; caption: string }) {
  switch (result.family) {
    case 'vn':
      return <TierTable tiers={vnRows(result)} labelKey="vnTiers" emphasiseLastTwo caption={caption} />;
    case 'sea4d':
      return (
        <TierTable tiers={result.tiers} labelKey="sea4dTiers" emphasiseLastTwo={false} caption={caption} />
      );
    case 'sea6d':
      return <Balls values={result.number.split('')} />;
    case 'lott5d':
      return <Balls values={result.digits.map(String)} />;
    case 'dice3':
      return <DiceFaces dice={result.dice} />;
    case 'pick11x5':
      return <Balls values={result.balls.map(pad2)} />;
    case 'race10':
      return <RaceLanes order={result.order} />;
    case 'keno':
      return <Balls small values={[...result.numbers].sort((a, b) => a - b).map(pad2)} />;
  }
}

/**
 * A draw's result drawn for its family (issue 20): the VN prize table (tiers as rows, last two digits
 * emphasised), 4D tiers, the 6-digit number, digits and 11x5 balls, dice faces, the race order as lanes, the
 * 20 keno numbers. `compact`: the one-line headline of a card. A draw without a result shows its status.
 */
export function LotteryResultBoard({ draw, compact }: { draw: LotteryDraw; compact?: boolean }) {
  const { t } = useLotteryTexts();
  const result = resultOf(draw);
  if (result === null) {
    const cancelled = draw.status === 'cancelled';
    return (
      <Badge
        variant="light"
        color={cancelled ? 'gray' : 'yellow'}
        data-testid={`lottery-result-${draw.drawId}`}
        data-status={draw.status}
      >
        {cancelled ? t('status.cancelled') : t('status.awaiting')}
      </Badge>
    );
  }
  const headline = lotteryHeadline(result);
  const label = t('board.label', { drawNo: draw.drawNo, result: headline });
  if (compact) {
    return (
      <Text
        component="span"
        className={classes.number}
        fw={700}
        aria-label={label}
        data-testid={`lottery-result-${draw.drawId}`}
        data-family={result.family}
      >
        {headline}
      </Text>
    );
  }
  const tiered = result.family === 'vn' || result.family === 'sea4d';
  return (
    <Box
      data-testid={`lottery-result-${draw.drawId}`}
      data-family={result.family}
      // A table reads itself; the drawings (balls, dice, lanes) are hidden and read as this label.
      {...(tiered ? {} : { role: 'img', 'aria-label': label })}
    >
      <FullResult result={result} caption={label} />
    </Box>
  );
}

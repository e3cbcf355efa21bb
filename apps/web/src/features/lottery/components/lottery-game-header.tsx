import type { LotteryGameDetail, LotteryGameSummary } from '@lotus/shared/lottery.schema';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './lottery.module.css';
import { LotteryCountdown } from './lottery-countdown.tsx';
import { LotteryResultBoard } from './result-board.tsx';

type Props = {
  game: LotteryGameDetail;
  /** The games of this page's picker (VN, SEA, LOTT, ELOTT); empty on `/lottery?gameCode=`. */
  choices: readonly LotteryGameSummary[];
  onPick: (gameCode: string) => void;
};

/** The game page's head: the game picker, name, draw number, countdown and the last result's board. */
export function LotteryGameHeader({ game, choices, onPick }: Props) {
  const { t } = useTranslation('lottery');
  return (
    <Stack gap="sm">
      {choices.length > 1 ? (
        <fieldset className={classes.strip} aria-label={t('game.pick')}>
          {choices.map((choice) => (
            <Button
              key={choice.gameCode}
              size="compact-md"
              variant={choice.gameCode === game.gameCode ? 'filled' : 'default'}
              aria-pressed={choice.gameCode === game.gameCode}
              onClick={() => onPick(choice.gameCode)}
              data-testid={`lottery-game-${choice.gameCode}`}
            >
              {choice.name}
            </Button>
          ))}
        </fieldset>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="xl" data-testid="lottery-game-name">
              {game.name}
            </Title>
            <Text c="dimmed" fz="sm" data-testid="lottery-draw-no">
              {game.nextDraw ? t('game.drawNo', { drawNo: game.nextDraw.drawNo }) : t('card.noDraw')}
            </Text>
          </Stack>
          <LotteryCountdown draw={game.nextDraw ?? null} size="lg" />
        </Group>
        {game.lastResult ? (
          <Stack gap={4} mt="sm">
            <Text fz="sm" c="dimmed">
              {t('card.lastResult')} · {t('game.drawNo', { drawNo: game.lastResult.drawNo })}
            </Text>
            <LotteryResultBoard draw={game.lastResult} compact />
          </Stack>
        ) : null}
      </Paper>
    </Stack>
  );
}

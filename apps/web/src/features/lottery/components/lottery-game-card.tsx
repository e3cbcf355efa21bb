import type { LotteryGameSummary } from '@lotus/shared/lottery.schema';
import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { resultHeadline } from '../utils/lottery-groups.ts';
import { LotteryCountdown } from './lottery-countdown.tsx';

type Props = {
  game: LotteryGameSummary;
  favourite: boolean;
  onToggleFavourite: (gameCode: string) => void;
};

/** One game of the lobby: name (the link to its page), next draw countdown, last result, favourite star. */
export function LotteryGameCard({ game, favourite, onToggleFavourite }: Props) {
  const { t } = useTranslation('lottery');
  const headline = resultHeadline(game.lastResult?.result);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`lottery-card-${game.gameCode}`}
      component="article"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text
          component={Link}
          to={`/lottery?${new URLSearchParams({ gameCode: game.gameCode })}`}
          fw={700}
          fz="lg"
          // The brand's colour, not the browser's link blue (which reads poorly in the dark scheme).
          c="var(--mantine-primary-color-filled)"
          td="none"
          aria-label={t('card.play', { name: game.name })}
        >
          {game.name}
        </Text>
        <ActionIcon
          variant="subtle"
          color="yellow"
          aria-pressed={favourite}
          aria-label={t(favourite ? 'card.favouriteRemove' : 'card.favouriteAdd', { name: game.name })}
          onClick={() => onToggleFavourite(game.gameCode)}
          data-testid={`lottery-favourite-${game.gameCode}`}
        >
          <span aria-hidden="true">{favourite ? '★' : '☆'}</span>
        </ActionIcon>
      </Group>
      <Stack gap={4} mt="xs">
        <Group gap="xs">
          <Text fz="sm" c="dimmed">
            {game.nextDraw ? t('game.drawNo', { drawNo: game.nextDraw.drawNo }) : t('card.nextDraw')}
          </Text>
          <LotteryCountdown draw={game.nextDraw ?? null} />
        </Group>
        <Text fz="sm" c="dimmed">
          {t('card.lastResult')}
        </Text>
        <Text
          fw={700}
          ff="monospace"
          fz="md"
          data-testid="lottery-card-result"
          style={{ overflowWrap: 'anywhere' }}
        >
          {headline ?? t('card.noResult')}
        </Text>
      </Stack>
    </Card>
  );
}

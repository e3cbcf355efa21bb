import type { GameCard } from '@lotus/shared/games.schema';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { GameTile } from '../../../components/games/game-tile.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import type { GamePages } from '../../../lib/games/use-game-pages.ts';
import { useLaunchGame } from '../../../lib/games/use-launch-game.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

const COLUMNS = { base: 2, xs: 3, sm: 4, md: 5 };
const SKELETONS = 10;

export type GameGridProps = {
  pages: GamePages;
  emptyTitle?: string;
  emptyHint?: string;
  /** `data-testid` of the grid's wrapper. */
  testId?: string;
  /** Hides the "n games" line (the search modal says its own count). */
  hideCount?: boolean;
  /** Called after a tile's play or trial button was handled (a pop-up list closes itself). */
  afterPlay?: () => void;
};

/**
 * A list of game tiles with its states: skeleton tiles while the first page loads, an honest empty state,
 * an error with retry, and "load more" while pages remain (SPEC §4 paging).
 */
export function GameGrid({
  pages,
  emptyTitle,
  emptyHint,
  testId = 'game-grid',
  hideCount,
  afterPlay,
}: GameGridProps) {
  const { t } = useTranslation('games');
  const launchGame = useLaunchGame();
  const launch = useCallback(
    (card: GameCard, options: { trial: boolean }) => {
      launchGame(card, options);
      afterPlay?.();
    },
    [launchGame, afterPlay],
  );

  if (pages.status === 'pending') {
    return (
      <SimpleGrid
        cols={COLUMNS}
        spacing="sm"
        data-testid={`${testId}-loading`}
        aria-busy="true"
        aria-label={t('grid.loading')}
      >
        {Array.from({ length: SKELETONS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={index} radius="md" style={{ aspectRatio: '3 / 4' }} />
        ))}
      </SimpleGrid>
    );
  }

  if (pages.status === 'error') {
    return (
      <Alert
        color="red"
        icon={<AlertIcon size={18} />}
        title={t('grid.error')}
        data-testid={`${testId}-error`}
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('grid.errorHint')}</Text>
          <Button size="xs" variant="light" color="red" onClick={pages.retry} data-testid={`${testId}-retry`}>
            {t('grid.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (pages.cards.length === 0) {
    return (
      <EmptyBlock
        testId={`${testId}-empty`}
        title={emptyTitle ?? t('grid.empty')}
        description={emptyHint ?? t('grid.emptyHint')}
      />
    );
  }

  return (
    <Stack gap="md" data-testid={testId}>
      {hideCount ? null : (
        <Text size="sm" c="dimmed" data-testid={`${testId}-count`}>
          {t('grid.count', { count: pages.total })}
        </Text>
      )}
      <SimpleGrid cols={COLUMNS} spacing="sm">
        {pages.cards.map((card) => (
          <GameTile key={card.nodeId} card={card} onPlay={launch} />
        ))}
      </SimpleGrid>
      {pages.hasMore || pages.moreFailed ? (
        <Stack gap={4} align="center">
          <Text size="xs" c="dimmed">
            {t('grid.shown', { shown: pages.cards.length, total: pages.total })}
          </Text>
          {pages.moreFailed ? (
            <Text size="sm" c="red" role="alert">
              {t('grid.loadMoreFailed')}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="default"
              onClick={pages.loadMore}
              loading={pages.loadingMore}
              data-testid={`${testId}-load-more`}
            >
              {pages.moreFailed ? t('grid.retry') : t('grid.loadMore')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}

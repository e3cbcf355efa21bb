import { Alert, Stack, Text } from '@mantine/core';
import { ToolIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { usePopularGames } from '../hooks/use-game-lists.ts';
import { GameGrid } from './game-grid.tsx';

/** SPEC §8: "a game under maintenance suggests other popular games". */
export function MaintenanceSuggestions({ gameName, gameType }: { gameName: string; gameType?: string }) {
  const { t } = useTranslation('games');
  const popular = usePopularGames(gameType, true);
  // Games of a vendor that is itself under maintenance would only say the same again.
  const cards = (popular.data?.list ?? []).filter((card) => !card.maintenance);
  return (
    <Stack gap="md" data-testid="game-maintenance">
      <Alert color="orange" icon={<ToolIcon size={18} />} title={t('launch.maintenance', { game: gameName })}>
        <Text size="sm">{t('errors:game_maintenance')}</Text>
      </Alert>
      <Text size="sm" fw={600}>
        {t('launch.maintenanceHint')}
      </Text>
      <GameGrid
        testId="popular-games"
        hideCount
        emptyTitle={t('launch.popularEmpty')}
        emptyHint=""
        pages={{
          status: popular.status,
          cards,
          total: cards.length,
          hasMore: false,
          loadingMore: false,
          moreFailed: false,
          loadMore: () => undefined,
          retry: () => void popular.refetch(),
        }}
      />
    </Stack>
  );
}

import { Button, Group, SegmentedControl, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LoadingRows } from '../../../components/ui/query-states.tsx';
import { useGamesLanguage } from '../../../lib/games/use-game-pages.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { gamesQuery } from '../api/get-games.ts';
import { useLotteryFavourites } from '../hooks/use-lottery-favourites.ts';
import { useLotteryLive } from '../hooks/use-lottery-live.ts';
import { useRefetchAtClose } from '../hooks/use-refetch-at-close.ts';
import { gamesOfGroup, LOTTERY_GROUPS } from '../utils/lottery-groups.ts';
import { LotteryGameCard } from './lottery-game-card.tsx';

/** /lottery without gameCode: the full-screen lottery lobby (SPEC §2), every game grouped, favourites. */
export function LotteryLobbyPage() {
  const { t } = useTranslation('lottery');
  const language = useGamesLanguage();
  const games = useQuery(gamesQuery(language));
  const list = games.data ?? [];
  const [filter, setFilter] = useState<'all' | 'favourites'>('all');
  const { favourites, toggle } = useLotteryFavourites();
  useLotteryLive(list.map((game) => game.gameCode));
  useRefetchAtClose(
    list.flatMap((game) => [game.nextDraw?.closesAt, game.nextDraw?.drawsAt]),
    games.refetch,
  );
  const shown = filter === 'favourites' ? list.filter((game) => favourites.includes(game.gameCode)) : list;

  return (
    <PageFrame testId="page-lottery" title={t('lobby.title')}>
      <Stack gap="lg" data-testid="lottery-lobby">
        <SegmentedControl
          value={filter}
          onChange={(value) => setFilter(value === 'favourites' ? 'favourites' : 'all')}
          data={[
            { value: 'all', label: t('lobby.all') },
            { value: 'favourites', label: t('lobby.favourites') },
          ]}
          aria-label={t('lobby.filter')}
          data-testid="lottery-filter"
          style={{ alignSelf: 'flex-start' }}
        />
        {games.isPending ? (
          <LoadingRows rows={4} height={120} testId="lottery-lobby-loading" />
        ) : games.isError ? (
          <Stack align="flex-start" data-testid="lottery-lobby-error">
            <EmptyBlock title={t('lobby.error')} />
            <Button variant="light" onClick={() => void games.refetch()}>
              {t('lobby.retry')}
            </Button>
          </Stack>
        ) : shown.length === 0 ? (
          <EmptyBlock title={t(filter === 'favourites' ? 'lobby.emptyFavourites' : 'lobby.empty')} />
        ) : (
          LOTTERY_GROUPS.map((group) => {
            const inGroup = gamesOfGroup(shown, group);
            if (inGroup.length === 0) return null;
            return (
              <Stack key={group} gap="sm" component="section" aria-labelledby={`lottery-group-${group}`}>
                <Group>
                  <Title order={2} fz="lg" id={`lottery-group-${group}`}>
                    {t(`groups.${group}`)}
                  </Title>
                </Group>
                <SimpleGrid
                  cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
                  spacing="md"
                  data-testid={`lottery-group-${group}`}
                >
                  {inGroup.map((game) => (
                    <LotteryGameCard
                      key={game.gameCode}
                      game={game}
                      favourite={favourites.includes(game.gameCode)}
                      onToggleFavourite={toggle}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            );
          })
        )}
      </Stack>
    </PageFrame>
  );
}

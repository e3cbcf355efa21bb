import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadingRows } from '../../../components/ui/query-states.tsx';
import { useGamesLanguage } from '../../../lib/games/use-game-pages.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { gameQuery } from '../api/get-game.ts';
import { gamesQuery } from '../api/get-games.ts';
import { useLotteryLive } from '../hooks/use-lottery-live.ts';
import { useRefetchAtClose } from '../hooks/use-refetch-at-close.ts';
import { defaultGameCode, gamesOfGroup, type LotteryGroup } from '../utils/lottery-groups.ts';
import { LotteryBetPanel } from './lottery-bet-panel.tsx';
import { LotteryGameHeader } from './lottery-game-header.tsx';
import { LotteryMyBets } from './lottery-my-bets.tsx';
import { LotteryResultHistory } from './result-history.tsx';
import { LotteryTrends } from './trend-charts.tsx';

type Props = {
  /** The games this page offers in its picker; null: only `gameCode` (`/lottery?gameCode=`). */
  group: LotteryGroup | null;
  gameCode: string | null;
  onPick: (gameCode: string) => void;
};

/**
 * A lottery game page (docs/lottery.md "Web"): header with the game picker, countdown and last result, then
 * tabs Bet, Results, Trends, My bets. Without a game in the URL it opens the group's first open fast game.
 */
export function LotteryGamePage({ group, gameCode, onPick }: Props) {
  const { t } = useTranslation('lottery');
  const language = useGamesLanguage();
  const games = useQuery({ ...gamesQuery(language), enabled: group !== null || gameCode === null });
  const choices = group ? gamesOfGroup(games.data ?? [], group) : [];
  const selected =
    gameCode && (group === null || choices.some((game) => game.gameCode === gameCode))
      ? gameCode
      : defaultGameCode(choices);
  const detail = useQuery({ ...gameQuery(selected ?? '', language), enabled: selected !== null });
  useLotteryLive(selected ? [selected] : []);
  const refetch = useCallback(() => {
    void detail.refetch();
    if (group) void games.refetch();
  }, [detail.refetch, games.refetch, group]);
  useRefetchAtClose([detail.data?.nextDraw?.closesAt, detail.data?.nextDraw?.drawsAt], refetch);

  if (selected === null) {
    if (games.isPending) return <LoadingRows rows={3} height={80} />;
    return <EmptyBlock title={t('lobby.empty')} testId="lottery-game-empty" />;
  }
  if (detail.isPending) return <LoadingRows rows={3} height={80} testId="lottery-game-loading" />;
  if (detail.isError) return <EmptyBlock title={t('game.notFound')} testId="lottery-game-error" />;
  const game = detail.data;

  return (
    <div data-testid="lottery-game" data-game-code={game.gameCode}>
      <LotteryGameHeader game={game} choices={choices} onPick={onPick} />
      <Tabs defaultValue="bet" mt="md">
        <Tabs.List>
          <Tabs.Tab value="bet" data-testid="lottery-tab-bet">
            {t('tabs.bet')}
          </Tabs.Tab>
          <Tabs.Tab value="results" data-testid="lottery-tab-results">
            {t('tabs.results')}
          </Tabs.Tab>
          <Tabs.Tab value="trends" data-testid="lottery-tab-trends">
            {t('tabs.trends')}
          </Tabs.Tab>
          <Tabs.Tab value="myBets" data-testid="lottery-tab-my-bets">
            {t('tabs.myBets')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bet" pt="md">
          <LotteryBetPanel key={game.gameCode} game={game} />
        </Tabs.Panel>
        <Tabs.Panel value="results" pt="md">
          <LotteryResultHistory gameCode={game.gameCode} />
        </Tabs.Panel>
        <Tabs.Panel value="trends" pt="md">
          <LotteryTrends gameCode={game.gameCode} />
        </Tabs.Panel>
        <Tabs.Panel value="myBets" pt="md">
          <LotteryMyBets gameCode={game.gameCode} symbol={game.currencySymbol} />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}

import { Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useMissionLeaderboard } from '../api/get-mission-leaderboard.ts';
import classes from './missions-page.module.css';

/** This ISO week's ranking by mission points (SPEC §7 MCSFE_getMissionLeaderboard), names masked. */
export function MissionLeaderboard() {
  const { t } = useTranslation('missions');
  const board = useMissionLeaderboard();
  let body: ReactNode;
  if (board.isPending) body = <LoadingRows rows={4} height={28} testId="mission-board-loading" />;
  else if (board.isError)
    body = (
      <LoadFailed error={board.error} onRetry={() => void board.refetch()} testId="mission-board-error" />
    );
  else if (board.data.list.length === 0)
    body = <EmptyBlock testId="mission-board-empty" title={t('board.empty')} />;
  else
    body = (
      <table className={classes.board} data-testid="mission-board">
        <caption>
          <VisuallyHidden>{t('board.caption')}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={classes.number}>
              {t('board.rank')}
            </th>
            <th scope="col">{t('board.player')}</th>
            <th scope="col" className={classes.number}>
              {t('board.points')}
            </th>
          </tr>
        </thead>
        <tbody>
          {board.data.list.map((entry) => (
            <tr key={`${entry.rank}-${entry.name}-${entry.me}`} className={entry.me ? classes.me : undefined}>
              <td className={classes.number}>{entry.rank}</td>
              <td>{entry.me ? t('board.you', { name: entry.name }) : entry.name}</td>
              <td className={classes.number}>{entry.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  const mine = board.data?.mine;
  return (
    <Stack gap="sm" component="section" aria-labelledby="mission-board-title">
      <Title order={2} fz="lg" id="mission-board-title">
        {t('board.title')}
      </Title>
      {mine ? (
        <Text size="sm" data-testid="mission-board-mine">
          {mine.rank === null
            ? t('board.unranked')
            : t('board.mine', { rank: mine.rank, points: mine.points })}
        </Text>
      ) : null}
      {body}
    </Stack>
  );
}

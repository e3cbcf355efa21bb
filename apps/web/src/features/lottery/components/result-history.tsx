import { Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useLotteryHistory } from '../api/history.ts';
import { useLotteryTexts } from '../hooks/use-lottery-texts.ts';
import { HistoryRow } from './results/history-row.tsx';

/**
 * The game's result history (issue 20), newest first and paged: each draw's number, time, headline (the full
 * board on demand), its seed hash, and once drawn the revealed seed with a link to verify it.
 */
export function LotteryResultHistory({ gameCode }: { gameCode: string }) {
  const { t } = useLotteryTexts();
  const [page, setPage] = useState(1);
  const history = useLotteryHistory(gameCode, page);
  return (
    <Stack gap="xs" data-testid="lottery-history">
      <Title order={2} size="h4">
        {t('history.title')}
      </Title>
      {history.isPending ? <LoadingRows rows={4} height={48} testId="lottery-history-loading" /> : null}
      {history.isError ? (
        <LoadFailed
          error={history.error}
          onRetry={() => void history.refetch()}
          testId="lottery-history-error"
        />
      ) : null}
      {history.data?.list.length === 0 ? (
        <EmptyBlock testId="lottery-history-empty" title={t('history.empty')} />
      ) : null}
      {history.data && history.data.list.length > 0 ? (
        <>
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {history.data.list.map((draw) => (
              <HistoryRow key={draw.drawId} draw={draw} />
            ))}
          </Stack>
          <Group justify="center">
            <ListPager
              totalPages={history.data.totalPages}
              pageNo={page}
              onChange={setPage}
              size="sm"
              testId="lottery-history"
            />
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

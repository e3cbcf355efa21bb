import { Button, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useWinnerBoard } from '../api/get-winner-board.ts';
import { formatAmountMinor } from '../utils/format-amount.ts';
import { formatWonAt } from '../utils/format-won-at.ts';
import { keyedWinners } from '../utils/winner-keys.ts';
import classes from './winners.module.css';

/** /winners: the latest real wins as a table (who, game, provider, amount, when). */
export function WinnersPage() {
  const { t, i18n } = useTranslation('content');
  const board = useWinnerBoard();
  const winners = board.data?.list ?? [];

  return (
    <PageFrame
      testId="page-winners"
      title={t('winners.title')}
      description={t('winners.lead')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('winners.title') }]}
    >
      {board.isPending ? (
        <Stack gap="xs" aria-busy="true" data-testid="winners-loading">
          <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      ) : board.isError ? (
        <EmptyBlock
          testId="winners-error"
          icon={<AlertIcon size={28} />}
          title={t(`errors:${board.error instanceof ApiError ? board.error.code : 'unknown_error'}`)}
          actions={<Button onClick={() => void board.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : winners.length === 0 ? (
        <EmptyBlock testId="winners-empty" title={t('winners.empty')} description={t('winners.emptyHint')} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover data-testid="winners-table">
            <Table.Caption>{t('winners.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('winners.columns.player')}</Table.Th>
                <Table.Th scope="col">{t('winners.columns.game')}</Table.Th>
                <Table.Th scope="col">{t('winners.columns.vendor')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('winners.columns.amount')}
                </Table.Th>
                <Table.Th scope="col">{t('winners.columns.time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keyedWinners(winners).map(({ key, winner: { vo } }) => (
                <Table.Tr key={key} data-testid="winner-row">
                  <Table.Td>{vo.account}</Table.Td>
                  <Table.Td>{vo.gameName}</Table.Td>
                  <Table.Td>{vo.vendor}</Table.Td>
                  <Table.Td ta="end" className={classes.amount}>
                    {formatAmountMinor(vo.amountMinor, vo.currencySymbol, i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={vo.wonAt}>{formatWonAt(vo.wonAt)}</time>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PageFrame>
  );
}

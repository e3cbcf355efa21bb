import { Table } from '@mantine/core';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
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
        <LoadingRows rows={5} height={36} testId="winners-loading" />
      ) : board.isError ? (
        <LoadFailed error={board.error} onRetry={() => void board.refetch()} testId="winners-error" />
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

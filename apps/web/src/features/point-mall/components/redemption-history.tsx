import type { PointRedemption } from '@lotus/shared/points.schema';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText } from '../../../lib/money/money.ts';
import { useRedeemList } from '../api/get-redeem-list.ts';
import { countOf, pointsText } from '../utils/points-text.ts';

const STATUS_COLOUR: Record<PointRedemption['status'], string> = {
  in_process: 'yellow',
  approved: 'blue',
  redeemed: 'green',
  rejected: 'red',
};

/** The member's redemptions and conversions, newest first, with SPEC §4's statuses. */
export function RedemptionHistory({ symbol }: { symbol: string }) {
  const { t } = useTranslation('points');
  const [page, setPage] = useState(1);
  const history = useRedeemList(page);

  let body: ReactNode;
  if (history.isError) {
    body = (
      <LoadFailed
        error={history.error}
        onRetry={() => void history.refetch()}
        testId="points-history-error"
      />
    );
  } else if (history.isPending) {
    body = <LoadingRows rows={3} height={56} testId="points-history-loading" />;
  } else if (history.data.list.length === 0) {
    body = <EmptyBlock testId="points-history-empty" title={t('history.empty')} />;
  } else {
    body = (
      <Stack gap="sm">
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('history.listLabel')}
        >
          {history.data.list.map((row) => (
            <li key={row.id}>
              <HistoryRow row={row} symbol={symbol} />
            </li>
          ))}
        </Stack>
        <Group justify="center">
          <ListPager
            totalPages={history.data.totalPages}
            pageNo={page}
            onChange={setPage}
            size="sm"
            testId="points-history"
          />
        </Group>
      </Stack>
    );
  }
  return (
    <Stack component="section" gap="sm" aria-labelledby="points-history-title">
      <Title order={2} fz="lg" id="points-history-title">
        {t('history.title')}
      </Title>
      {body}
    </Stack>
  );
}

function HistoryRow({ row, symbol }: { row: PointRedemption; symbol: string }) {
  const { t, i18n } = useTranslation('points');
  const hindi = i18n.language.toLowerCase().startsWith('hi');
  const name = (hindi ? row.rewardNameHi : row.rewardNameEn) ?? t(`history.kind.${row.kind}`);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="points-history-row"
      data-id={row.id}
      data-status={row.status}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>
            {name}
            {row.kind === 'convert' ? null : ` ${t('history.quantity', { count: row.quantity })}`}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`history.kind.${row.kind}`)} · {dateTimeText(row.createdAt)}
          </Text>
          {row.rejectReason ? (
            <Text size="xs" c="red">
              {t('history.reason', { reason: row.rejectReason })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge color={STATUS_COLOUR[row.status]} variant="light" data-testid="points-history-status">
            {t(`history.status.${row.status}`)}
          </Badge>
          <Text size="sm" fw={600}>
            {t('history.points', { points: pointsText(row.points), count: countOf(row.points) })}
          </Text>
          {row.amountMinor !== null ? (
            <Text size="xs" c="teal">
              {t('history.cash', { amount: moneyText(row.amountMinor, symbol) })}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

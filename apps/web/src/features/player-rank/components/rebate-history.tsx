import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useRebates } from '../api/get-rebates.ts';

const TEST_ID = 'page-player-rank-rebates';
const STATUS_COLOR = { unclaimed: 'yellow', claimed: 'teal', expired: 'gray' } as const;

/**
 * The member's daily rebates (issue 19): each closed day's rebate at the member's level, paid into the
 * reward centre to be claimed. Real accounts only (a trial account is told so by the server's 403).
 */
export function RebateHistory() {
  const { t, i18n } = useTranslation('playerRank');
  const [page, setPage] = useState(1);
  const rebates = useRebates(page, true);
  const titleId = `${TEST_ID}-title`;
  // Trial and type-4 accounts get no rebates: the section is not theirs.
  if (rebates.error instanceof ApiError && rebates.error.code === 'in_need_true_account') return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} data-testid={TEST_ID}>
      <Title order={2} fz={{ base: 20, sm: 22 }} id={titleId}>
        {t('rebates.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('rebates.lead')}
      </Text>
      {rebates.isPending ? (
        <LoadingRows rows={3} height={36} testId={`${TEST_ID}-loading`} />
      ) : rebates.isError ? (
        <LoadFailed
          error={rebates.error}
          onRetry={() => void rebates.refetch()}
          testId={`${TEST_ID}-error`}
        />
      ) : rebates.data.total === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" data-testid={`${TEST_ID}-empty`}>
            {t('rebates.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t('rebates.total')}
            </Text>
            <Text size="sm" data-testid={`${TEST_ID}-total`}>
              {moneyText(rebates.data.totalAmountMinor, symbolOrDefault(rebates.data.currencySymbol))}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('rebates.day')}</Table.Th>
                  <Table.Th ta="right">{t('rebates.turnover')}</Table.Th>
                  <Table.Th ta="right">{t('rebates.amount')}</Table.Th>
                  <Table.Th>{t('rebates.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rebates.data.list.map((rebate) => {
                  const symbol = symbolOrDefault(rebates.data.currencySymbol);
                  return (
                    <Table.Tr key={rebate.day} data-testid={`${TEST_ID}-row`}>
                      <Table.Th scope="row" fw={500}>
                        {new Intl.DateTimeFormat(i18n.language, {
                          dateStyle: 'medium',
                          timeZone: 'UTC',
                        }).format(Date.parse(`${rebate.day}T00:00:00Z`))}
                      </Table.Th>
                      <Table.Td ta="right">{moneyText(rebate.validTurnoverMinor, symbol)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {moneyText(rebate.amountMinor, symbol)}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS_COLOR[rebate.status]}>
                          {t(`rebates.status.${rebate.status}`)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPager
            pageNo={page}
            totalPages={Math.ceil(rebates.data.total / rebates.data.pageSize)}
            onChange={setPage}
            testId={TEST_ID}
          />
        </Stack>
      )}
    </Stack>
  );
}

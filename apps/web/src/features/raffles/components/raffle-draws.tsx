import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText } from '../../../lib/money/money.ts';
import { useRaffleDraws } from '../api/get-raffle-draws.ts';
import { raffleVerifyHref } from '../utils/verify-href.ts';
import classes from './raffles.module.css';

/** My opened tickets with their proof: the seed hash, and once revealed the seed and a link to verify. */
export function RaffleDraws({ symbol }: { symbol: string }) {
  const { t } = useTranslation('raffles');
  const [page, setPage] = useState(1);
  const draws = useRaffleDraws(page);
  return (
    <Stack gap="xs" data-testid="raffle-draws">
      <Title order={2} size="h4">
        {t('draws.title')}
      </Title>
      {draws.isPending ? <LoadingRows rows={3} height={32} testId="raffle-draws-loading" /> : null}
      {draws.isError ? (
        <LoadFailed error={draws.error} onRetry={() => void draws.refetch()} testId="raffle-draws-error" />
      ) : null}
      {draws.data && draws.data.list.length === 0 ? (
        <EmptyBlock testId="raffle-draws-empty" title={t('draws.empty')} />
      ) : null}
      {draws.data && draws.data.list.length > 0
        ? ((data) => (
            <Stack gap="xs">
              <Table.ScrollContainer minWidth={520}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('draws.when')}</Table.Th>
                      <Table.Th>{t('draws.campaign')}</Table.Th>
                      <Table.Th>{t('draws.prize')}</Table.Th>
                      <Table.Th>{t('draws.proof')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.list.map((draw) => {
                      const href = raffleVerifyHref(draw, '/member/raffles');
                      return (
                        <Table.Tr key={draw.ticketId} data-testid={`raffle-draw-${draw.ticketId}`}>
                          <Table.Td>{dateTimeText(draw.claimedAt)}</Table.Td>
                          <Table.Td>
                            <Text size="sm">{draw.campaignName}</Text>
                            <Text size="xs" c="dimmed">
                              {t('proof.ticket', { id: draw.ticketId })}
                            </Text>
                          </Table.Td>
                          <Table.Td>{moneyText(draw.prizeMinor, symbol)}</Table.Td>
                          <Table.Td>
                            {href ? (
                              <Anchor
                                component={Link}
                                to={href}
                                size="sm"
                                data-testid={`raffle-draw-${draw.ticketId}-verify`}
                              >
                                {t('proof.verify')}
                              </Anchor>
                            ) : (
                              <Group gap={4}>
                                <Badge variant="light" color="gray">
                                  {t('proof.hashOnly')}
                                </Badge>
                                <Text className={classes.hash} title={draw.seedHash}>
                                  {draw.seedHash.slice(0, 16)}…
                                </Text>
                              </Group>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="center">
                <ListPager
                  totalPages={data.totalPages}
                  pageNo={page}
                  onChange={setPage}
                  size="sm"
                  testId="raffle-draws"
                />
              </Group>
            </Stack>
          ))(draws.data)
        : null}
    </Stack>
  );
}

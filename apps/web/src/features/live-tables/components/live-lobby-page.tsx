import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { tablesQuery } from '../api/get-tables.ts';
import { useLiveTablesLive } from '../hooks/use-live-tables-live.ts';
import { LiveTableCard } from './table-card.tsx';

type Props = {
  currencySymbol: string;
  /** The other vendors' live games (the catalogue's lobby), composed by the app below the tables. */
  otherGames: ReactNode;
};

/**
 * /live: the in-house tables first (docs/live-tables.md), each card following its table over the socket,
 * then every vendor's live games as before.
 */
export function LiveLobbyPage({ currencySymbol, otherGames }: Props) {
  const { t } = useTranslation('liveTables');
  const tables = useQuery(tablesQuery());
  const list = tables.data ?? [];
  useLiveTablesLive(list.map((table) => table.code));
  return (
    <PageFrame
      testId="page-live"
      title={t('common:nav.live')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('common:nav.live') }]}
    >
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-labelledby="live-tables-title" data-testid="live-lobby">
          <Title order={2} fz="lg" id="live-tables-title">
            {t('lobby.title')}
          </Title>
          {tables.isPending ? (
            <LoadingRows rows={3} height={140} testId="live-lobby-loading" />
          ) : tables.isError ? (
            <LoadFailed
              error={tables.error}
              onRetry={() => void tables.refetch()}
              testId="live-lobby-error"
            />
          ) : list.length === 0 ? (
            <EmptyBlock title={t('lobby.empty')} testId="live-lobby-empty" />
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {list.map((table) => (
                <LiveTableCard key={table.code} table={table} currencySymbol={currencySymbol} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="live-vendors-title">
          <Title order={2} fz="lg" id="live-vendors-title">
            {t('lobby.vendors')}
          </Title>
          {otherGames}
        </Stack>
      </Stack>
    </PageFrame>
  );
}

import type { DepositView } from '@lotus/shared/deposits.schema';
import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HistorySection } from '../../../components/records/history-section.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText } from '../../../lib/money/money.ts';
import { useProtectionState } from '../../../lib/protection/protection-api.ts';
import { useDepositMethods, useDeposits } from '../api/deposit-api.ts';
import { DepositForm } from './deposit-form.tsx';

type DepositPageProps = { currencySymbol: string };

// Asked once, before a member's first deposit (issue 17): its code and texts load only for that member.
const DepositLimitPrompt = lazy(() =>
  Promise.all([import('./deposit-limit-prompt.tsx'), loadNamespaces(['protection'])]).then(([m]) => ({
    default: m.DepositLimitPrompt,
  })),
);

/**
 * SPEC §2 member centre "deposit (depositv2)": the brand's methods, the form (bank transfer with the
 * receiving account and the UTR, or a gateway that takes the player to its pay page), the result of a
 * gateway payment when the player comes back (`?deposit=<id>`), and the member's deposits.
 */
export function DepositPage({ currencySymbol }: DepositPageProps) {
  const { t, i18n } = useTranslation('deposit');
  const [params] = useSearchParams();
  const returnedId = params.get('deposit');
  const methods = useDepositMethods(i18n.language);
  // Issue 17: before the first deposit, the player is asked to set a deposit limit (or not).
  const protection = useProtectionState();
  // The brand's symbol as the methods call reports it; the shell's (site configuration) until then.
  const symbol = methods.data?.currencySymbol.trim() || currencySymbol;

  return (
    <Stack gap="xl" data-testid="deposit-page">
      {returnedId ? <DepositReturn id={returnedId} symbol={symbol} /> : null}
      {methods.isPending ? (
        <Waiting label={t('loading')} />
      ) : methods.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="deposit-methods-error">
          {messageForApiError(t, methods.error)}
        </Alert>
      ) : methods.data.methods.length === 0 ? (
        <EmptyBlock
          testId="deposit-no-methods"
          title={t('noMethods.title')}
          description={t('noMethods.description')}
        />
      ) : protection.data?.depositLimitPrompt ? (
        <Suspense fallback={<Waiting label={t('loading')} />}>
          <DepositLimitPrompt symbol={symbol} />
        </Suspense>
      ) : protection.isPending ? (
        <Waiting label={t('loading')} />
      ) : (
        // A protection state that cannot load does not stand in the way: the server enforces the limits.
        <DepositForm methods={methods.data.methods} symbol={symbol} />
      )}
      <DepositHistory symbol={symbol} />
    </Stack>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <Group justify="center" py="lg">
      <Loader aria-label={label} />
    </Group>
  );
}

const STATUS_COLOR: Record<DepositView['status'], string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  failed: 'red',
};

export function DepositStatusBadge({ status }: { status: DepositView['status'] }) {
  const { t } = useTranslation('deposit');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Back from the gateway: that deposit's status, watched until it is decided. */
function DepositReturn({ id, symbol }: { id: string; symbol: string }) {
  const { t } = useTranslation('deposit');
  const queryClient = useQueryClient();
  const deposits = useDeposits(1, { pollWhilePending: true });
  const deposit = deposits.data?.list.find((item) => item.id === id) ?? null;
  const status = deposit?.status;
  // A decided deposit changed the balance: the header's figure is fetched again.
  useEffect(() => {
    if (status === 'approved') void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
  }, [status, queryClient]);

  return (
    <Paper withBorder p="md" radius="md" data-testid="deposit-return" data-status={status ?? 'unknown'}>
      <div aria-live="polite" role="status">
        {deposits.isPending ? (
          <Text>{t('return.checking')}</Text>
        ) : deposit === null ? (
          <Text>{t('return.notFound')}</Text>
        ) : (
          <Stack gap={4}>
            <Group gap="sm">
              <Text fw={600}>{t('return.title', { id: deposit.id })}</Text>
              <DepositStatusBadge status={deposit.status} />
            </Group>
            <Text size="sm">
              {moneyText(deposit.amountMinor, symbol)} · {deposit.methodName}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`return.${deposit.status}`)}
            </Text>
          </Stack>
        )}
      </div>
    </Paper>
  );
}

function DepositHistory({ symbol }: { symbol: string }) {
  const { t } = useTranslation('deposit');
  const [pageNo, setPageNo] = useState(1);
  const deposits = useDeposits(pageNo);
  return (
    <HistorySection
      testId="deposit-history"
      title={t('history.title')}
      loadingLabel={t('loading')}
      emptyTitle={t('history.empty')}
      list={deposits}
      pageNo={pageNo}
      onPageChange={setPageNo}
    >
      {(rows) => (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.time')}</Table.Th>
                <Table.Th>{t('history.method')}</Table.Th>
                <Table.Th ta="right">{t('history.amount')}</Table.Th>
                <Table.Th>{t('history.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((deposit) => (
                <Table.Tr
                  key={deposit.id}
                  data-testid="deposit-row"
                  data-id={deposit.id}
                  data-status={deposit.status}
                >
                  <Table.Td>{dateTimeText(deposit.createdAt)}</Table.Td>
                  <Table.Td>
                    {deposit.methodName}
                    {deposit.reference ? (
                      <Text size="xs" c="dimmed">
                        {t('history.reference', { reference: deposit.reference })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{moneyText(deposit.amountMinor, symbol)}</Table.Td>
                  <Table.Td>
                    <DepositStatusBadge status={deposit.status} />
                    {deposit.rejectReason ? (
                      <Text size="xs" c="dimmed">
                        {deposit.rejectReason}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </HistorySection>
  );
}

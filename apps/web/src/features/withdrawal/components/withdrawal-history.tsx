import type { WithdrawalView } from '@lotus/shared/withdrawals.schema';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { HistorySection } from '../../../components/records/history-section.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText } from '../../../lib/money/money.ts';
import { useWithdrawals } from '../api/withdrawal-api.ts';
import { ReceiptForm } from './receipt-form.tsx';

const STATUS_COLOR: Record<WithdrawalView['status'], string> = {
  pending: 'yellow',
  paid: 'green',
  rejected: 'red',
};

const RECEIPT_COLOR: Record<NonNullable<WithdrawalView['receipt']>['status'], string> = {
  awaiting: 'blue',
  received: 'green',
  auto_received: 'teal',
  not_received: 'orange',
  partly_received: 'orange',
};

/** The member's withdrawals, newest first; a paid one awaiting receipt carries the confirmation form. */
export function WithdrawalHistory({ symbol }: { symbol: string }) {
  const { t } = useTranslation('withdrawal');
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useWithdrawals(pageNo);
  return (
    <HistorySection
      testId="withdraw-history"
      title={t('history.title')}
      loadingLabel={t('loading')}
      emptyTitle={t('history.empty')}
      list={withdrawals}
      pageNo={pageNo}
      onPageChange={setPageNo}
    >
      {(rows) => (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((withdrawal) => (
            <li key={withdrawal.id}>
              <WithdrawalCard withdrawal={withdrawal} symbol={symbol} />
            </li>
          ))}
        </Stack>
      )}
    </HistorySection>
  );
}

function WithdrawalCard({ withdrawal, symbol }: { withdrawal: WithdrawalView; symbol: string }) {
  const { t } = useTranslation('withdrawal');
  const receipt = withdrawal.receipt;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="withdrawal-row"
      data-id={withdrawal.id}
      data-status={withdrawal.status}
      data-receipt={receipt?.status ?? 'none'}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{moneyText(withdrawal.amountMinor, symbol)}</Text>
          <Group gap={6}>
            <Badge color={STATUS_COLOR[withdrawal.status]} variant="light">
              {t(`status.${withdrawal.status}`)}
            </Badge>
            {receipt ? (
              <Badge
                color={RECEIPT_COLOR[receipt.status]}
                variant="outline"
                data-testid="withdrawal-receipt-status"
              >
                {t(`receiptStatus.${receipt.status}`)}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t('history.line', {
            id: withdrawal.id,
            account: `${withdrawal.payoutAccount.provider} ${withdrawal.payoutAccount.accountNumberMasked}`,
            time: dateTimeText(withdrawal.createdAt),
          })}
        </Text>
        {withdrawal.status === 'rejected' && withdrawal.rejectReason ? (
          <Text size="sm">{t('history.rejectReason', { reason: withdrawal.rejectReason })}</Text>
        ) : null}
        {receipt ? <ReceiptSummary withdrawal={withdrawal} symbol={symbol} /> : null}
        {receipt?.status === 'awaiting' ? <ReceiptForm withdrawal={withdrawal} symbol={symbol} /> : null}
      </Stack>
    </Paper>
  );
}

function ReceiptSummary({ withdrawal, symbol }: { withdrawal: WithdrawalView; symbol: string }) {
  const { t } = useTranslation('withdrawal');
  const receipt = withdrawal.receipt;
  if (!receipt) return null;
  const lines: string[] = [];
  if (receipt.status === 'awaiting') {
    lines.push(t('receipt.deadline', { time: dateTimeText(receipt.deadline) }));
  } else if (receipt.status === 'auto_received') {
    lines.push(t('receipt.autoReceived'));
  } else if (receipt.status === 'partly_received' && receipt.receivedMinor && receipt.remainderMinor) {
    lines.push(
      t('receipt.partlySummary', {
        received: moneyText(receipt.receivedMinor, symbol),
        remainder: moneyText(receipt.remainderMinor, symbol),
      }),
    );
  } else if (receipt.status === 'not_received') {
    lines.push(t('receipt.notReceivedSummary'));
  }
  if (receipt.investigation) lines.push(t(`receipt.investigation.${receipt.investigation}`));
  if (lines.length === 0) return null;
  return (
    <Stack gap={2} data-testid="withdrawal-receipt-summary">
      {lines.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

import type { ContractStatus, ContractView } from '@lotus/shared/agent-contracts.schema';
import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';

const STATUS_COLOURS: Record<ContractStatus, string> = {
  offered: 'yellow',
  accepted: 'teal',
  rejected: 'gray',
  withdrawn: 'gray',
  ended: 'gray',
};

export function StatusBadge({ status, testId }: { status: ContractStatus; testId?: string }) {
  const { t } = useTranslation('agents');
  return (
    <Badge variant="light" color={STATUS_COLOURS[status]} data-testid={testId}>
      {t(`contracts.status.${status}`)}
    </Badge>
  );
}

/** Who pays a contract: its upline, or the brand for a top agent's contract. */
export function useUplineName() {
  const { t } = useTranslation('agents');
  return (contract: ContractView) => contract.upline?.username ?? t('contracts.brand');
}

/**
 * A contract's terms in words: the rate and what it applies to (the team's net loss or valid turnover),
 * the settlement period, and a daily salary's tiers.
 */
export function ContractTerms({ contract, symbol }: { contract: ContractView; symbol: string }) {
  const { t } = useTranslation('agents');
  const basis = contract.kind === 'dividend' ? 'netLoss' : 'turnover';
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="agent-contract-terms">
        {t(`contracts.terms.${basis}`, {
          rate: contract.baseRate,
          period: t(`contracts.periods.${contract.period}`),
        })}
      </Text>
      {contract.tiers.length > 0 ? (
        <>
          <Text size="xs" c="dimmed">
            {t('contracts.tiersIntro')}
          </Text>
          <List size="sm" spacing={2} data-testid="agent-contract-tiers">
            {contract.tiers.map((tier) => (
              <List.Item key={`${tier.minTurnoverMinor}-${tier.minActivePlayers}-${tier.rateBps}`}>
                {t('contracts.tier', {
                  rate: tier.rate,
                  turnover: moneyText(tier.minTurnoverMinor, symbol),
                  count: tier.minActivePlayers,
                })}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}

/** When a contract was offered, accepted and closed (and why), as far as it got. */
export function ContractDates({ contract }: { contract: ContractView }) {
  const { t } = useTranslation('agents');
  return (
    <Text size="xs" c="dimmed">
      {t('contracts.offeredAt', { time: formatDateTime(contract.offeredAt) })}
      {contract.acceptedAt
        ? ` · ${t('contracts.acceptedAt', { time: formatDateTime(contract.acceptedAt) })}`
        : ''}
      {contract.closedAt ? ` · ${t('contracts.closedAt', { time: formatDateTime(contract.closedAt) })}` : ''}
      {contract.endReason ? ` · ${t(`contracts.endReasons.${contract.endReason}`)}` : ''}
    </Text>
  );
}

/** A contract as a card: who it is with (`title`), its status, terms and dates, and its actions. */
export function ContractCard({
  contract,
  title,
  symbol,
  testId,
  children,
}: {
  contract: ContractView;
  title: string;
  symbol: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <StatusBadge status={contract.status} testId={`${testId}-status`} />
        </Group>
        <ContractTerms contract={contract} symbol={symbol} />
        <ContractDates contract={contract} />
        {children ? (
          <Group gap="xs" mt={4}>
            {children}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

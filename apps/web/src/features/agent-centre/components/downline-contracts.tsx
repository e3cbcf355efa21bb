import type { ContractView } from '@lotus/shared/agent-contracts.schema';
import { Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { ContractTerms, StatusBadge } from './contract-terms.tsx';

/**
 * The contracts the agent gave its direct downline agents (accepted ones and offers still open), each with
 * End — or Withdraw while it is only offered — and the "Offer a contract" button when the agent holds a
 * contract of the kind itself (its rate is the most it may offer).
 */
export function DownlineContracts({
  contracts,
  symbol,
  canOffer,
  maxOfferRate,
  onOffer,
  onEnd,
}: {
  contracts: ContractView[];
  symbol: string;
  canOffer: boolean;
  maxOfferRate: string | null;
  onOffer: () => void;
  onEnd: (contract: ContractView) => void;
}) {
  const { t } = useTranslation('agents');
  return (
    <Stack gap="xs" data-testid="agent-downline-contracts">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          {t('contracts.downline')}
        </Title>
        {canOffer ? (
          <Button size="compact-sm" variant="light" onClick={onOffer} data-testid="agent-offer-open">
            {t('offer.open')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {canOffer ? t('contracts.canOffer', { max: maxOfferRate ?? '' }) : t('contracts.cannotOffer')}
      </Text>
      {contracts.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="agent-downline-contracts-none">
          {t('contracts.noneDownline')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={560} data-testid="agent-downline-contracts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('contracts.agent')}</Table.Th>
                <Table.Th>{t('contracts.termsHeader')}</Table.Th>
                <Table.Th>{t('contracts.statusHeader')}</Table.Th>
                <Table.Th>
                  <Text span size="sm" fw={700}>
                    {t('contracts.actions')}
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contracts.map((contract) => (
                <Table.Tr key={contract.id} data-testid="agent-downline-contract">
                  <Table.Td fw={600}>{contract.downline.username}</Table.Td>
                  <Table.Td>
                    <ContractTerms contract={contract} symbol={symbol} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={contract.status} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      color="red"
                      onClick={() => onEnd(contract)}
                      aria-label={t(
                        contract.status === 'offered' ? 'contracts.withdrawLabel' : 'contracts.endLabel',
                        { username: contract.downline.username },
                      )}
                      data-testid={`agent-downline-contract-end-${contract.downline.username}`}
                    >
                      {contract.status === 'offered' ? t('contracts.withdraw') : t('contracts.end')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

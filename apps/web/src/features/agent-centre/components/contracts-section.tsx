import type { AgentContracts, ContractKind } from '@lotus/shared/agent-contracts.schema';
import { Button, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useAgentContracts } from '../api/get-agent-contracts.ts';
import { ContractActionDialog, type PendingContractAction } from './contract-action-dialog.tsx';
import { ContractCard, useUplineName } from './contract-terms.tsx';
import { DownlineContracts } from './downline-contracts.tsx';
import { QueryBody } from './section-state.tsx';
import { SettlementsTable } from './settlements-table.tsx';

// The offer form checks rates with the shared schema's rule (zod comes with it): loaded on first opening.
const OfferContractDialog = lazy(() =>
  import('./offer-contract-dialog.tsx').then((m) => ({ default: m.OfferContractDialog })),
);

function ContractsBody({
  kind,
  data,
  symbol,
  onAction,
  onOffer,
}: {
  kind: ContractKind;
  data: AgentContracts;
  symbol: string;
  onAction: (pending: PendingContractAction) => void;
  onOffer: () => void;
}) {
  const { t } = useTranslation('agents');
  const uplineName = useUplineName();
  return (
    <Stack gap="md">
      {data.offersToMe.length > 0 ? (
        <Stack gap="xs" data-testid="agent-offers-to-me">
          <Title order={3} size="h5">
            {t('contracts.offersToMe')}
          </Title>
          {data.offersToMe.map((offer) => (
            <ContractCard
              key={offer.id}
              contract={offer}
              title={t('contracts.from', { upline: uplineName(offer) })}
              symbol={symbol}
              testId="agent-offer"
            >
              <Button
                size="compact-sm"
                onClick={() => onAction({ action: 'accept', contract: offer, side: 'mine' })}
                data-testid="agent-offer-accept"
              >
                {t('contracts.accept')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => onAction({ action: 'reject', contract: offer, side: 'mine' })}
                data-testid="agent-offer-reject"
              >
                {t('contracts.reject')}
              </Button>
            </ContractCard>
          ))}
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('contracts.mine')}
        </Title>
        {data.mine ? (
          <ContractCard
            contract={data.mine}
            title={t('contracts.from', { upline: uplineName(data.mine) })}
            symbol={symbol}
            testId="agent-contract-mine"
          >
            {data.mine.upline !== null ? (
              <Button
                size="compact-sm"
                variant="default"
                color="red"
                onClick={() => data.mine && onAction({ action: 'end', contract: data.mine, side: 'mine' })}
                data-testid="agent-contract-mine-end"
              >
                {t('contracts.end')}
              </Button>
            ) : null}
          </ContractCard>
        ) : (
          <Text size="sm" c="dimmed" data-testid="agent-contract-mine-none">
            {t('contracts.noneMine', { kind: t(`contracts.kinds.${kind}`) })}
          </Text>
        )}
      </Stack>
      <DownlineContracts
        contracts={data.downline}
        symbol={symbol}
        canOffer={data.maxOfferRateBps !== null}
        maxOfferRate={data.maxOfferRate}
        onOffer={onOffer}
        onEnd={(contract) => onAction({ action: 'end', contract, side: 'downline' })}
      />
      {data.history.length > 0 ? (
        <Stack gap="xs" data-testid="agent-contract-history">
          <Title order={3} size="h5">
            {t('contracts.history')}
          </Title>
          {data.history.map((contract) => (
            <ContractCard
              key={contract.id}
              contract={contract}
              title={t('contracts.between', {
                upline: uplineName(contract),
                downline: contract.downline.username,
              })}
              symbol={symbol}
              testId="agent-contract-closed"
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * One contract entry (dividend record, daily wages, hourly salary, real-time salary): offers waiting for
 * the agent with Accept / Reject, its own contract with its terms and End, the contracts it gave its direct
 * downline agents with End (or Withdraw while offered) and "Offer a contract", and the settlements paid.
 */
export function ContractsSection({ kind, symbol }: { kind: ContractKind; symbol: string }) {
  const contracts = useAgentContracts(kind);
  const { t } = useTranslation('agents');
  const [pending, setPending] = useState<PendingContractAction | null>(null);
  const [offering, setOffering] = useState(false);
  const [offerUsed, setOfferUsed] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const openOffer = () => {
    setOfferUsed(true);
    setOffering(true);
  };

  return (
    <Stack gap="lg" data-testid={`agent-contracts-${kind}`}>
      <DoneNotice
        text={done}
        testId="agent-contract-done"
        onDismiss={() => setDone(null)}
        dismissLabel={t('dismiss')}
      />
      <QueryBody query={contracts} testId="agent-contracts" isEmpty={() => false} emptyText="">
        {(data) => (
          <ContractsBody kind={kind} data={data} symbol={symbol} onAction={setPending} onOffer={openOffer} />
        )}
      </QueryBody>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('settlements.title')}
        </Title>
        <SettlementsTable kind={kind} symbol={symbol} />
      </Stack>
      <ContractActionDialog
        kind={kind}
        pending={pending}
        symbol={symbol}
        onClose={() => setPending(null)}
        onDone={(message) => {
          setPending(null);
          setDone(message);
        }}
      />
      {offerUsed && contracts.data?.maxOfferRateBps != null && contracts.data.maxOfferRate !== null ? (
        <Suspense fallback={null}>
          <OfferContractDialog
            kind={kind}
            opened={offering}
            maxOfferRateBps={contracts.data.maxOfferRateBps}
            maxOfferRate={contracts.data.maxOfferRate}
            onClose={() => setOffering(false)}
            onDone={(message) => {
              setOffering(false);
              setDone(message);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

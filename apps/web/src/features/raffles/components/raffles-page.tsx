import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, symbolOrDefault } from '../../../lib/money/money.ts';
import type { RaffleClaimResult } from '../api/claim-raffle.ts';
import { type MyRaffle, useMyRaffles } from '../api/get-raffles.ts';
import { useOpenTicket } from '../hooks/use-open-ticket.ts';
import { RaffleArt } from './raffle-art.tsx';
import { RaffleDraws } from './raffle-draws.tsx';
import { RaffleOpenDialog } from './raffle-open-dialog.tsx';
import classes from './raffles.module.css';

type RafflesPageProps = {
  /** The brand's currency symbol (the member centre passes it); 'P' when it has none (SPEC §9). */
  currencySymbol: string;
};

/**
 * Lucky draws (issue 19): the player's red envelopes, golden eggs and prize wheels with tickets left, each
 * opened in a dialog (RaffleOpenDialog), and the past draws with their proof. Every campaign shows the
 * SHA-256 of its seed, published before it started; ended ones show the seed itself.
 */
export function RafflesPage({ currencySymbol }: RafflesPageProps) {
  const { t } = useTranslation('raffles');
  const symbol = symbolOrDefault(currencySymbol);
  const raffles = useMyRaffles();
  const [shown, setShown] = useState<MyRaffle | null>(null);
  const [result, setResult] = useState<RaffleClaimResult | null>(null);
  const onDone = useCallback((done: RaffleClaimResult) => setResult(done), []);
  const intent = useOpenTicket(onDone);

  const open = (campaign: MyRaffle) => {
    setResult(null);
    setShown(campaign);
    intent.open(campaign);
  };
  const close = () => {
    intent.cancel();
    setShown(null);
    setResult(null);
  };

  return (
    <Stack gap="lg" data-testid="page-raffles">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
      </Stack>
      {raffles.isPending ? <LoadingRows rows={2} height={96} testId="raffles-loading" /> : null}
      {raffles.isError ? (
        <LoadFailed error={raffles.error} onRetry={() => void raffles.refetch()} testId="raffles-error" />
      ) : null}
      {raffles.data?.list.length === 0 ? <EmptyBlock testId="raffles-empty" title={t('empty')} /> : null}
      {raffles.data && raffles.data.list.length > 0 ? (
        <ul className={classes.list} data-testid="raffles-list">
          {raffles.data.list.map((campaign) => (
            <li key={campaign.code}>
              <CampaignCard campaign={campaign} onOpen={() => open(campaign)} />
            </li>
          ))}
        </ul>
      ) : null}
      <RaffleDraws symbol={symbol} />
      {shown ? (
        <RaffleOpenDialog campaign={shown} intent={intent} result={result} symbol={symbol} onClose={close} />
      ) : null}
    </Stack>
  );
}

function CampaignCard({ campaign, onOpen }: { campaign: MyRaffle; onOpen: () => void }) {
  const { t } = useTranslation('raffles');
  const titleId = `raffle-${campaign.code}-title`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={titleId}
      data-testid={`raffle-${campaign.code}`}
    >
      <Stack gap="xs">
        <div className={classes.card}>
          <RaffleArt
            kind={campaign.kind}
            state="closed"
            segments={campaign.prizes.length}
            className={classes.cardArt}
          />
          <Stack gap={2}>
            <Text fw={700} id={titleId}>
              {campaign.name}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`kinds.${campaign.kind}`)} ·{' '}
              {campaign.status === 'ended'
                ? t('endedAt', { date: dateTimeText(campaign.endsAt) })
                : t('endsAt', { date: dateTimeText(campaign.endsAt) })}
            </Text>
            <Group gap={6}>
              <Badge
                color={campaign.ticketsLeft > 0 ? 'red' : 'gray'}
                variant="light"
                data-testid={`raffle-${campaign.code}-tickets`}
              >
                {t('ticketsLeft', { count: campaign.ticketsLeft })}
              </Badge>
            </Group>
          </Stack>
        </div>
        <Text size="xs" c="dimmed">
          {campaign.seed ? t('seedRevealed') : t('seedHash')}
        </Text>
        <Text className={classes.hash} data-testid={`raffle-${campaign.code}-hash`}>
          {campaign.seed ?? campaign.seedHash}
        </Text>
        {campaign.open ? (
          <Button
            onClick={onOpen}
            disabled={campaign.ticketsLeft === 0}
            aria-describedby={titleId}
            data-testid={`raffle-${campaign.code}-open`}
          >
            {t(`open.button.${campaign.kind}`)}
          </Button>
        ) : (
          <Alert variant="light" color="gray" p="xs">
            <Text size="xs">{t('closed')}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

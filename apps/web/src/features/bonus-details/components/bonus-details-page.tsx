import type { BonusView } from '@lotus/shared/promotion-engine.schema';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useBonuses } from '../api/bonuses-api.ts';
import { useForfeitIntent } from '../hooks/use-forfeit-intent.ts';
import { FreeRoundsSection } from './free-rounds-section.tsx';

const STATUS_COLOUR = { open: 'blue', completed: 'teal', forfeited: 'gray' } as const;

/**
 * Bonus details (member centre `bonusDetails`, SPEC §2; issue 19): each bonus with its amount, the wagering
 * it requires, a progress bar of the weighted turnover done, what counts, its status, and — while open —
 * forfeit behind a confirm step. The line on top says what the open bonuses lock for withdrawals.
 */
export function BonusDetailsPage({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation('bonuses');
  const symbol = symbolOrDefault(currencySymbol);
  const bonuses = useBonuses();
  const [done, setDone] = useState<string | null>(null);
  const onDone = useCallback(() => setDone(t('forfeit.done')), [t]);
  const intent = useForfeitIntent(onDone);

  let body: React.ReactNode;
  if (bonuses.isPending) {
    body = <LoadingRows rows={3} height={96} testId="bonuses-loading" />;
  } else if (bonuses.isError) {
    body = <LoadFailed error={bonuses.error} onRetry={() => void bonuses.refetch()} testId="bonuses-error" />;
  } else if (bonuses.data.list.length === 0) {
    body = (
      <EmptyBlock
        testId="bonuses-empty"
        title={t('page.empty')}
        actions={
          <Button component={Link} to="/promotions" variant="default">
            {t('page.browse')}
          </Button>
        }
      />
    );
  } else {
    const locked = BigInt(bonuses.data.lockedMinor);
    body = (
      <Stack gap="sm">
        <Text size="sm" data-testid="bonuses-locked" data-locked={bonuses.data.lockedMinor}>
          {locked > 0n ? t('page.locked', { amount: moneyText(locked, symbol) }) : t('page.lockedNone')}
        </Text>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="bonuses-list">
          {bonuses.data.list.map((bonus) => (
            <li key={bonus.id}>
              <BonusItem
                bonus={bonus}
                symbol={symbol}
                onForfeit={() => {
                  setDone(null);
                  intent.open(bonus);
                }}
              />
            </li>
          ))}
        </Stack>
      </Stack>
    );
  }

  const forfeitSummary = intent.pending
    ? t('forfeit.summary', { amount: moneyText(intent.pending.amountMinor, symbol) })
    : '';
  return (
    <Stack gap="md" data-testid="page-bonusDetails">
      <DoneNotice
        text={done}
        testId="bonuses-done"
        onDismiss={() => setDone(null)}
        dismissLabel={t('page.retry')}
      />
      <FreeRoundsSection symbol={symbol} />
      {body}
      <MoneyConfirmDialog
        testId="bonus-forfeit-confirm"
        title={t('forfeit.title')}
        opened={intent.pending !== null}
        busy={intent.busy}
        error={intent.errorCode ? t(`errors:${intent.errorCode}`) : null}
        amountText={intent.pending ? moneyText(intent.pending.amountMinor, symbol) : ''}
        summary={forfeitSummary}
        confirmLabel={t('forfeit.confirm')}
        confirmSuffix="confirm"
        retryLabel={t('page.retry')}
        onClose={intent.cancel}
        onConfirm={() => void intent.confirm()}
      />
    </Stack>
  );
}

function BonusItem({
  bonus,
  symbol,
  onForfeit,
}: {
  bonus: BonusView;
  symbol: string;
  onForfeit: () => void;
}) {
  const { t } = useTranslation('bonuses');
  const titleId = `bonus-${bonus.id}-title`;
  const progressText = t('bonus.progressText', {
    done: moneyText(bonus.wageringDoneMinor, symbol),
    required: moneyText(bonus.wageringRequiredMinor, symbol),
    percent: bonus.progressPercent,
  });
  return (
    <Paper
      component="article"
      data-testid={`bonus-${bonus.id}`}
      data-status={bonus.status}
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="md"
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Text fw={600} id={titleId}>
            {bonus.promotionTitle}
          </Text>
          <Badge color={STATUS_COLOUR[bonus.status]} variant="light" data-testid={`bonus-${bonus.id}-status`}>
            {t(`bonusStatus.${bonus.status}`)}
          </Badge>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {t('bonus.amount')}:{' '}
            <strong data-testid={`bonus-${bonus.id}-amount`}>{moneyText(bonus.amountMinor, symbol)}</strong>
          </Text>
          <Text size="sm">
            {t('bonus.required')}: <strong>{moneyText(bonus.wageringRequiredMinor, symbol)}</strong>
          </Text>
        </Group>
        <ProgressBar
          percent={bonus.progressPercent}
          label={t('bonus.progress', { title: bonus.promotionTitle })}
          valueText={progressText}
          testId={`bonus-${bonus.id}-progress`}
        />
        <Text size="sm" data-testid={`bonus-${bonus.id}-progress-text`}>
          {t('bonus.done')}: {progressText}
        </Text>
        {bonus.weights.length > 0 ? (
          <Text size="xs" c="dimmed">
            {t('bonus.counts')}:{' '}
            {bonus.weights
              .map((weight) =>
                t('rules.weight', { gameType: t(`gameTypes.${weight.gameType}`), percent: weight.percent }),
              )
              .join(' · ')}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('bonus.issuedAt')}: {dateTimeText(bonus.issuedAt)}
          {bonus.closedAt ? ` · ${t('bonus.closedAt')}: ${dateTimeText(bonus.closedAt)}` : ''}
        </Text>
        {bonus.forfeited !== null ? (
          <Text size="xs" c="dimmed">
            {t('bonus.forfeited', { amount: moneyText(BigInt(bonus.forfeited.replace('.', '')), symbol) })}
          </Text>
        ) : null}
        {bonus.status === 'open' ? (
          <Group>
            <Button
              variant="default"
              color="red"
              onClick={onForfeit}
              aria-describedby={titleId}
              data-testid={`bonus-${bonus.id}-forfeit`}
            >
              {t('forfeit.button')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

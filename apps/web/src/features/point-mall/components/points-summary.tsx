import type { PointConfig } from '@lotus/shared/points.schema';
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usePointBalance } from '../api/get-point-balance.ts';
import { usePointConfig } from '../api/get-point-config.ts';
import { countOf, pointsText } from '../utils/points-text.ts';

type PointsSummaryProps = {
  symbol: string;
  onConvert: () => void;
  onLogin: () => void;
};

/** The member's points (or a log-in prompt), the conversion button and how points are earned. */
export function PointsSummary({ symbol, onConvert, onLogin }: PointsSummaryProps) {
  const { t } = useTranslation('points');
  const { token } = useSession();
  const balance = usePointBalance();
  const config = usePointConfig();

  let mine: ReactNode;
  if (token === null) {
    mine = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('balance.loginHint')}</Text>
        <Button size="compact-sm" onClick={onLogin} data-testid="points-login">
          {t('balance.login')}
        </Button>
      </Stack>
    );
  } else if (balance.isError) {
    mine = (
      <LoadFailed
        error={balance.error}
        onRetry={() => void balance.refetch()}
        testId="points-balance-error"
      />
    );
  } else if (balance.isPending) {
    mine = <LoadingRows rows={1} height={32} testId="points-balance-loading" />;
  } else {
    mine = (
      <Group justify="space-between" align="center" gap="sm">
        <Text fz={28} fw={700} data-testid="points-balance" data-points={balance.data.points}>
          {t('balance.value', {
            points: pointsText(balance.data.points),
            count: countOf(balance.data.points),
          })}
        </Text>
        {config.data?.convert ? (
          <Button variant="light" onClick={onConvert} data-testid="points-convert-open">
            {t('convert.open')}
          </Button>
        ) : null}
      </Group>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="points-balance-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="points-balance-title">
          {t('balance.title')}
        </Title>
        {mine}
        <Text size="sm" c="dimmed">
          {t('balance.neverExpire')}
        </Text>
        {config.data ? <EarnRates config={config.data} symbol={symbol} /> : null}
      </Stack>
    </Paper>
  );
}

function EarnRates({ config, symbol }: { config: PointConfig; symbol: string }) {
  const { t } = useTranslation('points');
  return (
    <Stack gap={4} data-testid="points-earn-rates">
      <Text fw={600} size="sm">
        {t('earn.title')}
      </Text>
      {config.rates.length === 0 ? (
        <Text size="sm">{t('earn.none')}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {config.rates.map((rate) => (
            <List.Item key={rate.gameType}>
              {t('earn.rate', {
                points: pointsText(rate.points),
                count: countOf(rate.points),
                turnover: moneyText(rate.turnoverMinor, symbol),
                gameType: t(`gameTypes.${rate.gameType}`),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

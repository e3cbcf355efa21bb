import type { PointReward } from '@lotus/shared/points.schema';
import { Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { usePointRewards } from '../api/get-point-rewards.ts';
import { countOf, nameIn, pointsText } from '../utils/points-text.ts';

type RewardGridProps = {
  symbol: string;
  onRedeem: (reward: PointReward) => void;
};

/** The mall's rewards: picture, name, price in points, what it gives, stock, and Redeem. */
export function RewardGrid({ symbol, onRedeem }: RewardGridProps) {
  const { t, i18n } = useTranslation('points');
  const language = i18n.language.toLowerCase().startsWith('hi') ? 'HI' : 'EN';
  const rewards = usePointRewards(language);

  let body: ReactNode;
  if (rewards.isError) {
    body = <LoadFailed error={rewards.error} onRetry={() => void rewards.refetch()} testId="rewards-error" />;
  } else if (rewards.isPending) {
    body = <LoadingRows rows={3} height={96} testId="points-rewards-loading" />;
  } else if (rewards.data.list.length === 0) {
    body = <EmptyBlock testId="points-rewards-empty" title={t('rewards.empty')} />;
  } else {
    body = (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="md"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('rewards.listLabel')}
        data-testid="points-rewards"
      >
        {rewards.data.list.map((reward) => (
          <li key={reward.id}>
            <RewardCard
              reward={reward}
              name={nameIn(reward, i18n.language)}
              symbol={symbol}
              onRedeem={() => onRedeem(reward)}
            />
          </li>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack component="section" gap="sm" aria-labelledby="points-rewards-title">
      <Title order={2} fz="lg" id="points-rewards-title">
        {t('rewards.title')}
      </Title>
      {body}
    </Stack>
  );
}

function RewardCard({
  reward,
  name,
  symbol,
  onRedeem,
}: {
  reward: PointReward;
  name: string;
  symbol: string;
  onRedeem: () => void;
}) {
  const { t } = useTranslation('points');
  const soldOut = reward.stock <= 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      data-testid="points-reward"
      data-reward-id={reward.id}
      data-kind={reward.kind}
    >
      <Stack gap="xs" h="100%" justify="space-between">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          {reward.imageUrl ? (
            <Image src={reward.imageUrl} alt="" w={72} h={72} radius="sm" fit="cover" loading="lazy" />
          ) : null}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} data-testid="points-reward-name">
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {reward.kind === 'cash' && reward.cashAmountMinor !== null
                ? t('rewards.cash', { amount: moneyText(reward.cashAmountMinor, symbol) })
                : t('rewards.goods')}
            </Text>
          </Stack>
        </Group>
        <Group justify="space-between" align="center" gap="xs">
          <Stack gap={0}>
            <Text fw={700} data-testid="points-reward-price">
              {t('rewards.points', { points: pointsText(reward.points), count: countOf(reward.points) })}
            </Text>
            {soldOut ? (
              <Badge color="gray" variant="light">
                {t('rewards.soldOut')}
              </Badge>
            ) : (
              <Text size="xs" c="dimmed" data-testid="points-reward-stock" data-stock={reward.stock}>
                {t('rewards.stock', { count: reward.stock })}
              </Text>
            )}
          </Stack>
          <Button
            size="compact-md"
            disabled={soldOut}
            onClick={onRedeem}
            aria-label={t('rewards.redeemLabel', { name })}
            data-testid="points-reward-redeem"
          >
            {t('rewards.redeem')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { TREND_SAMPLES, useLotteryTrends } from '../api/trends.ts';
import { useLotteryTexts } from '../hooks/use-lottery-texts.ts';
import { TrendGroup } from './results/trend-group.tsx';

/**
 * Trends of the game's recent results (issue 20): per group (digit position, lô numbers, balls…) how often
 * each value came in the last 50, 100 or 200 draws, the draws since it was last seen, the hot and the cold.
 */
export function LotteryTrends({ gameCode }: { gameCode: string }) {
  const { t } = useLotteryTexts();
  const [sample, setSample] = useState<number>(100);
  const trends = useLotteryTrends(gameCode, sample);
  return (
    <Stack gap="xs" data-testid="lottery-trends">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('trends.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={String(sample)}
          onChange={(value) => setSample(Number(value))}
          aria-label={t('trends.sample')}
          data={TREND_SAMPLES.map((size) => ({
            value: String(size),
            label: t('trends.last', { count: size }),
          }))}
          data-testid="lottery-trends-sample"
        />
      </Group>
      {trends.isPending ? <LoadingRows rows={4} height={24} testId="lottery-trends-loading" /> : null}
      {trends.isError ? (
        <LoadFailed
          error={trends.error}
          onRetry={() => void trends.refetch()}
          testId="lottery-trends-error"
        />
      ) : null}
      {trends.data && trends.data.sampleSize === 0 ? (
        <EmptyBlock testId="lottery-trends-empty" title={t('trends.empty')} />
      ) : null}
      {trends.data && trends.data.sampleSize > 0 ? (
        <>
          <Text size="xs" c="dimmed">
            {t('trends.sampleSize', { count: trends.data.sampleSize })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {trends.data.groups.map((group) => (
              <TrendGroup key={group.group} group={group} />
            ))}
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}

import type { MemberRank } from '@lotus/shared/ranks.schema';
import { Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { nextLevelOf, requirementProgress } from '../utils/rank-progress.ts';

const TEST_ID = 'page-player-rank-progress';

/**
 * Progress to the next level (issue 19): one bar per requirement the level asks (30-day valid turnover,
 * lifetime deposits), whether one or all of them is needed, and what the next level gives. Levels rise by
 * themselves within a minute of reaching them.
 */
export function RankProgress({ rank }: { rank: MemberRank }) {
  const { t } = useTranslation('playerRank');
  const symbol = symbolOrDefault(rank.currencySymbol);
  const next = nextLevelOf(rank);
  if (!next) {
    return (
      <Paper withBorder radius="md" p="md" data-testid={TEST_ID}>
        <Text size="sm" data-testid={`${TEST_ID}-top`}>
          {t('progress.top')}
        </Text>
      </Paper>
    );
  }
  const bars = requirementProgress(rank, next);
  const titleId = `${TEST_ID}-title`;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={titleId}
      data-testid={TEST_ID}
    >
      <Stack gap="sm">
        <Title order={2} fz={{ base: 18, sm: 20 }} id={titleId}>
          {t('progress.heading', { name: next.name, level: next.level })}
        </Title>
        <Text size="sm" c="dimmed">
          {bars.length > 1 ? t(`progress.rule.${rank.progress.rule}`) : t('progress.rule.one')}
        </Text>
        {bars.map((bar) => {
          const label = t(`progress.${bar.kind}`);
          const figures = t('progress.figures', {
            current: moneyText(bar.currentMinor, symbol),
            target: moneyText(bar.targetMinor, symbol),
          });
          return (
            <Stack key={bar.kind} gap={4} data-testid={`${TEST_ID}-${bar.kind}`}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="sm" data-testid={`${TEST_ID}-${bar.kind}-figures`}>
                  {figures}
                </Text>
              </Group>
              <ProgressBar percent={bar.percent} label={`${label}: ${figures}`} />
              <Text size="xs" c="dimmed">
                {bar.missingMinor === '0'
                  ? t('progress.reached')
                  : t('progress.missing', { amount: moneyText(bar.missingMinor, symbol) })}
              </Text>
            </Stack>
          );
        })}
        {next.benefits.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('progress.gives', { name: next.name })}
            </Text>
            <List size="sm" spacing={4} data-testid={`${TEST_ID}-gives`}>
              {next.benefits.map((benefit) => (
                <List.Item key={benefit}>{benefit}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

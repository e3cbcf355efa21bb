import type { SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import { Badge, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { resultsQuery } from '../api/results.ts';
import { nameIn } from '../utils/sports-text.ts';

/** How many finished fights the arena shows. */
export const ARENA_RESULTS = 10;

/** How a finished fight ended: the winning side's key (meron, wala, draw) or `cancelled`. */
export function fightResult(event: SportsEventSummary): string | null {
  if (event.status === 'cancelled') return 'cancelled';
  return event.mainMarket?.selections.find((selection) => selection.outcome === 'win')?.key ?? null;
}

const RESULT_COLOURS: Record<string, string> = {
  meron: 'red',
  wala: 'blue',
  draw: 'green',
  cancelled: 'gray',
};

/**
 * The arena's last results (`GET /sportsbook/api/results`), newest first: each fight's winner in words (the
 * colour only repeats it) with the fight's name for screen readers. A push that finishes a fight refetches
 * it (use-sports-live), so a result shows within seconds.
 */
export function CockfightResults() {
  const { t, i18n } = useTranslation('sports');
  const results = useQuery(resultsQuery({ group: 'cockfight', limit: ARENA_RESULTS }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cockfight-results-title">
      <Title order={2} fz="md" id="cockfight-results-title" mb="xs">
        {t('cockfight.results')}
      </Title>
      {results.isPending ? (
        <LoadingRows rows={1} height={24} testId="cockfight-results-loading" />
      ) : results.isError ? (
        <LoadFailed
          error={results.error}
          onRetry={() => void results.refetch()}
          testId="cockfight-results-error"
        />
      ) : results.data.list.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="cockfight-results-empty">
          {t('cockfight.noResults')}
        </Text>
      ) : (
        <Group
          gap={6}
          component="ol"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-testid="cockfight-results"
        >
          {results.data.list.map((fight) => {
            const result = fightResult(fight);
            const name = `${nameIn(fight.home, i18n.language)} ${t('event.vs')} ${nameIn(fight.away, i18n.language)}`;
            return (
              <li key={fight.id} data-testid={`cockfight-result-${fight.id}`} data-result={result ?? 'none'}>
                <Badge color={RESULT_COLOURS[result ?? ''] ?? 'gray'} variant="light" title={name}>
                  <VisuallyHidden>{name}: </VisuallyHidden>
                  {result ? t(`cockfight.result.${result}`) : t(`status.${fight.status}`)}
                </Badge>
              </li>
            );
          })}
        </Group>
      )}
    </Paper>
  );
}

import type { LiveTableSummary } from '@lotus/shared/live.schema';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { limitsRange } from '../utils/limits.ts';
import { LastResults } from './last-results.tsx';
import classes from './live-tables.module.css';
import { PhaseCountdown } from './phase-countdown.tsx';
import { BeadPlate } from './roads.tsx';

/** The table's name in the page's language (Hindi where the brand gave one, else English). */
export function tableName(name: LiveTableSummary['name'], language: string): string {
  return toBrandLanguage(language) === 'HI' && name.HI ? name.HI : name.EN;
}

/**
 * A table in the lobby: kind, name, limits, players, the phase with its countdown ring, the last results
 * (baccarat: its bead plate) and Play, which opens the table screen.
 */
export function LiveTableCard({
  table,
  currencySymbol,
}: {
  table: LiveTableSummary;
  currencySymbol: string;
}) {
  const { t, i18n } = useTranslation('liveTables');
  const name = tableName(table.name, i18n.language);
  const baccarat = table.kind === 'baccarat' || table.kind === 'baccarat-nc';
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      className={classes.tableCard}
      data-testid={`live-table-${table.code}`}
      data-phase={table.phase}
      component="article"
      aria-label={name}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Badge variant="light" size="sm">
              {t(`kinds.${table.kind}`)}
            </Badge>
            <Text fw={700} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('limits', limitsRange(table.limits, currencySymbol))}
            </Text>
            <Text size="xs" c="dimmed" data-testid="live-players">
              {t('players', { count: table.players })}
            </Text>
          </Stack>
          <Stack gap={2} align="center">
            <PhaseCountdown table={table} />
            <Text size="xs" fw={600} data-testid="live-phase">
              {t(`phaseShort.${table.phase}`)}
            </Text>
          </Stack>
        </Group>
        {baccarat ? <BeadPlate road={table.road} least={10} /> : <LastResults results={table.lastResults} />}
        <Button component={Link} to={`/live/${table.code}`} data-testid={`live-play-${table.code}`}>
          {t('play')}
        </Button>
      </Stack>
    </Card>
  );
}

import type { PvpTable } from '@lotus/shared/pvp.schema';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { eventText, nickResolver } from '../utils/event-text.ts';
import classes from './pvp.module.css';

/** The table's last events, newest first (the snapshot's `lastEvents`, already filtered for the viewer). */
export function PvpLog({ table, symbol }: { table: PvpTable; symbol: string }) {
  const { t } = useTranslation('pvp');
  const nickOf = nickResolver(t, table.seats);
  const lines = table.lastEvents.map((event, index) =>
    eventText(t, event, nickOf, symbol, table.lastEvents[index - 1] ?? null),
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pvp-log-title">
      <Title order={2} size="h5" id="pvp-log-title" mb="xs">
        {t('log.title')}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('log.empty')}
        </Text>
      ) : (
        <ol className={classes.log} reversed data-testid="pvp-log">
          {lines
            .map((line, index) => ({ line, index }))
            .reverse()
            .map(({ line, index }) => (
              <Text component="li" size="sm" key={`${table.version}-${index}`}>
                {line}
              </Text>
            ))}
        </ol>
      )}
    </Paper>
  );
}

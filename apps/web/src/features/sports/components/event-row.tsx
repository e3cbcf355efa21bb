import type { SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { eventPath, shortLabel } from '../utils/event-view.ts';
import { groupOfSport, nameIn } from '../utils/sports-text.ts';
import { MarketOdds } from './odds-button.tsx';
import classes from './sports.module.css';

/** The live score and clock, when the event starts, or how it finished (with the final score). */
export function EventStatusLine({
  event,
  finalScore = true,
}: {
  event: SportsEventSummary;
  /** Whether a finished event's line repeats its score (the event page's scoreboard shows it large). */
  finalScore?: boolean;
}) {
  const { t } = useTranslation('sports');
  if (event.status === 'live' && event.score) {
    return (
      <Group gap={6} wrap="nowrap">
        <Badge color="red" variant="filled" size="sm">
          {t('status.live')}
        </Badge>
        <Text fz="sm" className={classes.score} data-testid="sports-score">
          {event.score.home} – {event.score.away}
        </Text>
        <Text fz="xs" c="dimmed">
          {event.score.clock}
        </Text>
      </Group>
    );
  }
  if (event.status === 'scheduled') {
    return (
      <Text fz="xs" c="dimmed">
        {t('event.startsAt', { time: formatDateTime(event.startsAt).slice(0, 16) })}
      </Text>
    );
  }
  const status = (
    <Badge color="gray" variant="light" size="sm">
      {t(`status.${event.status}`)}
    </Badge>
  );
  if (finalScore && (event.status === 'ended' || event.status === 'resulted') && event.score) {
    return (
      <Group gap={6} wrap="nowrap">
        {status}
        <Text
          fz="sm"
          className={classes.score}
          data-testid="sports-score"
          aria-label={t('result.finalLabel', { home: event.score.home, away: event.score.away })}
        >
          {event.score.home} – {event.score.away}
        </Text>
      </Group>
    );
  }
  return status;
}

/** A lobby row: the teams (a link to the event page), the score or start, and the main market's prices. */
export function EventRow({ event }: { event: SportsEventSummary }) {
  const { t, i18n } = useTranslation('sports');
  const language = i18n.language;
  const market = event.mainMarket;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`sports-event-${event.id}`} data-status={event.status}>
      <div className={classes.row}>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={eventPath(groupOfSport(event.sport), event.id)} fw={600} fz="sm">
            {nameIn(event.home, language)} {t('event.vs')} {nameIn(event.away, language)}
          </Anchor>
          <EventStatusLine event={event} />
          {event.marketCount > 1 ? (
            <Text fz="xs" c="dimmed">
              {t('event.markets', { count: event.marketCount })}
            </Text>
          ) : null}
        </Stack>
        {market ? (
          <MarketOdds
            event={event}
            market={market}
            name={t(`markets.${market.type}`)}
            labelOf={(selection) => shortLabel(t, selection.key, nameIn(selection.name, language))}
          />
        ) : (
          <Text fz="sm" c="dimmed">
            {t('odds.none')}
          </Text>
        )}
      </div>
    </Paper>
  );
}

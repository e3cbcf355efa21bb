import type { SportsEventDetail, SportsMarket } from '@lotus/shared/sportsbook.schema';
import { Accordion, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { eventQuery } from '../api/events.ts';
import { timeLeftText, useClock } from '../hooks/use-clock.ts';
import { useSlipPrices } from '../hooks/use-slip-prices.ts';
import { useSportsLive } from '../hooks/use-sports-live.ts';
import { happeningText } from '../utils/event-view.ts';
import { marketTitle, nameIn } from '../utils/sports-text.ts';
import { BookLayout } from './book-layout.tsx';
import { EventStatusLine } from './event-row.tsx';
import { MarketOdds } from './odds-button.tsx';
import classes from './sports.module.css';

/** Markets of one type together, in the order the book lists them. */
function groupByType(markets: readonly SportsMarket[]) {
  const groups = new Map<string, SportsMarket[]>();
  for (const market of markets) groups.set(market.type, [...(groups.get(market.type) ?? []), market]);
  return [...groups.entries()];
}

function Countdown({ startsAt }: { startsAt: string }) {
  const { t } = useTranslation('sports');
  const now = useClock();
  const start = Date.parse(startsAt);
  return (
    <Text fz="sm" className={classes.timer} role="timer" aria-live="off" data-testid="sports-countdown">
      {start > now ? t('event.startsIn', { time: timeLeftText(start, now) }) : t('event.startingNow')}
    </Text>
  );
}

function Scoreboard({ event }: { event: SportsEventDetail }) {
  const { t, i18n } = useTranslation('sports');
  const language = i18n.language;
  const final = event.status === 'ended' || event.status === 'resulted';
  return (
    <Paper withBorder radius="md" p="md" data-testid="sports-scoreboard">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Text fw={700} style={{ flex: 1 }}>
          {nameIn(event.home, language)}
        </Text>
        <Stack gap={0} align="center">
          {final && event.score ? (
            <Text fz="xs" c="dimmed" tt="uppercase">
              {t('result.final')}
            </Text>
          ) : null}
          {event.score ? (
            <Text
              fz={28}
              className={classes.score}
              data-final={final}
              aria-label={t(final ? 'result.finalLabel' : 'event.scoreLabel', {
                home: event.score.home,
                away: event.score.away,
              })}
            >
              {event.score.home} – {event.score.away}
            </Text>
          ) : null}
          {event.score?.clock ? (
            <Text fz="xs" c="dimmed">
              {[event.score.period, event.score.clock].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Stack>
        <Text fw={700} ta="right" style={{ flex: 1 }}>
          {nameIn(event.away, language)}
        </Text>
      </Group>
      <Group justify="center" mt="xs">
        <EventStatusLine event={event} finalScore={false} />
        {event.status === 'scheduled' ? <Countdown startsAt={event.startsAt} /> : null}
      </Group>
    </Paper>
  );
}

function MarketBlock({ event, market }: { event: SportsEventDetail; market: SportsMarket }) {
  const { t } = useTranslation('sports');
  const suspended = market.status === 'suspended';
  return (
    <Stack gap={4} data-testid={`sports-market-${market.id}`} data-status={market.status}>
      <Group gap="xs">
        <Text fz="sm" fw={600}>
          {marketTitle(t, market)}
        </Text>
        {market.status !== 'open' ? (
          <Badge color={suspended ? 'orange' : 'gray'} variant="light" size="sm">
            {t(`marketStatus.${market.status}`)}
          </Badge>
        ) : null}
      </Group>
      <MarketOdds event={event} market={market} name={marketTitle(t, market)} />
    </Stack>
  );
}

function Timeline({ event }: { event: SportsEventDetail }) {
  const { t } = useTranslation('sports');
  const language = useTranslation().i18n.language;
  if (event.timeline.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sports-timeline-title">
      <Title order={2} fz="md" id="sports-timeline-title" mb="xs">
        {t('event.timeline')}
      </Title>
      <Stack
        gap={4}
        component="ol"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        data-testid="sports-timeline"
      >
        {[...event.timeline].reverse().map((item) => (
          <Text component="li" fz="sm" key={item.seq}>
            <Text span c="dimmed" className={classes.timer}>
              {item.clock}
            </Text>{' '}
            {happeningText(t, item)}
            {item.side ? ` · ${nameIn(item.side === 'home' ? event.home : event.away, language)}` : ''}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * `/sports/event/:eventId` and `/esports/event/:eventId`: the live score and timeline (or the pre-match
 * countdown) and every market grouped by type, each price a slip toggle that flashes when it moves.
 */
export function SportsEventPage({ group, eventId }: { group: 'sports' | 'esports'; eventId: string }) {
  const { t, i18n } = useTranslation('sports');
  const event = useQuery(eventQuery(eventId));
  useSportsLive({ eventIds: [eventId], group: null });
  useSlipPrices(event.data?.markets);
  const types = useMemo(() => groupByType(event.data?.markets ?? []), [event.data?.markets]);
  const lobby = t(`lobby.title.${group}`);
  const title = event.data
    ? `${nameIn(event.data.home, i18n.language)} ${t('event.vs')} ${nameIn(event.data.away, i18n.language)}`
    : t('event.title');
  return (
    <PageFrame
      testId="page-sports-event"
      title={title}
      dataAttributes={{ 'data-event-id': eventId }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: lobby, to: `/${group}` }, { label: title }]}
    >
      <BookLayout>
        {event.isPending ? (
          <LoadingRows rows={6} height={56} testId="sports-loading" />
        ) : event.isError ? (
          <LoadFailed error={event.error} onRetry={() => void event.refetch()} testId="sports-error" />
        ) : (
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {nameIn(event.data.competition.name, i18n.language)}
            </Text>
            <Scoreboard event={event.data} />
            {types.length === 0 ? (
              <Text c="dimmed">{t('odds.none')}</Text>
            ) : (
              <Accordion multiple variant="separated" defaultValue={types.slice(0, 4).map(([type]) => type)}>
                {types.map(([type, markets]) => (
                  <Accordion.Item value={type} key={type}>
                    <Accordion.Control>{t(`markets.${type}`)}</Accordion.Control>
                    <Accordion.Panel>
                      <Stack gap="sm">
                        {markets.map((market) => (
                          <MarketBlock key={market.id} event={event.data} market={market} />
                        ))}
                      </Stack>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            )}
            <Timeline event={event.data} />
          </Stack>
        )}
      </BookLayout>
    </PageFrame>
  );
}

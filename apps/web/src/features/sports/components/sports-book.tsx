import type { SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import { Button, NativeSelect, SegmentedControl, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { eventsQuery } from '../api/events.ts';
import { resultsQuery } from '../api/results.ts';
import { useSlipPrices } from '../hooks/use-slip-prices.ts';
import { useSportsLive } from '../hooks/use-sports-live.ts';
import { byCompetition } from '../utils/event-view.ts';
import { nameIn } from '../utils/sports-text.ts';
import { BookLayout } from './book-layout.tsx';
import { EventRow } from './event-row.tsx';
import classes from './sports.module.css';

type When = 'live' | 'soon' | 'all' | 'results';

/** Finished events the Results tab lists. */
const LOBBY_RESULTS = 20;

/**
 * The lobby of `/sports` and `/esports` (and `/fbsports`, full width): live now, starting soon, all or the
 * latest results; the group's sports as tabs with their counts; a competition filter; each event with its
 * main market's odds (a result's outcomes). Pushes about the listed events (and the group) refetch it.
 */
export function SportsBook({ group }: { group: 'sports' | 'esports' }) {
  const { t, i18n } = useTranslation('sports');
  const [when, setWhen] = useState<When>('all');
  const [sport, setSport] = useState('');
  const [competition, setCompetition] = useState('');
  const results = when === 'results';
  // The sport tabs' counts and the competitions come with the lobby read, which the Results tab needs too.
  const events = useQuery(eventsQuery({ group, sport, competition, when: results ? 'all' : when }));
  const finished = useQuery({ ...resultsQuery({ group, sport, limit: LOBBY_RESULTS }), enabled: results });
  const list = events.data?.list;
  const eventIds = useMemo(() => (list ?? []).map((event) => event.id), [list]);
  const mainMarkets = useMemo(() => list?.map((event) => event.mainMarket), [list]);
  useSportsLive({ eventIds, group });
  useSlipPrices(mainMarkets);

  const totals = events.data?.sports ?? [];
  const competitions = (events.data?.competitions ?? []).filter((entry) => !sport || entry.sport === sport);

  return (
    <BookLayout>
      <Stack gap="md" data-testid="sports-book" data-group={group}>
        <SegmentedControl
          value={when}
          onChange={(value) => setWhen(value as When)}
          data={(['live', 'soon', 'all', 'results'] as const).map((value) => ({
            value,
            label: t(`lobby.when.${value}`),
          }))}
          data-testid="sports-when"
        />
        <fieldset className={classes.tabs} aria-label={t('lobby.sports')}>
          <Button
            size="compact-sm"
            variant={sport === '' ? 'filled' : 'default'}
            aria-pressed={sport === ''}
            onClick={() => {
              setSport('');
              setCompetition('');
            }}
          >
            {t('lobby.allSports')}
          </Button>
          {totals.map((entry) => (
            <Button
              key={entry.sport}
              size="compact-sm"
              variant={sport === entry.sport ? 'filled' : 'default'}
              aria-pressed={sport === entry.sport}
              onClick={() => {
                setSport(entry.sport);
                setCompetition('');
              }}
              data-testid={`sports-sport-${entry.sport}`}
            >
              {t('lobby.sportCount', {
                sport: t(`sportNames.${entry.sport}`),
                live: entry.live,
                total: entry.total,
              })}
            </Button>
          ))}
        </fieldset>
        {competitions.length > 1 && !results ? (
          <NativeSelect
            label={t('lobby.competition')}
            value={competition}
            onChange={(event) => setCompetition(event.currentTarget.value)}
            data={[
              { value: '', label: t('lobby.allCompetitions') },
              ...competitions.map((entry) => ({
                value: entry.code,
                label: nameIn(entry.name, i18n.language),
              })),
            ]}
            data-testid="sports-competition"
          />
        ) : null}
        <EventList events={results ? finished : events} when={when} />
      </Stack>
    </BookLayout>
  );
}

function EventList({
  events,
  when,
}: {
  events: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: { list: SportsEventSummary[] };
    refetch: () => unknown;
  };
  when: When;
}) {
  const { t, i18n } = useTranslation('sports');
  if (events.isPending) return <LoadingRows rows={5} height={64} testId="sports-loading" />;
  if (events.isError || !events.data)
    return <LoadFailed error={events.error} onRetry={() => void events.refetch()} testId="sports-error" />;
  if (events.data.list.length === 0) {
    return (
      <EmptyBlock
        title={t(`lobby.empty.${when}`)}
        {...(when === 'results' ? {} : { description: t('lobby.emptyHint') })}
        testId="sports-empty"
      />
    );
  }
  return (
    <Stack gap="lg">
      {byCompetition(events.data.list).map((section) => (
        <Stack
          component="section"
          gap="xs"
          key={section.code}
          aria-label={nameIn(section.name, i18n.language)}
        >
          <Title order={2} fz="md">
            {nameIn(section.name, i18n.language)}
          </Title>
          {section.events.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

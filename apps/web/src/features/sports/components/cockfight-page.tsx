import type { SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { eventsQuery } from '../api/events.ts';
import { timeLeftText, useClock } from '../hooks/use-clock.ts';
import { useSlipPrices } from '../hooks/use-slip-prices.ts';
import { useSportsLive } from '../hooks/use-sports-live.ts';
import { nameIn } from '../utils/sports-text.ts';
import { BookLayout } from './book-layout.tsx';
import { CockfightResults } from './cockfight-results.tsx';
import { MarketOdds } from './odds-button.tsx';
import classes from './sports.module.css';

const FINISHED = new Set(['ended', 'resulted', 'cancelled']);

/**
 * When the fight's betting window closes: the arena's `closesAt` in the score's details when it sends one,
 * else the fight's start (docs/sportsbook.md "Trading feed": betting is open before the fight).
 */
export function closesAtOf(event: SportsEventSummary): number {
  const closesAt = event.score?.detail?.closesAt;
  return Date.parse(typeof closesAt === 'string' ? closesAt : event.startsAt);
}

/** The fight now on the card: the first one still taking bets, else the first one not finished. */
export function currentFight(list: readonly SportsEventSummary[]): SportsEventSummary | null {
  const open = list.find((event) => event.mainMarket?.status === 'open' && !FINISHED.has(event.status));
  return open ?? list.find((event) => !FINISHED.has(event.status)) ?? null;
}

const SIDES = new Set(['meron', 'wala', 'draw']);

function FightCard({ fight }: { fight: SportsEventSummary }) {
  const { t, i18n } = useTranslation('sports');
  const market = fight.mainMarket;
  const open = market?.status === 'open';
  const now = useClock(open);
  const closesAt = closesAtOf(fight);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="cockfight-current"
      data-event-id={fight.id}
      data-status={fight.status}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {nameIn(fight.home, i18n.language)} {t('event.vs')} {nameIn(fight.away, i18n.language)}
          </Title>
          <Text
            fw={600}
            className={classes.timer}
            role="timer"
            aria-live="off"
            data-testid="cockfight-countdown"
          >
            {open && closesAt > now
              ? t('cockfight.closesIn', { time: timeLeftText(closesAt, now) })
              : t(fight.status === 'live' ? 'cockfight.fighting' : 'cockfight.closed')}
          </Text>
        </Group>
        {market ? (
          <MarketOdds
            event={fight}
            market={market}
            name={t('markets.fight_winner')}
            labelOf={(selection) =>
              SIDES.has(selection.key)
                ? t(`cockfight.result.${selection.key}`)
                : nameIn(selection.name, i18n.language)
            }
          />
        ) : null}
        <Text fz="xs" c="dimmed">
          {t('cockfight.rules')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * `/cockfight`: the arena (docs/sportsbook.md "Trading feed"): the current fight with its betting window's
 * countdown and meron / wala / draw prices, the next fights and the last results, in the category page's frame.
 */
export function CockfightPage() {
  const { t } = useTranslation('pages');
  const title = t('category.cockfight');
  const fights = useQuery(eventsQuery({ group: 'cockfight', sport: '', competition: '', when: 'all' }));
  const list = fights.data?.list;
  const eventIds = useMemo(() => (list ?? []).map((event) => event.id), [list]);
  const markets = useMemo(() => list?.map((event) => event.mainMarket), [list]);
  useSportsLive({ eventIds, group: 'cockfight' });
  useSlipPrices(markets);
  const current = list ? currentFight(list) : null;
  return (
    <PageFrame
      testId="page-category"
      title={title}
      dataAttributes={{ 'data-category': 'cockfight' }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: title }]}
    >
      <BookLayout>
        {fights.isPending ? (
          <LoadingRows rows={3} height={96} testId="sports-loading" />
        ) : fights.isError ? (
          <LoadFailed error={fights.error} onRetry={() => void fights.refetch()} testId="sports-error" />
        ) : (
          <Stack gap="md" data-testid="cockfight-arena">
            {current ? (
              <FightCard fight={current} />
            ) : (
              <EmptyBlock title={t('sports:cockfight.none')} testId="sports-empty" />
            )}
            <CockfightResults />
          </Stack>
        )}
      </BookLayout>
    </PageFrame>
  );
}

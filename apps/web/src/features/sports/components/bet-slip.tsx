import { ACCEPT_RULES, type AcceptRule } from '@lotus/shared/sportsbook.schema';
import { Button, Group, Paper, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { errorKeyOf } from '../../../components/ui/query-states.tsx';
import { PHONE_QUERY } from '../../../lib/games/use-launch-game.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { amountProblemText, moneyText } from '../../../lib/money/money.ts';
import { useRequireLogin } from '../../../lib/session/use-session.ts';
import { eventQuery } from '../api/events.ts';
import { type SlipTab, useBetSlip } from '../hooks/bet-slip-store.ts';
import { useOddsFormat } from '../hooks/use-odds-format.ts';
import { type PlannedBet, usePlaceBets } from '../hooks/use-place-bets.ts';
import { useSlipPrices } from '../hooks/use-slip-prices.ts';
import { useSportsLive } from '../hooks/use-sports-live.ts';
import { useSportsSymbol } from '../hooks/use-sports-symbol.ts';
import { multiProblem, multiTotals, type SlipPick, singlesTotals } from '../utils/slip-maths.ts';
import { groupOfSport, nameIn } from '../utils/sports-text.ts';
import { MyBets } from './my-bets.tsx';
import { OddsFormatPicker } from './odds-format-picker.tsx';
import { SlipPickRow } from './slip-pick-row.tsx';
import classes from './sports.module.css';

/** The slip's plan: the bets a confirm would place, or null when it cannot place (and why is on screen). */
function planOf(
  tab: SlipTab,
  picks: readonly SlipPick[],
  stakes: Readonly<Record<string, string>>,
  multiStake: string,
): { bets: PlannedBet[]; totalMinor: bigint; returnMinor: bigint } | null {
  if (picks.length === 0 || picks.some((pick) => !pick.open)) return null;
  if (tab === 'multi') {
    const totals = multiTotals(picks, multiStake);
    if (multiProblem(picks) !== null || !totals.stake.ok) return null;
    const legs = picks.map((pick) => ({ selectionId: pick.selectionId, oddsMilli: pick.oddsMilli }));
    const bet: PlannedBet = { kind: 'multi', stakeMinor: totals.stake.minor, legs };
    return { bets: [bet], totalMinor: totals.stake.minor, returnMinor: totals.returnMinor };
  }
  const totals = singlesTotals(picks, stakes);
  if (!totals.valid) return null;
  const bets = picks.flatMap((pick, index): PlannedBet[] => {
    const stake = totals.lines[index]?.stake;
    return stake?.ok
      ? [
          {
            kind: 'single',
            stakeMinor: stake.minor,
            legs: [{ selectionId: pick.selectionId, oddsMilli: pick.oddsMilli }],
          },
        ]
      : [];
  });
  return { bets, totalMinor: totals.totalMinor, returnMinor: totals.returnMinor };
}

/**
 * The slip's picks stay priced wherever the player is: their events are followed over the socket and read
 * (every market, so a pick off the main market moves too), and a moved price shows old → new on the slip.
 */
function useFollowedPicks(picks: readonly SlipPick[]) {
  const eventIds = useMemo(() => [...new Set(picks.map((pick) => pick.eventId))].sort(), [picks]);
  useSportsLive({ eventIds, group: null });
  const details = useQueries({ queries: eventIds.map((eventId) => eventQuery(eventId)) });
  const stamp = details.map((detail) => detail.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reads' update times say when their data changed.
  const markets = useMemo(() => details.flatMap((detail) => detail.data?.markets ?? []), [stamp]);
  useSlipPrices(markets);
}

/**
 * The bet slip that follows the player (docs/sportsbook.md "Pages"): singles with a stake per line, the
 * accumulator with its combined odds, the acceptance rule for moved prices, then the confirm dialog before
 * any money moves; its third tab is "my bets" with cash-out. A side panel on a desktop; on a phone a bar at
 * the bottom (picks and total) that opens into a sheet.
 */
export function BetSlip() {
  const { t, i18n } = useTranslation('sports');
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [opened, setOpened] = useState(false);
  const requireLogin = useRequireLogin();
  const symbol = useSportsSymbol();
  const { odds } = useOddsFormat();
  const slip = useBetSlip();
  const gameCode = groupOfSport(slip.picks[0]?.sport ?? 'cricket');
  const place = usePlaceBets(gameCode);
  const plan = planOf(slip.tab, slip.picks, slip.stakes, slip.multiStake);
  const singles = singlesTotals(slip.picks, slip.stakes);
  const multi = multiTotals(slip.picks, slip.multiStake);
  const problem = multiProblem(slip.picks);
  const suspended = slip.picks.some((pick) => !pick.open);
  useFollowedPicks(slip.picks);

  // A new pick on a phone opens the sheet, so the player sees what was added.
  const count = slip.picks.length;
  const shownCount = useRef(count);
  useEffect(() => {
    // Only a pick added here opens it, not a slip that arrives full with the next page.
    if (count > shownCount.current && phone) setOpened(true);
    shownCount.current = count;
  }, [count, phone]);

  const submit = () =>
    requireLogin(() => {
      if (!plan) return;
      place.open({ ...plan, acceptRule: slip.acceptRule });
    });

  const totalText = moneyText(
    slip.tab === 'multi' ? (multi.stake.ok ? multi.stake.minor : 0n) : singles.totalMinor,
    symbol,
  );
  const summary = (
    <Group justify="space-between" wrap="nowrap" w="100%">
      <Text fw={600}>{t('slip.picks', { count })}</Text>
      <Text fw={700}>{totalText}</Text>
    </Group>
  );

  const picksPanel = (tab: 'singles' | 'multi') =>
    count === 0 ? (
      <EmptyBlock title={t('slip.empty')} description={t('slip.emptyHint')} testId="sports-slip-empty" />
    ) : (
      <Stack gap="sm">
        {slip.picks.map((pick, index) => (
          <SlipPickRow
            key={pick.selectionId}
            pick={pick}
            symbol={symbol}
            onRemove={() => slip.remove(pick.selectionId)}
            {...(tab === 'singles'
              ? {
                  stake: {
                    text: slip.stakes[pick.selectionId] ?? '',
                    totals: singles.lines[index],
                    onChange: (text: string) => slip.setStake(pick.selectionId, text),
                  },
                }
              : {})}
          />
        ))}
        {tab === 'multi' ? (
          problem ? (
            <Text fz="sm" c="orange" role="status" data-testid="sports-multi-problem">
              {t(`slip.multiProblem.${problem}`)}
            </Text>
          ) : (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fz="sm">{t('slip.combinedOdds')}</Text>
                <Text fz="sm" fw={700} data-testid="sports-multi-odds">
                  {odds(multi.combinedOddsMilli)}
                </Text>
              </Group>
              <TextInput
                label={t('slip.stake')}
                value={slip.multiStake}
                onChange={(event) => slip.setMultiStake(event.currentTarget.value)}
                inputMode="decimal"
                leftSection={<span aria-hidden="true">{symbol}</span>}
                error={
                  slip.multiStake.trim() !== '' && !multi.stake.ok
                    ? amountProblemText(t, multi.stake.problem, symbol)
                    : undefined
                }
                data-testid="sports-multi-stake"
              />
            </Stack>
          )
        ) : null}
        {suspended ? (
          <Text fz="sm" c="orange" role="status">
            {t('slip.suspended')}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Text fz="sm">{t('slip.totalStake')}</Text>
          <Text fz="sm" fw={700} data-testid="sports-slip-total">
            {totalText}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fz="sm">{t('slip.potentialReturn')}</Text>
          <Text fz="sm" fw={700} data-testid="sports-slip-return">
            {moneyText(tab === 'multi' ? multi.returnMinor : singles.returnMinor, symbol)}
          </Text>
        </Group>
        <Select
          label={t('slip.acceptRule')}
          data={ACCEPT_RULES.map((rule) => ({ value: rule, label: t(`slip.rules.${rule}`) }))}
          value={slip.acceptRule}
          onChange={(value) => value && slip.setAcceptRule(value as AcceptRule)}
          allowDeselect={false}
          data-testid="sports-accept-rule"
        />
        <Group justify="space-between">
          <Button variant="subtle" size="compact-sm" onClick={slip.clear} data-testid="sports-slip-clear">
            {t('slip.clear')}
          </Button>
          <Button disabled={plan === null} onClick={submit} data-testid="sports-place">
            {t('slip.place')}
          </Button>
        </Group>
      </Stack>
    );

  const body = (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg">
          {t('slip.title')}
        </Title>
        <OddsFormatPicker />
      </Group>
      <Tabs value={slip.tab} onChange={(value) => value && slip.setTab(value as SlipTab)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="singles" data-testid="sports-tab-singles">
            {t('slip.singles')}
          </Tabs.Tab>
          <Tabs.Tab value="multi" data-testid="sports-tab-multi">
            {t('slip.multi')}
          </Tabs.Tab>
          <Tabs.Tab value="bets" data-testid="sports-tab-bets">
            {t('slip.myBets')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="singles" pt="sm">
          {picksPanel('singles')}
        </Tabs.Panel>
        <Tabs.Panel value="multi" pt="sm">
          {picksPanel('multi')}
        </Tabs.Panel>
        <Tabs.Panel value="bets" pt="sm">
          <MyBets gameCode={gameCode} symbol={symbol} />
        </Tabs.Panel>
      </Tabs>
      <DoneNotice
        text={
          place.placed
            ? t('slip.placed', {
                count: place.placed.bets.length,
                betIds: place.placed.bets.map((bet) => bet.betId).join(', '),
              })
            : null
        }
        testId="sports-placed"
        onDismiss={place.dismissPlaced}
        dismissLabel={t('slip.dismiss')}
      />
    </Stack>
  );

  const pending = place.pending;
  const legsText = (pending?.bets ?? [])
    .flatMap((bet) => bet.legs)
    .map((leg) => {
      const pick = slip.picks.find((known) => known.selectionId === leg.selectionId);
      return `${pick ? nameIn(pick.selectionName, i18n.language) : leg.selectionId} @ ${odds(leg.oddsMilli)}`;
    })
    .join(', ');
  // An in-play bet waits the event's bet delay before the book takes it: the player is told why it takes time.
  const pendingLegs = new Set((pending?.bets ?? []).flatMap((bet) => bet.legs.map((leg) => leg.selectionId)));
  const pendingInPlay = slip.picks.some((pick) => pick.inPlay && pendingLegs.has(pick.selectionId));
  const blocked = place.changes.some((change) => !change.active);
  const changed = place.changes.length > 0;
  // The re-confirmation says each moved price old → new (or that the selection closed) before money moves.
  const changesText = place.changes
    .map((change) => {
      const pick = slip.picks.find((known) => known.selectionId === change.selectionId);
      const selection = pick ? nameIn(pick.selectionName, i18n.language) : change.selectionId;
      return change.active
        ? t('slip.changedLine', { selection, from: odds(change.fromMilli), to: odds(change.toMilli) })
        : t('slip.closedLine', { selection });
    })
    .join('; ');

  return (
    <>
      {phone && !opened ? (
        <Paper className={classes.sheet} data-testid="sports-slip" data-picks={count}>
          <Button
            fullWidth
            variant="light"
            onClick={() => setOpened(true)}
            aria-label={t('slip.open')}
            h="auto"
            py={8}
          >
            {summary}
          </Button>
        </Paper>
      ) : (
        <Paper
          withBorder={!phone}
          radius="md"
          p="md"
          className={phone ? classes.sheet : undefined}
          component="aside"
          aria-label={t('slip.title')}
          data-testid="sports-slip"
          data-picks={count}
        >
          {phone ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setOpened(false)} mb="xs">
              {t('slip.hide')}
            </Button>
          ) : null}
          {body}
        </Paper>
      )}
      <MoneyConfirmDialog
        opened={pending !== null}
        title={t('slip.confirmTitle')}
        amountText={pending ? moneyText(pending.totalMinor, symbol) : ''}
        rows={[
          { label: t('slip.bets', { count: pending?.bets.length ?? 0 }), value: legsText },
          { label: t('slip.acceptRule'), value: t(`slip.rules.${pending?.acceptRule ?? 'higher'}`) },
          { label: t('slip.potentialReturn'), value: pending ? moneyText(pending.returnMinor, symbol) : '' },
          ...(changed ? [{ label: t('slip.changedTitle'), value: changesText }] : []),
        ]}
        {...(pendingInPlay ? { summary: t('slip.inPlayDelay') } : {})}
        confirmLabel={t('slip.confirm')}
        retryLabel={changed ? (blocked ? t('slip.backToSlip') : t('slip.acceptAndPlace')) : t('slip.retry')}
        confirmSuffix="confirm"
        busy={place.busy}
        error={place.error ? t(errorKeyOf(place.error)) : null}
        onConfirm={blocked ? place.cancel : changed ? place.acceptChanges : place.confirm}
        onClose={place.cancel}
        testId="sports-confirm"
      />
    </>
  );
}

import { type LiveBet, type LiveTableSnapshot, parseLiveSpot } from '@lotus/shared/live.schema';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BetRack } from '../../../components/games/bet-rack.tsx';
import { useChipBets } from '../../../components/games/use-chip-bets.ts';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyErrorText, moneyText } from '../../../lib/money/money.ts';
import { useBalance } from '../../../lib/wallet/use-wallet-queries.ts';
import { tableQuery } from '../api/get-table.ts';
import { useMyLiveBets, usePlaceLiveBets } from '../hooks/use-live-bets.ts';
import { useLiveSession } from '../hooks/use-live-session.ts';
import { useLiveTablesLive } from '../hooks/use-live-tables-live.ts';
import { limitsBounds, limitsRange } from '../utils/limits.ts';
import { spotsOf } from '../utils/spots.ts';
import { winningSpots } from '../utils/winning.ts';
import { BetSpots } from './bet-spots.tsx';
import { LastResults } from './last-results.tsx';
import { LiveRouletteBoard } from './live-roulette-board.tsx';
import classes from './live-tables.module.css';
import { OutcomeView } from './outcome-view.tsx';
import { PhaseBanner } from './phase-banner.tsx';
import { BaccaratRoads } from './roads.tsx';
import { RoundResult } from './round-result.tsx';
import { ShoePanel } from './shoe-panel.tsx';
import { tableName } from './table-card.tsx';
import { VerifyDialog } from './verify-dialog.tsx';

/** What happens when betting closes, per kind (the waiting line names it: cards, wheel or dice). */
const PLAY_MEDIUM: Record<LiveTableSnapshot['kind'], 'cards' | 'wheel' | 'dice'> = {
  baccarat: 'cards',
  'baccarat-nc': 'cards',
  'dragon-tiger': 'cards',
  'andar-bahar': 'cards',
  roulette: 'wheel',
  'sic-bo': 'dice',
};

type Props = {
  code: string;
  /** The launch token of the catalogue's launch (`/live/table?token=`), or null on the site's own page. */
  launchToken: string | null;
  currencySymbol: string;
};

/**
 * A live table (docs/live-tables.md): the phase banner with its countdown, the round's cards / dice / pocket
 * as the snapshot reveals them, the bet spots with the chip rack, the player's result, the roads (baccarat),
 * the last results with a verify link each, and the shoe's commitment. The table follows its socket pushes.
 */
export function LiveTablePage({ code, launchToken, currencySymbol }: Props) {
  const { t } = useTranslation('liveTables');
  const table = useQuery(tableQuery(code));
  useLiveTablesLive([code]);
  if (table.isPending) return <LoadingRows rows={4} height={120} testId="live-table-loading" />;
  if (table.isError) {
    return <LoadFailed error={table.error} onRetry={() => void table.refetch()} testId="live-table-error" />;
  }
  if (!table.data) return <EmptyBlock title={t('lobby.empty')} />;
  return <TableScreen table={table.data} launchToken={launchToken} currencySymbol={currencySymbol} />;
}

type Bet = { spot: string; amountMinor: string };

function sumBySpot(bets: readonly { spot: string; amountMinor: string }[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const bet of bets) sums.set(bet.spot, (sums.get(bet.spot) ?? 0n) + BigInt(bet.amountMinor));
  return sums;
}

function TableScreen({
  table,
  launchToken,
  currencySymbol,
}: {
  table: LiveTableSnapshot;
  launchToken: string | null;
  currencySymbol: string;
}) {
  const { t, i18n } = useTranslation('liveTables');
  const live = useLiveSession(table.gameCode, launchToken);
  const myBets = useMyLiveBets(table.code, live);
  const bounds = limitsBounds(table.limits);
  const slip = useChipBets<Bet>({
    minBetMinor: String(bounds.minMinor),
    maxBetMinor: String(bounds.maxMinor),
  });
  const onPlaced = useCallback(() => slip.settle(), [slip.settle]);
  const place = usePlaceLiveBets(table.code, live, onPlaced);
  const wallet = useBalance({ enabled: launchToken === null });
  const [verifyRoundId, setVerifyRoundId] = useState<string | null>(null);
  const spots = useMemo(() => spotsOf(table.kind), [table.kind]);
  const betting = table.phase === 'betting';

  // Chips left on the table when betting closed were never placed: the next round starts from an empty table.
  const clearRef = useRef(slip.clear);
  clearRef.current = slip.clear;
  const hasChips = slip.bets.length > 0;
  const hasChipsRef = useRef(hasChips);
  hasChipsRef.current = hasChips;
  useEffect(() => {
    if (table.roundId && hasChipsRef.current) clearRef.current();
  }, [table.roundId]);

  const roundBets: LiveBet[] = (myBets.data ?? []).filter((bet) => bet.roundId === table.roundId);
  const placed = sumBySpot(roundBets.flatMap((bet) => bet.spots));
  const pending = sumBySpot(slip.bets);
  const totalMinor = slip.bets.reduce((sum, bet) => sum + BigInt(bet.amountMinor), 0n);
  const outcome = table.round.outcome;
  const winning = table.phase === 'result' ? winningSpots(outcome) : new Set<string>();
  const balanceMinor = wallet.data?.balanceMinor ?? place.balanceMinor;
  const canBet = live.session !== null;
  const name = tableName(table.name, i18n.language);

  const addChip = (spot: string) =>
    slip.change((bets) => {
      const at = bets.findIndex((bet) => bet.spot === spot);
      if (at < 0) return [...bets, { spot, amountMinor: slip.chip }];
      return bets.map((bet, index) =>
        index === at ? { spot, amountMinor: String(BigInt(bet.amountMinor) + BigInt(slip.chip)) } : bet,
      );
    });
  const openConfirm = (bets: Bet[]) =>
    place.open({
      roundId: table.roundId,
      roundNo: table.roundNo,
      bets,
      totalMinor: bets.reduce((sum, bet) => sum + BigInt(bet.amountMinor), 0n),
    });
  const spotName = (spot: string) => {
    const def = spots.find((entry) => entry.spot === spot);
    if (def) return t(`spots.${def.nameKey}`, def.values);
    // Roulette's inside bets other than a straight come from the layout, not the list: named by kind.
    const { kind, numbers } = parseLiveSpot(spot);
    return t(`spots.${kind}`, { numbers: numbers.join('-') });
  };

  return (
    <div className={classes.tablePage} data-testid="live-table" data-code={table.code} data-kind={table.kind}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} miw={0}>
          {/* In the catalogue's game frame (a launch token) the frame's own close button leads back. */}
          {launchToken === null ? (
            <Anchor component={Link} to="/live" size="sm">
              {t('back')}
            </Anchor>
          ) : null}
          <Title order={1} fz={{ base: 'xl', sm: 'h2' }}>
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            {t(`kinds.${table.kind}`)} · {t('limits', limitsRange(table.limits, currencySymbol))} ·{' '}
            {t('players', { count: table.players })}
          </Text>
        </Stack>
        {balanceMinor !== null ? (
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('balance')}
            </Text>
            <Text fw={700} data-testid="live-balance">
              {moneyText(balanceMinor, currencySymbol)}
            </Text>
          </Stack>
        ) : null}
      </Group>
      <div className={classes.tableGrid}>
        <Stack gap="sm" miw={0}>
          <PhaseBanner table={table} />
          {outcome ? (
            <OutcomeView outcome={outcome} phase={table.phase} roundId={table.roundId} />
          ) : (
            <Text ta="center" c="dimmed" className={classes.outcome}>
              {t(betting ? `waitingBets.${PLAY_MEDIUM[table.kind]}` : 'waitingDeal')}
            </Text>
          )}
          <RoundResult bets={myBets.data ?? []} roundNo={table.roundNo} currencySymbol={currencySymbol} />
          {table.kind === 'roulette' ? (
            <LiveRouletteBoard
              pending={pending}
              placed={placed}
              result={table.phase === 'result' ? outcome : null}
              disabled={!betting || !canBet || place.busy}
              currencySymbol={currencySymbol}
              onSpot={addChip}
            />
          ) : (
            <BetSpots
              kind={table.kind}
              spots={spots}
              pending={pending}
              placed={placed}
              winning={winning}
              disabled={!betting || !canBet || place.busy}
              currencySymbol={currencySymbol}
              onSpot={addChip}
            />
          )}
          {canBet ? (
            <BetRack
              slip={slip}
              currencySymbol={currencySymbol}
              locked={!betting || place.busy}
              repeat={{
                label: t('rebetPlace'),
                onRepeat: () => {
                  slip.rebet();
                  openConfirm(slip.lastBets);
                },
              }}
            >
              <Button
                disabled={!betting || slip.bets.length === 0}
                onClick={() => openConfirm(slip.bets)}
                data-testid="live-place"
              >
                {t('place')}
              </Button>
            </BetRack>
          ) : live.loggedIn || launchToken ? (
            live.sessionError ? (
              <LoadFailed
                error={live.sessionError}
                onRetry={() => window.location.reload()}
                testId="live-session-error"
              />
            ) : (
              <LoadingRows rows={1} height={48} />
            )
          ) : (
            <LoginRequired
              title={t('login.title')}
              description={t('login.description')}
              actionLabel={t('login.action')}
            />
          )}
        </Stack>
        <Stack gap="sm" miw={0}>
          {table.kind === 'baccarat' || table.kind === 'baccarat-nc' ? (
            <BaccaratRoads road={table.road} />
          ) : null}
          <Stack gap={4}>
            <Text fw={700} size="sm">
              {t('lastResults')}
            </Text>
            <LastResults results={table.lastResults} max={20} />
            <Group gap={6} wrap="wrap" data-testid="live-verify-links">
              {table.lastResults.slice(0, 5).map((result) => (
                <Button
                  key={result.roundId}
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setVerifyRoundId(result.roundId)}
                  data-testid={`verify-${result.roundNo}`}
                >
                  {t('verify.link', { n: result.roundNo })}
                </Button>
              ))}
            </Group>
          </Stack>
          <ShoePanel shoe={table.shoe} kind={table.kind} />
        </Stack>
      </div>
      <MoneyConfirmDialog
        opened={place.pending !== null}
        title={t('confirm.title', { round: place.pending?.roundNo ?? table.roundNo })}
        amountText={moneyText(place.pending?.totalMinor ?? totalMinor, currencySymbol)}
        rows={(place.pending?.bets ?? []).map((bet) => ({
          label: spotName(bet.spot),
          value: moneyText(bet.amountMinor, currencySymbol),
        }))}
        confirmLabel={t('place')}
        confirmSuffix="confirm"
        busy={place.busy}
        error={place.error ? moneyErrorText(t, place.error, currencySymbol) : null}
        onConfirm={() => void place.confirm()}
        onClose={place.cancel}
        testId="live-confirm"
      />
      <VerifyDialog roundId={verifyRoundId} onClose={() => setVerifyRoundId(null)} />
    </div>
  );
}

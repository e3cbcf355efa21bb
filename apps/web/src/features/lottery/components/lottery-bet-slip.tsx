import type { LotteryGameDetail } from '@lotus/shared/lottery.schema';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { PHONE_QUERY } from '../../../lib/games/use-launch-game.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { amountProblemText, moneyText } from '../../../lib/money/money.ts';
import { useRequireLogin } from '../../../lib/session/use-session.ts';
import { type BetSlipState, slipTotals } from '../hooks/use-bet-slip.ts';
import { useNow } from '../hooks/use-now.ts';
import { usePlaceSlip } from '../hooks/use-place-slip.ts';
import { lineText, slipErrorText } from '../utils/slip-text.ts';
import classes from './lottery.module.css';
import { LotterySlipLines } from './lottery-slip-lines.tsx';

/** Stake chips, in major units of the brand's currency. */
const CHIPS = ['10', '50', '100', '500'];

/**
 * The bet slip (docs/lottery.md "Web"): lines, the stake per line with chips, total and potential return,
 * then the confirm dialog before money moves. On a phone it is a bar at the bottom (line count and total)
 * that opens into a sheet.
 */
export function LotteryBetSlip({ game, slip }: { game: LotteryGameDetail; slip: BetSlipState }) {
  const { t } = useTranslation('lottery');
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [opened, setOpened] = useState(false);
  const requireLogin = useRequireLogin();
  const place = usePlaceSlip(game.gameCode, () => slip.clear());
  const symbol = game.currencySymbol;
  const totals = slipTotals(game, slip.lines, slip.stakeText);
  // The clock closes the window at once; the page's refetch at close then brings the next draw.
  const now = useNow();
  const next = game.nextDraw;
  const draw = next?.status === 'open' && Date.parse(next.closesAt) > now ? next : null;
  const canPlace = slip.lines.length > 0 && totals.stake.ok && draw !== null;
  const pendingLines = place.pending?.lines ?? slip.lines;

  const submit = () =>
    requireLogin(() => {
      if (!canPlace || !totals.stake.ok || !draw) return;
      const stakeMinor = String(totals.stake.minor);
      place.open({
        drawId: draw.drawId,
        drawNo: draw.drawNo,
        lines: slip.lines.map((line) => ({ ...line, stakeMinor })),
        totalMinor: totals.totalMinor,
      });
    });

  const summary = (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={600}>{t('slip.lines', { count: slip.lines.length })}</Text>
      <Text fw={700} data-testid="lottery-slip-total">
        {moneyText(totals.totalMinor, symbol)}
      </Text>
    </Group>
  );

  const body = (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          {t('slip.title')}
        </Title>
        {slip.lines.length > 0 ? (
          <Button variant="subtle" size="compact-sm" onClick={slip.clear} data-testid="lottery-clear">
            {t('slip.clear')}
          </Button>
        ) : null}
      </Group>
      {place.balanceMinor !== null ? (
        <Text fz="sm" c="dimmed" data-testid="lottery-balance">
          {t('slip.balance', { amount: moneyText(place.balanceMinor, symbol) })}
        </Text>
      ) : null}
      <LotterySlipLines lines={slip.lines} onRemove={slip.remove} />
      {slip.full ? (
        <Text fz="sm" c="orange" role="status">
          {t('slip.full', { count: game.limits.maxLines })}
        </Text>
      ) : null}
      <TextInput
        label={t('slip.stake')}
        value={slip.stakeText}
        onChange={(event) => slip.setStakeText(event.currentTarget.value)}
        inputMode="decimal"
        leftSection={<span aria-hidden="true">{symbol}</span>}
        error={
          totals.stake.ok || slip.lines.length === 0
            ? undefined
            : amountProblemText(t, totals.stake.problem, symbol)
        }
        data-testid="lottery-stake-input"
      />
      <Group gap={6}>
        {CHIPS.map((chip) => (
          <Button
            key={chip}
            size="compact-sm"
            variant={slip.stakeText === chip ? 'filled' : 'default'}
            onClick={() => slip.setStakeText(chip)}
            aria-label={t('slip.chip', { amount: `${symbol}${chip}` })}
            data-testid={`lottery-chip-${chip}`}
          >
            {chip}
          </Button>
        ))}
      </Group>
      {summary}
      <Group justify="space-between">
        <Text fz="sm">{t('slip.maxReturn')}</Text>
        <Text fz="sm" fw={600} data-testid="lottery-slip-return">
          {moneyText(totals.maxReturnMinor, symbol)}
        </Text>
      </Group>
      {draw === null ? (
        <Text fz="sm" c="dimmed">
          {t('slip.noDraw')}
        </Text>
      ) : null}
      <Button fullWidth size="md" disabled={!canPlace} onClick={submit} data-testid="lottery-place">
        {t('slip.place')}
      </Button>
      <DoneNotice
        text={place.placed ? t('slip.placed', { slipId: place.placed.slip.slipId }) : null}
        testId="lottery-placed"
        onDismiss={place.dismissPlaced}
        dismissLabel={t('slip.dismiss')}
      />
    </Stack>
  );

  return (
    <>
      {phone && !opened ? (
        <Paper className={classes.sheet} data-testid="lottery-slip" data-lines={slip.lines.length}>
          <Button
            fullWidth
            variant="light"
            onClick={() => setOpened(true)}
            aria-label={t('slip.open')}
            h="auto"
            py={8}
          >
            <div style={{ width: '100%' }}>{summary}</div>
          </Button>
        </Paper>
      ) : (
        <Paper
          withBorder={!phone}
          radius="md"
          p="md"
          className={phone ? classes.sheet : undefined}
          data-testid="lottery-slip"
          data-lines={slip.lines.length}
          component="aside"
          aria-label={t('slip.title')}
        >
          {phone ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setOpened(false)} mb="xs">
              {t('slip.dismiss')}
            </Button>
          ) : null}
          {body}
        </Paper>
      )}
      <MoneyConfirmDialog
        opened={place.pending !== null}
        title={t('slip.confirmTitle')}
        amountText={place.pending ? moneyText(place.pending.totalMinor, symbol) : ''}
        rows={[
          { label: t('slip.game'), value: game.name },
          { label: t('slip.draw'), value: place.pending?.drawNo ?? '' },
          {
            label: t('slip.lines', { count: pendingLines.length }),
            value: pendingLines.map((line) => lineText(t, line)).join(', '),
          },
        ]}
        confirmLabel={t('slip.confirm')}
        retryLabel={t('slip.retry')}
        confirmSuffix="confirm"
        busy={place.busy}
        error={place.error ? slipErrorText(t, place.error, pendingLines) : null}
        onConfirm={() => void place.confirm()}
        onClose={place.cancel}
        testId="lottery-confirm"
      />
    </>
  );
}

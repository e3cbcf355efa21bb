import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { errorKeyOf } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { useCashout } from '../hooks/use-cashout.ts';
import { timeLeftText, useClock } from '../hooks/use-clock.ts';

/** An open bet's cash-out: ask for the value, confirm it (old → new after a re-quote), see it paid. */
export function CashoutPanel({
  betId,
  gameCode,
  symbol,
  onDone,
}: {
  betId: string;
  gameCode: string;
  symbol: string;
  /** Told the paid value: the bet leaves the open list at the next read, taking this panel with it. */
  onDone?: (valueMinor: string) => void;
}) {
  const { t } = useTranslation('sports');
  const { state, start, accept, reset } = useCashout(betId, gameCode, onDone);
  const now = useClock(state.step === 'quoted');
  if (state.step === 'done') {
    return (
      <Text fz="sm" c="green" role="status" data-testid="sports-cashout-done">
        {t('cashout.done', { amount: moneyText(state.valueMinor, symbol) })}
      </Text>
    );
  }
  if (state.step === 'quoted' || state.step === 'accepting') {
    const { quote } = state;
    // An offer past its time is refused by the book: ask for a new one instead of sending it.
    if (state.step === 'quoted' && Date.parse(quote.expiresAt) <= now) {
      return (
        <Button size="compact-sm" variant="light" onClick={start} data-testid="sports-cashout">
          {t('cashout.again')}
        </Button>
      );
    }
    const previous = state.step === 'quoted' ? state.previousMinor : null;
    return (
      <Stack gap={6} data-testid="sports-cashout-quote">
        {previous !== null ? (
          <Alert color="orange" variant="light" p="xs" role="alert" data-testid="sports-cashout-moved">
            {t('cashout.moved', {
              from: moneyText(previous, symbol),
              to: moneyText(quote.valueMinor, symbol),
            })}
          </Alert>
        ) : null}
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            color="green"
            loading={state.step === 'accepting'}
            onClick={accept}
            data-testid="sports-cashout-confirm"
          >
            {t('cashout.confirm', { amount: moneyText(quote.valueMinor, symbol) })}
          </Button>
          <Text fz="xs" c="dimmed" role="timer" aria-live="off">
            {t('cashout.validFor', { time: timeLeftText(Date.parse(quote.expiresAt), now) })}
          </Text>
          <Button size="compact-sm" variant="default" onClick={reset} disabled={state.step === 'accepting'}>
            {t('cashout.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {state.step === 'failed' ? (
        <Text fz="sm" c="red" role="alert" data-testid="sports-cashout-error">
          {t(errorKeyOf(state.error))}
        </Text>
      ) : null}
      <Button
        size="compact-sm"
        variant="light"
        loading={state.step === 'quoting'}
        onClick={start}
        data-testid="sports-cashout"
      >
        {t('cashout.ask')}
      </Button>
    </Stack>
  );
}

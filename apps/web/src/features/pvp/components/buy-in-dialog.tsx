import { minorToDecimal } from '@lotus/shared/money';
import type { PvpStakes } from '@lotus/shared/pvp.schema';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { amountProblemText, checkAmount, moneyText } from '../../../lib/money/money.ts';

type BuyInDialogProps = {
  /** The seat chosen; null closes the dialog. */
  seat: number | null;
  stakes: PvpStakes;
  symbol: string;
  /** The wallet's available balance, when known. */
  balanceMinor: string | null;
  onClose: () => void;
  /** The amount is within the range and the wallet: go on to the confirm step. */
  onContinue: (seat: number, buyInMinor: string) => void;
};

/**
 * The buy-in's first step: how much to bring to the table, within the room's range and what the wallet
 * holds (checked here for a quick answer; the server checks again). The money moves only after the confirm
 * step that follows (MoneyConfirmDialog with its Idempotency-Key).
 */
export function BuyInDialog({ seat, stakes, symbol, balanceMinor, onClose, onContinue }: BuyInDialogProps) {
  const { t } = useTranslation('pvp');
  const [text, setText] = useState(() => minorToDecimal(BigInt(stakes.minBuyInMinor)));
  const [touched, setTouched] = useState(false);
  const check = checkAmount(text, {
    minMinor: BigInt(stakes.minBuyInMinor),
    maxMinor: BigInt(stakes.maxBuyInMinor),
    availableMinor: balanceMinor !== null ? BigInt(balanceMinor) : null,
  });
  const problem = touched && !check.ok ? amountProblemText(t, check.problem, symbol) : null;
  const submit = () => {
    setTouched(true);
    if (seat !== null && check.ok) onContinue(seat, check.minor.toString());
  };
  return (
    <AppModal
      opened={seat !== null}
      onClose={onClose}
      title={t('buyIn.title', { seat: (seat ?? 0) + 1 })}
      testId="pvp-buy-in"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <AmountInput
            label={t('buyIn.amount')}
            description={t('buyIn.range', {
              min: moneyText(stakes.minBuyInMinor, symbol),
              max: moneyText(stakes.maxBuyInMinor, symbol),
            })}
            symbol={symbol}
            value={text}
            onValue={(value) => {
              setText(value);
              setTouched(true);
            }}
            error={problem}
            data-testid="pvp-buy-in-amount"
            data-autofocus
          />
          {balanceMinor !== null ? (
            <Text size="sm" c="dimmed" data-testid="pvp-buy-in-balance">
              {t('buyIn.balance', { amount: moneyText(balanceMinor, symbol) })}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="pvp-buy-in-cancel">
              {t('buyIn.cancel')}
            </Button>
            <Button type="submit" data-testid="pvp-buy-in-continue">
              {t('buyIn.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

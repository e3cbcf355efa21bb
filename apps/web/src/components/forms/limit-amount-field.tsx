import { useTranslation } from '../../lib/i18n-react.tsx';
import { AmountInput } from '../ui/amount-input.tsx';

type LimitAmountFieldProps = {
  symbol: string;
  value: string;
  onValue: (text: string) => void;
  /** Why the typed amount cannot be sent (player protection's `limits.amountProblem.*`). */
  problem: 'required' | 'invalid' | null;
  testId: string;
  autoFocus?: boolean;
};

/** The amount of a money limit the player sets (issue 17): the security centre's and the deposit prompt's. */
export function LimitAmountField({
  symbol,
  value,
  onValue,
  problem,
  testId,
  autoFocus,
}: LimitAmountFieldProps) {
  const { t } = useTranslation('protection');
  return (
    <AmountInput
      label={t('limits.amount', { symbol })}
      symbol={symbol}
      value={value}
      onValue={onValue}
      error={problem ? t(`limits.amountProblem.${problem}`) : null}
      required
      data-autofocus={autoFocus}
      data-testid={testId}
    />
  );
}

import {
  DEPOSIT_REFERENCE_MAX,
  DEPOSIT_REFERENCE_MIN,
  type PaymentMethodView,
} from '@lotus/shared/deposits.schema';
import { decimalToMinor } from '@lotus/shared/money';
import { ApiError } from '../../../lib/api-client.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { type AmountProblem, checkAmount, moneyErrorText, moneyText } from '../../../lib/money/money.ts';

export type DepositDraft = { amount: string; reference: string };

export type DepositFormErrors = {
  amount?: AmountProblem;
  reference?: 'required' | 'length';
};

/**
 * The deposit form's rules (docs/wallet-contract.md "Deposits"): an amount within the method's limits, and
 * for a bank transfer the UTR of 6..64 characters. The proof image is optional (checked when picked).
 */
export function checkDepositForm(method: PaymentMethodView, draft: DepositDraft): DepositFormErrors {
  const errors: DepositFormErrors = {};
  const amount = checkAmount(draft.amount, {
    minMinor: BigInt(method.minMinor),
    maxMinor: BigInt(method.maxMinor),
  });
  if (!amount.ok) errors.amount = amount.problem;
  if (method.kind === 'bank_transfer') {
    const reference = draft.reference.trim();
    if (reference === '') errors.reference = 'required';
    else if (reference.length < DEPOSIT_REFERENCE_MIN || reference.length > DEPOSIT_REFERENCE_MAX) {
      errors.reference = 'length';
    }
  }
  return errors;
}

const QUICK_AMOUNTS = [100, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000] as const;

/** Quick-amount chips: round amounts inside the method's limits (major units, as the player types them). */
export function quickAmounts(method: PaymentMethodView, count = 6): string[] {
  const min = BigInt(method.minMinor);
  const max = BigInt(method.maxMinor);
  return QUICK_AMOUNTS.filter((major) => {
    const minor = BigInt(major) * 100n;
    return minor >= min && minor <= max;
  })
    .slice(0, count)
    .map(String);
}

/**
 * A refused deposit's text. Over the deposit limit the player set (issue 17: `403 deposit_limit_reached`,
 * refused before any gateway), it also says how much this period still allows when the server sent it
 * (`remainingMinor`, or `remaining` as a decimal).
 */
export function depositErrorText(t: TFunction, error: unknown, symbol: string): string {
  if (error instanceof ApiError && error.code === 'deposit_limit_reached') {
    const value = error.value ?? {};
    const minor =
      typeof value.remainingMinor === 'string' && /^[0-9]+$/.test(value.remainingMinor)
        ? BigInt(value.remainingMinor)
        : typeof value.remaining === 'string'
          ? decimalToMinor(value.remaining)
          : null;
    const base = t('errors:deposit_limit_reached');
    return minor === null ? base : `${base} ${t('deposit:limitLeft', { amount: moneyText(minor, symbol) })}`;
  }
  return moneyErrorText(t, error, symbol);
}

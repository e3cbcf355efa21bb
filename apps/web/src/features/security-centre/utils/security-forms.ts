import {
  IFSC_PATTERN,
  PAYOUT_ACCOUNT_NUMBER_PATTERN,
  type PayoutAccountKind,
  WITHDRAW_PASSWORD_PATTERN,
} from '@lotus/shared/withdrawals.schema';

/** Each value is a `security` i18n key under `errors.`. */
export type SecurityFieldError = 'required' | 'passwordRule' | 'mismatch' | 'ifsc' | 'accountNumber' | 'long';

export type PaymentPasswordDraft = { current: string; newPassword: string; confirm: string };

/**
 * Payment password (docs/wallet-contract.md): the current secret (login password the first time, the old
 * payment password afterwards), 6..20 letters and digits, typed twice. The server also refuses the login
 * password as the payment password.
 */
export function checkPaymentPassword(
  draft: PaymentPasswordDraft,
): Partial<Record<keyof PaymentPasswordDraft, SecurityFieldError>> {
  const errors: Partial<Record<keyof PaymentPasswordDraft, SecurityFieldError>> = {};
  if (draft.current === '') errors.current = 'required';
  if (draft.newPassword === '') errors.newPassword = 'required';
  else if (!WITHDRAW_PASSWORD_PATTERN.test(draft.newPassword)) errors.newPassword = 'passwordRule';
  if (draft.confirm === '') errors.confirm = 'required';
  else if (draft.confirm !== draft.newPassword) errors.confirm = 'mismatch';
  return errors;
}

export type PayoutDraft = {
  kind: PayoutAccountKind;
  provider: string;
  accountNumber: string;
  ifsc: string;
  payeeName: string;
};

/**
 * A payout account: provider (bank or e-wallet name), the account number or wallet id, the IFSC for a bank
 * (4 letters, a zero, 6 letters or digits), and the payee name when the member has none yet (it is fixed by
 * the first account).
 */
export function checkPayoutAccount(
  draft: PayoutDraft,
  needsPayeeName: boolean,
): Partial<Record<keyof PayoutDraft, SecurityFieldError>> {
  const errors: Partial<Record<keyof PayoutDraft, SecurityFieldError>> = {};
  if (draft.provider.trim() === '') errors.provider = 'required';
  else if (draft.provider.trim().length > 64) errors.provider = 'long';
  const number = draft.accountNumber.trim();
  if (number === '') errors.accountNumber = 'required';
  else if (!PAYOUT_ACCOUNT_NUMBER_PATTERN.test(number)) errors.accountNumber = 'accountNumber';
  if (draft.kind === 'bank') {
    const ifsc = draft.ifsc.trim().toUpperCase();
    if (ifsc === '') errors.ifsc = 'required';
    else if (!IFSC_PATTERN.test(ifsc)) errors.ifsc = 'ifsc';
  }
  if (needsPayeeName) {
    if (draft.payeeName.trim() === '') errors.payeeName = 'required';
    else if (draft.payeeName.trim().length > 64) errors.payeeName = 'long';
  }
  return errors;
}

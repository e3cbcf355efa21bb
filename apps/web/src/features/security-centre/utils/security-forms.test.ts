import { describe, expect, it } from 'vitest';
import { checkPaymentPassword, checkPayoutAccount, type PayoutDraft } from './security-forms.ts';

describe('payment password form', () => {
  it('needs the current secret, 6–20 letters and digits, typed twice', () => {
    expect(checkPaymentPassword({ current: '', newPassword: '', confirm: '' })).toEqual({
      current: 'required',
      newPassword: 'required',
      confirm: 'required',
    });
    expect(checkPaymentPassword({ current: 'x', newPassword: 'abc12', confirm: 'abc12' }).newPassword).toBe(
      'passwordRule',
    );
    expect(
      checkPaymentPassword({ current: 'x', newPassword: 'abc-1234', confirm: 'abc-1234' }).newPassword,
    ).toBe('passwordRule');
    expect(
      checkPaymentPassword({ current: 'x', newPassword: 'a'.repeat(21), confirm: 'a'.repeat(21) })
        .newPassword,
    ).toBe('passwordRule');
    expect(checkPaymentPassword({ current: 'x', newPassword: 'Pay123456', confirm: 'Pay123457' })).toEqual({
      confirm: 'mismatch',
    });
    expect(checkPaymentPassword({ current: 'x', newPassword: 'Pay123456', confirm: 'Pay123456' })).toEqual(
      {},
    );
  });
});

describe('payout account form', () => {
  const bank: PayoutDraft = {
    kind: 'bank',
    provider: 'State Bank of India',
    accountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    payeeName: 'Asha Rao',
  };

  it('accepts a complete bank account and asks the payee name only before the first account', () => {
    expect(checkPayoutAccount(bank, true)).toEqual({});
    expect(checkPayoutAccount({ ...bank, payeeName: '' }, true)).toEqual({ payeeName: 'required' });
    expect(checkPayoutAccount({ ...bank, payeeName: '' }, false)).toEqual({});
  });

  it('checks the IFSC of a bank account (4 letters, a zero, 6 letters or digits), typed in any case', () => {
    expect(checkPayoutAccount({ ...bank, ifsc: 'sbin0001234' }, false)).toEqual({});
    for (const bad of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345']) {
      expect(checkPayoutAccount({ ...bank, ifsc: bad }, false), bad).toEqual({ ifsc: 'ifsc' });
    }
    expect(checkPayoutAccount({ ...bank, ifsc: '' }, false)).toEqual({ ifsc: 'required' });
  });

  it('needs no IFSC for an e-wallet, and checks the account number or wallet id', () => {
    expect(
      checkPayoutAccount({ ...bank, kind: 'ewallet', ifsc: '', accountNumber: 'asha@upi' }, false),
    ).toEqual({});
    expect(checkPayoutAccount({ ...bank, accountNumber: '12 34' }, false)).toEqual({
      accountNumber: 'accountNumber',
    });
    expect(checkPayoutAccount({ ...bank, provider: ' ' }, false)).toEqual({ provider: 'required' });
  });
});

import { Alert, Button, Group, Loader, PasswordInput, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import {
  PAYOUT_SETTINGS_KEYS,
  setWithdrawPassword,
  useWithdrawPasswordIsSet,
} from '../../../lib/wallet/payout-settings-api.ts';
import { checkPaymentPassword, type PaymentPasswordDraft } from '../utils/security-forms.ts';
import { FormFooter } from './form-footer.tsx';
import { SecuritySection, StateBadge } from './security-section.tsx';

const EMPTY: PaymentPasswordDraft = { current: '', newPassword: '', confirm: '' };

/** Set (with the login password) or change (with the old one) the payment password; sent sealed. */
export function PaymentPasswordSection() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const status = useWithdrawPasswordIsSet();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PaymentPasswordDraft>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof checkPaymentPassword>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const isSet = status.data?.isSet ?? false;

  const field = (key: keyof PaymentPasswordDraft) => ({
    value: draft[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [key]: value }));
      if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    },
    error: errors[key] ? t(`errors.${errors[key]}`) : null,
    required: true,
    autoComplete: key === 'current' ? 'current-password' : 'new-password',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = checkPaymentPassword(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await setWithdrawPassword(
        isSet
          ? { oldPassword: draft.current, newPassword: draft.newPassword }
          : { loginPassword: draft.current, newPassword: draft.newPassword },
      );
      setDraft(EMPTY);
      setOpen(false);
      setDone(isSet ? t('payment.changed') : t('payment.setDone'));
      await queryClient.invalidateQueries({ queryKey: PAYOUT_SETTINGS_KEYS.withdrawPassword });
    } catch (error) {
      setFailure(messageForApiError(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SecuritySection
      id="security-payment"
      title={t('payment.title')}
      description={t('payment.description')}
      badge={
        status.data ? (
          <StateBadge on={isSet} onLabel={t('payment.isSet')} offLabel={t('payment.notSet')} />
        ) : null
      }
    >
      {status.isPending ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : status.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageForApiError(t, status.error)}
        </Alert>
      ) : open ? (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="payment-password-form">
          <Stack gap="sm" maw={420}>
            <PasswordInput
              label={isSet ? t('payment.oldPassword') : t('payment.loginPassword')}
              data-testid="payment-password-current"
              {...field('current')}
            />
            <PasswordInput
              label={t('payment.newPassword')}
              description={t('payment.rule')}
              maxLength={20}
              data-testid="payment-password-new"
              {...field('newPassword')}
            />
            <PasswordInput
              label={t('payment.confirmPassword')}
              maxLength={20}
              data-testid="payment-password-confirm"
              {...field('confirm')}
            />
            <FormFooter
              failure={failure}
              saveLabel={t('payment.save')}
              saving={saving}
              onCancel={() => {
                setOpen(false);
                setDraft(EMPTY);
                setErrors({});
                setFailure(null);
              }}
              testId="payment-password"
            />
          </Stack>
        </form>
      ) : (
        <Group>
          <Button
            variant="light"
            onClick={() => {
              setOpen(true);
              setDone(null);
            }}
            data-testid="payment-password-open"
          >
            {isSet ? t('payment.change') : t('payment.set')}
          </Button>
        </Group>
      )}
      <DoneNotice text={done} testId="payment-password-done" />
    </SecuritySection>
  );
}

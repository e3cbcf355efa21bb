import { MAX_PAYOUT_ACCOUNTS, type PayoutAccount } from '@lotus/shared/withdrawals.schema';
import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { DoneNotice } from '../../../components/ui/done-notice.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyErrorText } from '../../../lib/money/money.ts';
import {
  addPayoutAccount,
  PAYOUT_SETTINGS_KEYS,
  removePayoutAccount,
  usePayoutAccounts,
} from '../../../lib/wallet/payout-settings-api.ts';
import { checkPayoutAccount, type PayoutDraft } from '../utils/security-forms.ts';
import { FormFooter } from './form-footer.tsx';
import { SecuritySection } from './security-section.tsx';

const EMPTY: PayoutDraft = { kind: 'bank', provider: '', accountNumber: '', ifsc: '', payeeName: '' };

/** The payout accounts withdrawals are paid to: list, add (at most five), remove with a confirm. */
export function PayoutAccountsSection() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const accounts = usePayoutAccounts();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PayoutAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = accounts.data?.accounts ?? [];
  const full = list.length >= MAX_PAYOUT_ACCOUNTS;

  const remove = async () => {
    if (!removing || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const next = await removePayoutAccount(removing.id);
      queryClient.setQueryData(PAYOUT_SETTINGS_KEYS.payoutAccounts, next);
      setDone(t('payout.removed'));
      setRemoving(null);
    } catch (error) {
      setFailure(messageForApiError(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SecuritySection id="security-payout" title={t('payout.title')} description={t('payout.description')}>
      {accounts.isPending ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : accounts.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageForApiError(t, accounts.error)}
        </Alert>
      ) : (
        <Stack gap="sm">
          {accounts.data.payeeName ? (
            <Text size="sm" data-testid="payout-payee">
              {t('payout.payee', { name: accounts.data.payeeName })}
            </Text>
          ) : null}
          {list.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="payout-empty">
              {t('payout.empty')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((account) => (
                <Paper
                  key={account.id}
                  component="li"
                  withBorder
                  radius="sm"
                  p="xs"
                  data-testid="payout-account"
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {account.provider} {account.accountNumberMasked}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`payout.kind.${account.kind}`)}
                        {account.ifsc ? ` · ${t('payout.ifsc')} ${account.ifsc}` : ''}
                      </Text>
                    </div>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        setFailure(null);
                        setRemoving(account);
                      }}
                      aria-label={t('payout.removeOf', {
                        account: `${account.provider} ${account.accountNumberMasked}`,
                      })}
                    >
                      {t('payout.remove')}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
          {adding ? (
            <AddPayoutAccountForm
              payeeName={accounts.data.payeeName}
              onDone={() => {
                setAdding(false);
                setDone(t('payout.added'));
              }}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <Group>
              <Button
                variant="light"
                disabled={full}
                onClick={() => {
                  setAdding(true);
                  setDone(null);
                }}
                data-testid="payout-add-open"
              >
                {t('payout.add')}
              </Button>
              {full ? (
                <Text size="xs" c="dimmed">
                  {t('errors:payout_account_limit', { max: MAX_PAYOUT_ACCOUNTS })}
                </Text>
              ) : null}
            </Group>
          )}
          <DoneNotice text={done} testId="payout-done" />
        </Stack>
      )}
      <AppModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('payout.removeTitle')}
        testId="payout-remove-confirm"
      >
        <Stack gap="sm">
          <Text size="sm">
            {removing
              ? t('payout.removeQuestion', {
                  account: `${removing.provider} ${removing.accountNumberMasked}`,
                })
              : ''}
          </Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => void remove()}
              loading={busy}
              data-testid="payout-remove-submit"
            >
              {t('payout.remove')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </SecuritySection>
  );
}

function AddPayoutAccountForm({
  payeeName,
  onDone,
  onCancel,
}: {
  payeeName: string | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PayoutDraft>({ ...EMPTY, payeeName: payeeName ?? '' });
  const [errors, setErrors] = useState<ReturnType<typeof checkPayoutAccount>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const needsPayeeName = payeeName === null;

  const field = (key: Exclude<keyof PayoutDraft, 'kind'>) => ({
    value: draft[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = key === 'ifsc' ? event.currentTarget.value.toUpperCase() : event.currentTarget.value;
      setDraft((current) => ({ ...current, [key]: value }));
      if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    },
    error: errors[key] ? t(`errors.${errors[key]}`) : null,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = checkPayoutAccount(draft, needsPayeeName);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      const next = await addPayoutAccount({
        kind: draft.kind,
        provider: draft.provider.trim(),
        accountNumber: draft.accountNumber.trim(),
        ...(draft.kind === 'bank' ? { ifsc: draft.ifsc.trim().toUpperCase() } : {}),
        ...(needsPayeeName ? { payeeName: draft.payeeName.trim() } : {}),
      });
      queryClient.setQueryData(PAYOUT_SETTINGS_KEYS.payoutAccounts, next);
      onDone();
    } catch (error) {
      setFailure(moneyErrorText(t, error, ''));
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="payout-add-form">
        <Stack gap="sm" maw={460}>
          <SegmentedControl
            aria-label={t('payout.kindLabel')}
            value={draft.kind}
            onChange={(kind) => setDraft((current) => ({ ...current, kind: kind as PayoutDraft['kind'] }))}
            data={[
              { value: 'bank', label: t('payout.kind.bank') },
              { value: 'ewallet', label: t('payout.kind.ewallet') },
            ]}
            data-testid="payout-kind"
          />
          <TextInput
            label={draft.kind === 'bank' ? t('payout.bankName') : t('payout.walletName')}
            required
            maxLength={64}
            data-testid="payout-provider"
            {...field('provider')}
          />
          <TextInput
            label={draft.kind === 'bank' ? t('payout.accountNumber') : t('payout.walletId')}
            required
            maxLength={64}
            autoComplete="off"
            data-testid="payout-number"
            {...field('accountNumber')}
          />
          {draft.kind === 'bank' ? (
            <TextInput
              label={t('payout.ifsc')}
              description={t('payout.ifscHint')}
              required
              maxLength={11}
              autoComplete="off"
              data-testid="payout-ifsc"
              {...field('ifsc')}
            />
          ) : null}
          <TextInput
            label={t('payout.payeeName')}
            description={needsPayeeName ? t('payout.payeeRule') : t('payout.payeeFixed')}
            required
            readOnly={!needsPayeeName}
            maxLength={64}
            data-testid="payout-payee-name"
            {...field('payeeName')}
          />
          <FormFooter
            failure={failure}
            saveLabel={t('payout.save')}
            saving={saving}
            onCancel={onCancel}
            testId="payout-add"
          />
        </Stack>
      </form>
    </Paper>
  );
}

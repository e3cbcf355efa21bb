import type { RegisterSetting } from '@lotus/shared/system.schema';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { requestResetEmail } from '../api/password-api.ts';
import { usePasswordForm } from '../hooks/use-password-form.ts';
import { requiredRule } from '../utils/password-rules.ts';

/**
 * Forgot password by e-mail (SPEC §4): username and e-mail by the brand's rules, a reset link mailed, and a
 * confirmation that closes the modal. Any refusal shows above the button.
 */
export function ForgotByEmail({
  setting,
  onClose,
}: {
  setting: RegisterSetting | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('password');
  const rules = useMemo(
    () => ({ username: requiredRule(setting, 'username'), email: requiredRule(setting, 'email') }),
    [setting],
  );
  const form = usePasswordForm(rules, { failureOnField: false });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    const email = (values.email ?? '').trim();
    await requestResetEmail({ username: (values.username ?? '').trim(), email });
    setSentTo(email);
  });

  const close = () => {
    setSentTo(null);
    onClose();
  };

  const input = (name: 'username' | 'email', type: 'text' | 'email') => (
    <TextInput
      label={t(`forgot.${name}`)}
      required
      type={type}
      {...form.field(name)}
      error={form.errorText(t, name)}
      maxLength={rules[name].maxLength ?? undefined}
      autoComplete={name === 'email' ? 'email' : 'username'}
      data-testid={`forgot-${name}`}
    />
  );

  return (
    <>
      <form onSubmit={submit} noValidate data-testid="forgot-email-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('forgot.emailHint')}
          </Text>
          {input('username', 'text')}
          {input('email', 'email')}
          {form.failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="forgot-error">
              {messageForApiError(t, form.failure.error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={form.sending} data-testid="forgot-email-submit">
            {t('forgot.sendLink')}
          </Button>
        </Stack>
      </form>
      <AppModal
        opened={sentTo !== null}
        onClose={close}
        title={t('forgot.emailSentTitle')}
        testId="forgot-email-sent"
      >
        <Text>{t('forgot.emailSent', { email: sentTo ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={close} data-testid="forgot-email-sent-ok">
            {t('forgot.ok')}
          </Button>
        </Group>
      </AppModal>
    </>
  );
}

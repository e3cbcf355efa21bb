import { Alert, Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useRegisterSetting } from '../../../lib/system/get-register-setting.ts';
import { resetPasswordWithToken } from '../api/password-api.ts';
import { usePasswordForm } from '../hooks/use-password-form.ts';
import { CONFIRM_RULE, requiredRule } from '../utils/password-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/**
 * /resetPassword?token=: the page an e-mailed reset link opens (docs/accounts-contract.md "Passwords").
 * New password by the brand's rule and its confirmation; success says so and offers the login modal.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('password');
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const setting = useRegisterSetting();
  const rules = useMemo(
    () => ({ newPassword: requiredRule(setting.data, 'password'), confirmPassword: CONFIRM_RULE }),
    [setting.data],
  );
  const form = usePasswordForm(rules);
  const [done, setDone] = useState(false);

  const submit = form.onSubmit(async (values) => {
    await resetPasswordWithToken({
      token,
      newPassword: values.newPassword ?? '',
      confirmNewPassword: values.confirmPassword ?? '',
    });
    setDone(true);
  });

  const requestNew = (
    <Button variant="default" onClick={() => openAuthModal({ kind: 'forgotPassword' })}>
      {t('reset.requestNew')}
    </Button>
  );

  return (
    <PageFrame testId="page-reset-password" title={t('reset.title')}>
      <Paper withBorder radius="md" p="lg" maw={440}>
        {token === '' ? (
          <Stack gap="md">
            <Alert color="red" variant="light" data-testid="reset-missing-token">
              {t('reset.missingToken')}
            </Alert>
            <Group>{requestNew}</Group>
          </Stack>
        ) : done ? (
          <Stack gap="md">
            <Alert color="teal" variant="light" role="status" data-testid="reset-success">
              {t('reset.success')}
            </Alert>
            <Group>
              <Button onClick={() => openAuthModal({ kind: 'login' })} data-testid="reset-login">
                {t('reset.logIn')}
              </Button>
              <Anchor component={Link} to="/">
                {t('reset.backHome')}
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate data-testid="reset-password-form">
            <Stack gap="sm">
              <NewPasswordFields section="reset" rule={rules.newPassword} form={form} />
              {form.failure ? (
                <Alert color="red" variant="light" role="alert" data-testid="reset-error">
                  {messageForApiError(t, form.failure.error)}
                </Alert>
              ) : null}
              <Button type="submit" loading={form.sending} data-testid="reset-submit">
                {t('reset.submit')}
              </Button>
              {form.failure ? <Group>{requestNew}</Group> : null}
            </Stack>
          </form>
        )}
      </Paper>
    </PageFrame>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { fetchMemberInfo, MEMBER_INFO_KEY, useLogout } from '../../../lib/session/use-session.ts';
import { useRegisterSetting } from '../../../lib/system/get-register-setting.ts';
import { changePassword } from '../api/password-api.ts';
import { usePasswordForm } from '../hooks/use-password-form.ts';
import { CONFIRM_RULE, PRESENT_RULE, requiredRule } from '../utils/password-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PasswordInputField } from './password-input-field.tsx';

type ChangePasswordModalProps = {
  opened: boolean;
  onClose: () => void;
  /** First login with an initial password, or an expired one: the player cannot leave without changing it. */
  forced: boolean;
  /** The password just typed at login (memory only), so the player is not asked for it twice. */
  oldPassword?: string | undefined;
};

/**
 * SPEC §4 "Change password" and §5: old password (unless held from the login), new password by the
 * brand's password rule, confirmation. Success reloads the member info, closes and goes to '/'. A forced
 * change explains itself and can only be left by signing out.
 */
export function ChangePasswordModal({ opened, onClose, forced, oldPassword }: ChangePasswordModalProps) {
  const { t } = useTranslation('password');
  return (
    <AppModal
      opened={opened}
      onClose={forced ? () => {} : onClose}
      closable={!forced}
      title={t('change.title')}
      testId="change-password-modal"
    >
      {opened ? <ChangePasswordForm onClose={onClose} forced={forced} oldPassword={oldPassword} /> : null}
    </AppModal>
  );
}

function ChangePasswordForm({ onClose, forced, oldPassword }: Omit<ChangePasswordModalProps, 'opened'>) {
  const { t } = useTranslation('password');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const setting = useRegisterSetting();
  const needsOld = oldPassword === undefined || oldPassword === '';
  const rules = useMemo(
    () => ({
      ...(needsOld ? { oldPassword: PRESENT_RULE } : {}),
      newPassword: requiredRule(setting.data, 'password'),
      confirmPassword: CONFIRM_RULE,
    }),
    [needsOld, setting.data],
  );
  const form = usePasswordForm(rules);

  const submit = form.onSubmit(async (values) => {
    await changePassword({
      oldPassword: needsOld ? (values.oldPassword ?? '') : (oldPassword as string),
      newPassword: values.newPassword ?? '',
      confirmNewPassword: values.confirmPassword ?? '',
    });
    // fetchQuery, not refetch: after a forced change the member info was never loaded. A fetch still on
    // its way began before the change (it would say passwordChangeRequired): drop it, ask again.
    await queryClient.cancelQueries({ queryKey: MEMBER_INFO_KEY });
    await queryClient.fetchQuery({
      queryKey: MEMBER_INFO_KEY,
      queryFn: () => fetchMemberInfo(),
      staleTime: 0,
    });
    // Calls the server refused while the change was pending (403 password_change_required: the balance,
    // the unread count, ...) are asked again now that the session may make them.
    void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    onClose();
    await navigate('/');
  });

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form" data-forced={forced || undefined}>
      <Stack gap="sm">
        {forced ? (
          <Alert variant="light" color="yellow" data-testid="change-password-forced">
            {t('change.forcedExplain')}
          </Alert>
        ) : null}
        {needsOld ? (
          <PasswordInputField
            name="oldPassword"
            label={t('change.oldPassword')}
            rule={PRESENT_RULE}
            form={form}
            autoComplete="current-password"
            testId="change-old-password"
          />
        ) : null}
        <NewPasswordFields section="change" rule={rules.newPassword} form={form} />
        {form.failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="change-password-error">
            {messageForApiError(t, form.failure.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.sending} data-testid="change-password-submit">
          {t('change.submit')}
        </Button>
        {forced ? (
          <Button
            variant="subtle"
            color="gray"
            onClick={() => void logout()}
            data-testid="change-password-sign-out"
          >
            {t('change.signOut')}
          </Button>
        ) : null}
        {form.sending ? (
          <Text size="xs" c="dimmed" ta="center" role="status">
            {t('change.working')}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

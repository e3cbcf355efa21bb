import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CaptchaField } from '../../../components/forms/captcha-field.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import {
  loginErrorText,
  PASSWORD_MAX,
  USERNAME_MAX,
  type UsernameLoginInput,
  type UsernameLoginValues,
} from '../utils/login-schema.ts';

type LoginUsernameFieldsProps = {
  form: UseFormReturn<UsernameLoginInput, unknown, UsernameLoginValues>;
  captchaShown: boolean;
  captchaKey: number;
};

/** Username, password and (once the server asks) the captcha of the login form. */
export function LoginUsernameFields({ form, captchaShown, captchaKey }: LoginUsernameFieldsProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { errors } = form.formState;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('login.username')}
        {...form.register('username')}
        error={loginErrorText(t, errors.username?.message)}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX}
        required
        data-autofocus
        data-testid="login-username"
      />
      <PasswordInput
        label={t('login.password')}
        {...form.register('password')}
        error={loginErrorText(t, errors.password?.message)}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        required
        data-testid="login-password"
      />
      {captchaShown ? (
        <Controller
          control={form.control}
          name="captcha"
          render={({ field, fieldState }) => (
            <CaptchaField
              value={field.value}
              onChange={field.onChange}
              error={loginErrorText(t, fieldState.error?.message)}
              refreshKey={captchaKey}
            />
          )}
        />
      ) : null}
    </Stack>
  );
}

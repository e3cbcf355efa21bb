import { Button, Group, Text } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './header-login-form.module.css';

export type HeaderCredentials = { username: string; password: string };

type HeaderLoginFormProps = {
  /** Username and password as typed; the app logs in, or opens the login dialog for what needs more. */
  onSubmit: (credentials: HeaderCredentials) => void;
  /** Opens the full login dialog (phones, where the top bar has no room for the fields). */
  onOpenLogin: () => void;
  onRegister: () => void;
  /** A login is under way: the button waits and the fields keep their values. */
  busy?: boolean;
  /** Why the last attempt failed (already translated), shown under the fields. */
  error?: string | null;
  /** The visitor edits a field: the old error no longer applies. */
  onEdit?: () => void;
};

/**
 * SPEC §2 header "for a visitor, the login form": on wide screens username, password, log in and register
 * inline in the top bar; on phones two buttons that open the dialogs. Captcha, new-IP checks and every other
 * step of the login live in the login dialog, which the app opens when the server asks for more.
 */
export function HeaderLoginForm({
  onSubmit,
  onOpenLogin,
  onRegister,
  busy = false,
  error = null,
  onEdit,
}: HeaderLoginFormProps) {
  const { t } = useTranslation(['chrome', 'common']);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordShown, setPasswordShown] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    onSubmit({ username: username.trim(), password });
  };

  // The two inline fields differ only in their input kind and autocomplete hint. Plain inputs, not Mantine's
  // (issue 15): they are in every visitor's first screen, and Mantine's inputs brought 6 kB gzip to it.
  const fieldProps = (name: 'username' | 'password', value: string, set: (value: string) => void) => ({
    className: classes.input,
    'aria-label': t(`header.login.${name}`),
    placeholder: t(`header.login.${name}`),
    name,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set(event.currentTarget.value);
      onEdit?.();
    },
    'data-testid': `header-login-${name}`,
    'aria-invalid': error ? true : undefined,
  });

  return (
    <>
      <form
        className={classes.form}
        onSubmit={submit}
        aria-label={t('header.login.formLabel')}
        data-testid="header-login-form"
        noValidate
      >
        <input {...fieldProps('username', username, setUsername)} type="text" autoComplete="username" />
        <span className={classes.password}>
          <input
            {...fieldProps('password', password, setPassword)}
            type={passwordShown ? 'text' : 'password'}
            autoComplete="current-password"
          />
          {/* Out of the Tab order, as Mantine's toggle was: the keyboard goes from password to log in. */}
          <button
            type="button"
            className={classes.reveal}
            tabIndex={-1}
            aria-pressed={passwordShown}
            aria-label={t('header.login.showPassword')}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            {passwordShown ? <EyeOffIcon size={15} /> : <EyeIcon size={15} />}
          </button>
        </span>
        <Button type="submit" size="compact-md" loading={busy} data-testid="header-login-submit">
          {t('common:actions.login')}
        </Button>
        <Button variant="default" size="compact-md" onClick={onRegister} data-testid="header-register">
          {t('header.login.register')}
        </Button>
        {error ? (
          <Text
            span
            size="xs"
            c="red"
            role="alert"
            className={classes.error}
            data-testid="header-login-error"
          >
            {error}
          </Text>
        ) : null}
      </form>
      <Group gap={6} wrap="nowrap" className={classes.compact}>
        {/* Small buttons without the icon: on a phone the brand name keeps room beside them. */}
        <Button size="compact-sm" onClick={onOpenLogin} data-testid="login-entry">
          {t('common:actions.login')}
        </Button>
        <Button variant="default" size="compact-sm" onClick={onRegister} data-testid="register-entry">
          {t('header.login.register')}
        </Button>
      </Group>
    </>
  );
}

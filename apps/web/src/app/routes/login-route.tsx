import { useMemo } from 'react';
import { loginOptionsFrom } from '../../features/auth/login-options.ts';
import { useSite } from '../site-context.tsx';
import { LoginPage } from './login-page.tsx';

/** /login: the brand's login switches (SMS login, free play, the visitor's calling code) for the page. */
export function LoginRoute() {
  const permission = useSite();
  const options = useMemo(() => loginOptionsFrom(permission), [permission]);
  return <LoginPage options={options} />;
}

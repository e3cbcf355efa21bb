import { useMemo } from 'react';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { loginOptionsFrom } from '../../features/auth/login-options.ts';
import { useSite } from '../site-context.tsx';

/** /login: the brand's login switches (SMS login, free play, the visitor's calling code) for the page. */
export function LoginRoute() {
  const permission = useSite();
  const options = useMemo(() => loginOptionsFrom(permission), [permission]);
  return <LoginPage options={options} />;
}

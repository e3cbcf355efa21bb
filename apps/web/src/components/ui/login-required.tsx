import { Button } from '@mantine/core';
import { createContext, use } from 'react';
import { Link } from 'react-router';
import { EmptyBlock } from './empty-block.tsx';
import { LockIcon } from './icons.tsx';

/**
 * What "log in" does where a page asks for a session. The app provides the login pop-up (components/ui
 * cannot import the auth feature); without a provider the action is the login page.
 */
export const LoginActionContext = createContext<(() => void) | null>(null);

type LoginRequiredProps = { title: string; description: string; actionLabel: string };

/** Shown on pages that need a session (SPEC §2 "/favorite, /recent: login required"). */
export function LoginRequired({ title, description, actionLabel }: LoginRequiredProps) {
  const openLogin = use(LoginActionContext);
  return (
    <EmptyBlock
      testId="login-required"
      title={title}
      description={description}
      icon={<LockIcon size={28} />}
      actions={
        openLogin ? (
          <Button onClick={openLogin} data-testid="login-required-action">
            {actionLabel}
          </Button>
        ) : (
          <Button component={Link} to="/login" data-testid="login-required-action">
            {actionLabel}
          </Button>
        )
      }
    />
  );
}

import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyBlock } from './empty-block.tsx';
import { LockIcon } from './icons.tsx';

type LoginRequiredProps = { title: string; description: string; actionLabel: string };

/**
 * Shown on pages that need a session (SPEC §2 "/favorite, /recent: login required"). The login popup
 * arrives with accounts; until then the action goes to the login page.
 */
export function LoginRequired({ title, description, actionLabel }: LoginRequiredProps) {
  return (
    <EmptyBlock
      testId="login-required"
      title={title}
      description={description}
      icon={<LockIcon size={28} />}
      actions={
        <Button component={Link} to="/login">
          {actionLabel}
        </Button>
      }
    />
  );
}

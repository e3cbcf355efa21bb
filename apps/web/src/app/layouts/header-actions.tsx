import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserIcon } from '../../components/ui/icons.tsx';
import { LanguageSelector } from '../../features/language/components/language-selector.tsx';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';

type HeaderActionsProps = { supportedLanguages: readonly string[]; loggedIn: boolean };

/**
 * The header's top-bar controls. For a visitor, a login entry (SPEC: "for a visitor, the login form");
 * the form and the player's logged-in strip arrive with the accounts issue.
 */
export function HeaderActions({ supportedLanguages, loggedIn }: HeaderActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <LanguageSelector supportedLanguages={supportedLanguages} />
      <ThemeToggle />
      {loggedIn ? null : (
        <Button
          component={Link}
          to="/login"
          size="compact-md"
          leftSection={<UserIcon size={16} />}
          data-testid="login-entry"
        >
          {t('actions.login')}
        </Button>
      )}
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { GameSearchButton } from '../../features/games/components/game-search-button.tsx';
import { HeaderLoginForm } from '../../features/header/components/header-login-form.tsx';
import { LanguageSelector } from '../../features/language/components/language-selector.tsx';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';
import { apiSend } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { openAuthModal } from '../../lib/session/auth-modal-store.ts';
import { MEMBER_INFO_KEY, useSession } from '../../lib/session/use-session.ts';
import { useHeaderLogin } from './use-header-login.ts';

type HeaderActionsProps = {
  supportedLanguages: readonly string[];
  /** The brand's currency symbol for the balance; empty or absent shows 'P' (SPEC §9). */
  currencySymbol?: string;
};

// A signed-in member's strip (wallet, messages, account menu, avatar picker) is a chunk of its own (issue 15):
// a visitor's first load, which shows the login form instead, does not carry it.
const MemberHeaderActions = lazy(() =>
  import('./member-header-actions.tsx').then((m) => ({ default: m.MemberHeaderActions })),
);

/**
 * The header's top-bar controls (SPEC §2): language, theme, and for a visitor the login form, for a player
 * the logged-in strip.
 */
export function HeaderActions({ supportedLanguages, currencySymbol = '' }: HeaderActionsProps) {
  const { t } = useTranslation();
  const session = useSession();
  const login = useHeaderLogin();
  const queryClient = useQueryClient();
  const { token } = session;

  // SPEC §4: a logged-in member's language choice is saved on the account too; a visitor's stays local.
  const onLanguageChosen = useCallback(
    (language: string) => {
      if (token === null) return;
      apiSend<null>('PUT', '/wps/member/info/language', { language }).then(
        () => queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
        // The interface already switched; the account keeps its old language until the next choice.
        () => undefined,
      );
    },
    [token, queryClient],
  );
  const refetchMember = useCallback(
    () => queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
    [queryClient],
  );

  return (
    <>
      <GameSearchButton />
      <LanguageSelector supportedLanguages={supportedLanguages} onChosen={onLanguageChosen} />
      <ThemeToggle />
      {session.status === 'visitor' ? (
        <HeaderLoginForm
          onSubmit={login.submit}
          busy={login.busy}
          error={login.errorKey ? t(login.errorKey) : null}
          onEdit={login.clearError}
          onOpenLogin={() => openAuthModal({ kind: 'login' })}
          onRegister={() => openAuthModal({ kind: 'register' })}
        />
      ) : (
        <Suspense fallback={null}>
          <MemberHeaderActions
            member={session.member}
            currencySymbol={currencySymbol}
            onAvatarChanged={refetchMember}
          />
        </Suspense>
      )}
    </>
  );
}

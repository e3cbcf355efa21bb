import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { openAgentCentre } from '../../features/agent-centre/state/agent-centre-store.ts';
import { GameSearchButton } from '../../features/games/components/game-search-button.tsx';
import { HeaderLoginForm } from '../../features/header/components/header-login-form.tsx';
import { PlayerStrip } from '../../features/header/components/player-strip.tsx';
import type { StripRoutes } from '../../features/header/utils/player-strip-rules.ts';
import { LanguageSelector } from '../../features/language/components/language-selector.tsx';
import {
  MESSAGES_PATH,
  MessagesShortcut,
  useUnreadTotal,
} from '../../features/messages/components/messages-shortcut.tsx';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';
import { HeaderWallet } from '../../features/wallet/components/header-wallet.tsx';
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

/**
 * Pages the player strip links to. SPEC §2: the rank goes to the player-rank page (/playerRank, the VIP
 * ranks) when the member has a label, else to the security centre (member centre, /member/securityCenter).
 */
const STRIP_ROUTES: StripRoutes = { playerRank: '/playerRank', securityCentre: '/member/securityCenter' };

/**
 * The header's top-bar controls (SPEC §2): language, theme, and for a visitor the login form, for a player
 * the logged-in strip.
 */
export function HeaderActions({ supportedLanguages, currencySymbol = '' }: HeaderActionsProps) {
  const { t } = useTranslation();
  const session = useSession();
  const unreadTotal = useUnreadTotal();
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
        <PlayerStrip
          member={session.member}
          routes={STRIP_ROUTES}
          onChangePassword={() => openAuthModal({ kind: 'changePassword', forced: false })}
          onSignOut={() => openAuthModal({ kind: 'logoutConfirm' })}
          onAvatarChanged={refetchMember}
          onAgentCentre={() => openAgentCentre('announcement')}
          wallet={<HeaderWallet currencySymbol={currencySymbol} />}
          messages={<MessagesShortcut />}
          messagesLink={{ to: MESSAGES_PATH, count: unreadTotal }}
        />
      )}
    </>
  );
}

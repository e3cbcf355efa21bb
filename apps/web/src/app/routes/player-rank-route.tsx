import { LoginActionContext } from '../../components/ui/login-required.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { openAuthModal } from '../../features/auth/state/auth-modal-store.ts';
import { PlayerRankPage } from '../../features/player-rank/components/player-rank-page.tsx';

const openLogin = () => openAuthModal({ kind: 'login' });

/** /playerRank: login required like /favorite; a visitor gets the login pop-up from the page. */
export function PlayerRankRoute() {
  const { token } = useSession();
  return (
    <LoginActionContext value={openLogin}>
      <PlayerRankPage loggedIn={token !== null} />
    </LoginActionContext>
  );
}

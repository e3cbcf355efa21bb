import { LoginActionContext } from '../../components/ui/login-required.tsx';
import { PlayerRankPage } from '../../features/player-rank/components/player-rank-page.tsx';
import { openAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSession } from '../../lib/session/use-session.ts';

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

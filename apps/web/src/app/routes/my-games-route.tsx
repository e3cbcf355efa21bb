import { LoginActionContext } from '../../components/ui/login-required.tsx';
import { type MyGamesKind, MyGamesPage } from '../../features/games/components/my-games-page.tsx';
import { openAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSession } from '../../lib/session/use-session.ts';

const openLogin = () => openAuthModal({ kind: 'login' });

export function MyGamesRoute({ kind }: { kind: MyGamesKind }) {
  const { token } = useSession();
  return (
    <LoginActionContext value={openLogin}>
      <MyGamesPage kind={kind} loggedIn={token !== null} />
    </LoginActionContext>
  );
}

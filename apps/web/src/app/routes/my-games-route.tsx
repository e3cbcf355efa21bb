import { LoginActionContext } from '../../components/ui/login-required.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { openAuthModal } from '../../features/auth/state/auth-modal-store.ts';
import { type MyGamesKind, MyGamesPage } from '../../features/games/components/my-games-page.tsx';

const openLogin = () => openAuthModal({ kind: 'login' });

export function MyGamesRoute({ kind }: { kind: MyGamesKind }) {
  const { token } = useSession();
  return (
    <LoginActionContext value={openLogin}>
      <MyGamesPage kind={kind} loggedIn={token !== null} />
    </LoginActionContext>
  );
}

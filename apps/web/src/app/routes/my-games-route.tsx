import { type MyGamesKind, MyGamesPage } from '../../features/games/components/my-games-page.tsx';
import { readSessionToken } from '../../lib/storage.ts';

export function MyGamesRoute({ kind }: { kind: MyGamesKind }) {
  return <MyGamesPage kind={kind} loggedIn={readSessionToken() !== null} />;
}

import type { ReactNode } from 'react';
import { GameTypeLobby } from '../../features/games/components/game-type-lobby.tsx';
import {
  type SportsLobbyGame,
  SportsLobbyPage,
} from '../../features/sports/components/sports-lobby-page.tsx';

/**
 * /sports, /esports, /lott, /elott: the sports page framing the games feature's lobby of that game type, or
 * the `lobby` given (the lottery game page of /lott and /elott, app/routes/lottery-type-route.tsx).
 */
export function SportsLobbyRoute({ game, lobby }: { game: SportsLobbyGame; lobby?: ReactNode }) {
  return <SportsLobbyPage game={game} lobby={lobby ?? <GameTypeLobby gameType={game.toUpperCase()} />} />;
}

import { GameTypeLobby } from '../../features/games/components/game-type-lobby.tsx';
import {
  type SportsLobbyGame,
  SportsLobbyPage,
} from '../../features/sports/components/sports-lobby-page.tsx';

/** /sports, /esports, /lott, /elott: the sports page framing the games feature's lobby of that game type. */
export function SportsLobbyRoute({ game }: { game: SportsLobbyGame }) {
  return <SportsLobbyPage game={game} lobby={<GameTypeLobby gameType={game.toUpperCase()} />} />;
}

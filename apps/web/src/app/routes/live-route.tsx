import { GameTypeLobby } from '../../features/games/components/game-type-lobby.tsx';
import { LiveLobbyPage } from '../../features/live-tables/components/live-lobby-page.tsx';
import { symbolOrDefault } from '../../lib/money/money.ts';
import { useSite } from '../site-context.tsx';

/** /live: the in-house live tables (issue 22), then every vendor's live games (the catalogue's lobby). */
export function LiveRoute() {
  const { site } = useSite();
  return (
    <LiveLobbyPage
      currencySymbol={symbolOrDefault(site.currencySymbol)}
      otherGames={<GameTypeLobby gameType="LIVE" />}
    />
  );
}

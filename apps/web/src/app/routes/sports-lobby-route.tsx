import type { ReactNode } from 'react';
import { SportsLobbyPage } from '../../features/sports/components/sports-lobby-page.tsx';

/**
 * /lott, /elott: the sports-style page (SPEC §2 "one page with parameter game") framing the `lobby` given (the
 * lottery game page, app/routes/lottery-type-route.tsx). /sports and /esports are the sportsbook's own lobby
 * since issue 21 (features/sports/components/sports-book-page.tsx).
 */
export function SportsLobbyRoute({ game, lobby }: { game: 'lott' | 'elott'; lobby: ReactNode }) {
  return <SportsLobbyPage game={game} lobby={lobby} />;
}

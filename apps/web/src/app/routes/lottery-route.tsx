import { useSearchParams } from 'react-router';
import { LotteryLaunchPage } from '../../features/lottery/components/lottery-launch-page.tsx';
import { LotteryLobbyPage } from '../../features/lottery/components/lottery-lobby-page.tsx';

/** /lottery is the lobby, unless it carries `gameCode`: then it is a launch route (SPEC §2). */
export function LotteryRoute() {
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  return gameCode ? <LotteryLaunchPage kind="code" gameCode={gameCode} /> : <LotteryLobbyPage />;
}

import { useSearchParams } from 'react-router';
import { LotteryLaunchPage } from '../../features/lottery/components/lottery-launch-page.tsx';
import { LotteryLobbyPage } from '../../features/lottery/components/lottery-lobby-page.tsx';

/** /lottery is the lobby, unless it carries `gameCode`: then it is that game's page (SPEC §2). */
export function LotteryRoute() {
  const [searchParams] = useSearchParams();
  return searchParams.get('gameCode') ? <LotteryLaunchPage kind="code" /> : <LotteryLobbyPage />;
}

import { LotteryLaunchPage } from '../../features/lottery/components/lottery-launch-page.tsx';
import { SportsLobbyRoute } from './sports-lobby-route.tsx';

/**
 * /lott and /elott (issue 20): the sports-style page of that game type (SPEC §2 "one page with parameter
 * game"), whose content is now the LOTT / ELOTT lottery game page with its game picker (`?game=`).
 */
export function LotteryTypeRoute({ game }: { game: 'lott' | 'elott' }) {
  return <SportsLobbyRoute game={game} lobby={<LotteryLaunchPage kind={game} framed={false} />} />;
}

import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { LotteryGroup } from '../utils/lottery-groups.ts';
import { LotteryGamePage } from './lottery-game-page.tsx';

export type LotteryLaunchKind = 'code' | LotteryGroup;

/** SPEC §2: `/lott` and `/elott` name the game `game`; the other lottery routes `gameCode`. */
const paramOf = (kind: LotteryLaunchKind) => (kind === 'lott' || kind === 'elott' ? 'game' : 'gameCode');

/**
 * The game page of a lottery launch route: `/lottery?gameCode=` (any game), `/vnLottery`, `/seaLottery`
 * (their games, `?gameCode=` picks one), `/lott?game=`, `/elott?game=` (inside the sports-style frame the app
 * gives them: `framed={false}`). Picking a game writes it to the URL, so a reload or a shared link keeps it.
 */
export function LotteryLaunchPage({ kind, framed = true }: { kind: LotteryLaunchKind; framed?: boolean }) {
  const { t } = useTranslation('pages');
  const [searchParams, setSearchParams] = useSearchParams();
  const param = paramOf(kind);
  const gameCode = searchParams.get(param);
  const page = (
    <LotteryGamePage
      group={kind === 'code' ? null : kind}
      gameCode={gameCode}
      onPick={(code) => setSearchParams({ [param]: code }, { replace: true })}
    />
  );
  if (!framed) return page;
  return (
    <PageFrame
      testId="page-lottery-launch"
      title={t(`lotteryLaunch.${kind === 'code' || kind === 'vn' || kind === 'sea' ? kind : 'code'}`)}
      dataAttributes={{ 'data-lottery': kind, ...(gameCode ? { 'data-game-code': gameCode } : {}) }}
    >
      {page}
    </PageFrame>
  );
}

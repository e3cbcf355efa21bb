import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

export type LotteryLaunchKind = 'code' | 'vn' | 'sea';

/** /lottery?gameCode=…, /vnLottery, /seaLottery: launch routes; the lottery engine arrives later. */
export function LotteryLaunchPage({ kind, gameCode }: { kind: LotteryLaunchKind; gameCode: string | null }) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-lottery-launch"
      title={t(`lotteryLaunch.${kind}`)}
      dataAttributes={{ 'data-lottery': kind, ...(gameCode ? { 'data-game-code': gameCode } : {}) }}
    >
      <EmptyBlock title={t('lotteryLaunch.empty')} />
    </PageFrame>
  );
}

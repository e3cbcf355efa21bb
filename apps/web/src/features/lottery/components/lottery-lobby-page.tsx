import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** /lottery without gameCode: the full-screen lottery lobby (no header, SPEC §2). */
export function LotteryLobbyPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-lottery" title={t('lottery.title')}>
      <EmptyBlock title={t('lottery.empty')} />
    </PageFrame>
  );
}

import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { GameTypeLobby } from './game-type-lobby.tsx';

/** /live: the live-casino games of every vendor. */
export function LivePage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-live"
      title={t('common:nav.live')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('common:nav.live') }]}
    >
      <GameTypeLobby gameType="LIVE" />
    </PageFrame>
  );
}

import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** /seamless: a full-screen seamless-wallet game view (no header, SPEC §2). */
export function SeamlessPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-seamless" title={t('seamless.title')}>
      <EmptyBlock title={t('game.empty')} description={t('game.emptyHint')} />
    </PageFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

export type GamesPageType = 'rng' | 'fish' | 'pvp';

type GamesPageProps = {
  gameType: GamesPageType;
  /** Already translated: the /rng label depends on the brand's languages (app decides). */
  title: string;
  /** `?page=` selects a vendor tab (SPEC §2); tabs arrive with the vendor list. */
  vendorTab: string | null;
};

export function GamesPage({ gameType, title, vendorTab }: GamesPageProps) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-games"
      title={title}
      dataAttributes={{ 'data-game-type': gameType, ...(vendorTab ? { 'data-vendor-tab': vendorTab } : {}) }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: title }]}
    >
      <EmptyBlock title={t('common:empty.games')} description={t('games.emptyHint')} />
    </PageFrame>
  );
}

import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { GameTypeLobby } from './game-type-lobby.tsx';

export type GamesPageType = 'rng' | 'fish' | 'pvp';

type GamesPageProps = {
  gameType: GamesPageType;
  /** Already translated: the /rng label depends on the brand's languages (app decides). */
  title: string;
  /** Shown above the vendor tabs (app/ composes it: /pvp's in-house card rooms, issue 22). */
  top?: ReactNode;
};

/** /rng, /fish, /pvp (SPEC §2): vendor tabs (`?page=` selects one) over the vendor's games. */
export function GamesPage({ gameType, title, top = null }: GamesPageProps) {
  const { t } = useTranslation('pages');
  const [searchParams] = useSearchParams();
  const vendorTab = searchParams.get('page');
  return (
    <PageFrame
      testId="page-games"
      title={title}
      dataAttributes={{ 'data-game-type': gameType, ...(vendorTab ? { 'data-vendor-tab': vendorTab } : {}) }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: title }]}
    >
      {top}
      <GameTypeLobby gameType={gameType.toUpperCase()} withTabs />
    </PageFrame>
  );
}

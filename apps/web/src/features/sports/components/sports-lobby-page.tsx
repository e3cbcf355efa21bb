import type { ReactNode } from 'react';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

export type SportsLobbyGame = 'sports' | 'esports' | 'lott' | 'elott';

/**
 * /sports, /esports, /lott, /elott: one page with parameter `game` (SPEC §2), listing that game type's games.
 * The list is the games feature's lobby, handed in by the app (`lobby`), so this feature imports no other.
 */
export function SportsLobbyPage({ game, lobby }: { game: SportsLobbyGame; lobby: ReactNode }) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-sports-lobby"
      title={t(`sportsLobby.${game}`)}
      dataAttributes={{ 'data-game': game }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t(`sportsLobby.${game}`) }]}
    >
      {lobby}
    </PageFrame>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

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

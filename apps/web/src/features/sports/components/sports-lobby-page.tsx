import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { GameTypeLobby } from '../../games/components/game-type-lobby.tsx';

export type SportsLobbyGame = 'sports' | 'esports' | 'lott' | 'elott';

/** /sports, /esports, /lott, /elott: one page with parameter `game` (SPEC §2), listing that game type's games. */
export function SportsLobbyPage({ game }: { game: SportsLobbyGame }) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-sports-lobby"
      title={t(`sportsLobby.${game}`)}
      dataAttributes={{ 'data-game': game }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t(`sportsLobby.${game}`) }]}
    >
      <GameTypeLobby gameType={game.toUpperCase()} />
    </PageFrame>
  );
}

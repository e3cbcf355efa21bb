import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

export type SportsLobbyGame = 'sports' | 'esports' | 'lott' | 'elott';

/** /sports, /esports, /lott, /elott: one page with parameter `game` (SPEC §2). */
export function SportsLobbyPage({ game }: { game: SportsLobbyGame }) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-sports-lobby"
      title={t(`sportsLobby.${game}`)}
      dataAttributes={{ 'data-game': game }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t(`sportsLobby.${game}`) }]}
    >
      <EmptyBlock title={t('common:empty.games')} description={t('games.emptyHint')} />
    </PageFrame>
  );
}

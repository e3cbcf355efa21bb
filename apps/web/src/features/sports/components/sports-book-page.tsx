import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { SportsBook } from './sports-book.tsx';

/**
 * /sports and /esports (SPEC §2: one page with parameter `game`): the book's lobby in the sports page's frame
 * (the same test id and `data-game` as the lobby frame of /lott and /elott).
 */
export function SportsBookPage({ game }: { game: 'sports' | 'esports' }) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-sports-lobby"
      title={t(`sportsLobby.${game}`)}
      dataAttributes={{ 'data-game': game }}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t(`sportsLobby.${game}`) }]}
    >
      <SportsBook group={game} />
    </PageFrame>
  );
}

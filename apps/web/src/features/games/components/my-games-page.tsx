import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useFavouritePages, useRecentPages } from '../hooks/use-game-lists.ts';
import { GameGrid } from './game-grid.tsx';

export type MyGamesKind = 'favorite' | 'recent';

type MyGamesPageProps = { kind: MyGamesKind; loggedIn: boolean };

function Favourites() {
  const { t } = useTranslation('games');
  return (
    <GameGrid
      pages={useFavouritePages(true)}
      emptyTitle={t('lobby.favoriteEmpty')}
      emptyHint={t('lobby.favoriteEmptyHint')}
    />
  );
}

function Recent() {
  const { t } = useTranslation('games');
  return (
    <GameGrid
      pages={useRecentPages(true)}
      emptyTitle={t('lobby.recentEmpty')}
      emptyHint={t('lobby.recentEmptyHint')}
    />
  );
}

/** /favorite and /recent need a session (SPEC §2): the player's favourites, newest first, and recent games. */
export function MyGamesPage({ kind, loggedIn }: MyGamesPageProps) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId={`page-${kind}`}
      title={t(`${kind}.title`)}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t(`${kind}.title`) }]}
    >
      {!loggedIn ? (
        <LoginRequired
          title={t('common:loginRequired.title')}
          description={t(`${kind}.loginHint`)}
          actionLabel={t('common:actions.login')}
        />
      ) : kind === 'favorite' ? (
        <Favourites />
      ) : (
        <Recent />
      )}
    </PageFrame>
  );
}

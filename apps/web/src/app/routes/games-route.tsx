import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { GamesPage, type GamesPageType } from '../../features/games/components/games-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { gamesTitleKey } from '../games-title.ts';
import { useSite } from '../site-context.tsx';

/**
 * Issue 22: /pvp lists the in-house card rooms above the PVP vendors' games, and `?room=` opens a room's
 * table in the page's place. Both load with their texts only on /pvp (the playing cards' names are the
 * `originals` texts), so /rng, /fish and the first load of /pvp stay as they were.
 */
const PVP_TEXTS = ['pvp', 'originals'] as const;
const PvpRooms = lazy(async () => {
  const [{ PvpRooms: Rooms }] = await Promise.all([
    import('../../features/pvp/components/pvp-rooms.tsx'),
    loadNamespaces(PVP_TEXTS),
  ]);
  return { default: Rooms };
});
const PvpTableScreen = lazy(async () => {
  const [{ PvpTableScreen: Screen }] = await Promise.all([
    import('../../features/pvp/components/pvp-table-screen.tsx'),
    loadNamespaces(PVP_TEXTS),
  ]);
  return { default: Screen };
});

export function GamesRoute({ gameType }: { gameType: GamesPageType }) {
  const { t } = useTranslation();
  const { site } = useSite();
  const [searchParams] = useSearchParams();
  const title = t(gamesTitleKey(gameType, site.supportedLanguages));
  const room = gameType === 'pvp' ? searchParams.get('room') : null;
  if (room) {
    return (
      <Suspense fallback={null}>
        <PvpTableScreen roomCode={room} lobbyTitle={title} lobbyPath="/pvp" />
      </Suspense>
    );
  }
  return (
    <GamesPage
      gameType={gameType}
      title={title}
      top={
        gameType === 'pvp' ? (
          <Suspense fallback={null}>
            <PvpRooms />
          </Suspense>
        ) : null
      }
    />
  );
}

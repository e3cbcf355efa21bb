import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { GamesPage, type GamesPageType } from '../../features/games/components/games-page.tsx';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { gamesTitleKey } from '../games-title.ts';
import { useSite } from '../site-context.tsx';

/** Issue 22: /pvp's in-house card rooms (pvp-parts.tsx), loaded only there. */
const PvpPart = lazy(() => import('./pvp-parts.tsx'));

export function GamesRoute({ gameType }: { gameType: GamesPageType }) {
  const { t } = useTranslation();
  const { site } = useSite();
  const [searchParams] = useSearchParams();
  const title = t(gamesTitleKey(gameType, site.supportedLanguages));
  if (gameType !== 'pvp') return <GamesPage gameType={gameType} title={title} />;
  // The room list above the PVP vendors' games; a room (`?room=`) opens its table in the page's place.
  const roomCode = searchParams.get('room');
  const part = (
    <Suspense fallback={null}>
      <PvpPart roomCode={roomCode} title={title} />
    </Suspense>
  );
  return roomCode ? part : <GamesPage gameType={gameType} title={title} top={part} />;
}

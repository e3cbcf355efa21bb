import { useQuery } from '@tanstack/react-query';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useGamesLanguage, useLoggedIn } from '../../../lib/games/use-game-pages.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { sportsKeys } from '../api/keys.ts';
import { launchFb } from '../api/launch-fb.ts';
import { openSessionWithToken, sportsLaunchTokenOf } from '../api/open-session.ts';
import { keepSportsSession } from '../hooks/use-sports-session.ts';
import { SportsBook } from './sports-book.tsx';

/**
 * A member's book session from `GCS_gameLaunchFB` (SPEC §7): its launch URL carries the launch token the
 * book's session opens with. Without the relay (or a token) the book still works: the slip then opens its
 * session through the catalogue launch, as on /sports.
 */
function useFbLaunch() {
  const loggedIn = useLoggedIn();
  const language = useGamesLanguage();
  return useQuery({
    queryKey: sportsKeys.launchFb,
    queryFn: async () => {
      const launch = await launchFb(language);
      const token = sportsLaunchTokenOf(launch.url);
      if (token) keepSportsSession(launch.gameCode || 'sports', await openSessionWithToken(token));
      return launch;
    },
    enabled: loggedIn,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** /fbsports: the book full-width under the header (SPEC §2 header only), launched by `GCS_gameLaunchFB`. */
export function FbSportsPage() {
  const { t } = useTranslation('pages');
  const launch = useFbLaunch();
  return (
    <PageFrame
      testId="page-fbsports"
      title={t('fbsports.title')}
      dataAttributes={{ 'data-launch': launch.status }}
    >
      <SportsBook group="sports" />
    </PageFrame>
  );
}

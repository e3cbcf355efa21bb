import { SimpleGrid } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { GameLanes } from './game-lanes.tsx';

// Issue 20: below the lanes, its own chunk with its texts (the home JS budget has no room for it).
const HomeLotteries = lazy(() =>
  Promise.all([import('./home-lotteries.tsx'), loadNamespaces(['lotteryLive'])]).then(([m]) => m),
);

type HomePageProps = {
  brandName: string;
  /** The notice marquee (composed by the app: it belongs to another feature). */
  notices: ReactNode;
  /** The jackpot display counter. */
  jackpot: ReactNode;
  /** The winner board; it carries the section id `home-winners` (a deep-link target). */
  winners: ReactNode;
  /** A prompt for the signed-in member above everything (an agent's waiting contract offer); often nothing. */
  prompt?: ReactNode;
};

/**
 * Home (SPEC §2): notice marquee, jackpot counter, winner board, then the game lanes (SPEC §3 "Lane") and
 * the lottery widgets (issue 20). The sections above the lanes keep a fixed height while they load, so a
 * deep link (/#home-games) lands where it points.
 */
export function HomePage({ brandName, notices, jackpot, winners, prompt }: HomePageProps) {
  const { t } = useTranslation('content');
  return (
    <PageFrame testId="page-home" title={t('pages:home.title', { brand: brandName })}>
      {prompt}
      <section id="home-notices" aria-label={t('pages:home.notices')}>
        {notices}
      </section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {jackpot}
        {winners}
      </SimpleGrid>
      {/* The lanes' anchor stays even when there are none, so a link to /#home-games never dangles. */}
      <div id="home-games">
        <GameLanes />
      </div>
      <Suspense fallback={null}>
        <HomeLotteries />
      </Suspense>
    </PageFrame>
  );
}

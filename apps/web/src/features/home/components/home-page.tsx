import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

type HomePageProps = {
  brandName: string;
  /** The notice marquee (composed by the app: it belongs to another feature). */
  notices: ReactNode;
  /** The jackpot display counter. */
  jackpot: ReactNode;
  /** The winner board; it carries the section id `home-winners` (a deep-link target). */
  winners: ReactNode;
};

/**
 * Home (SPEC §2): notice marquee, jackpot counter, winner board, and the games section, which says honestly
 * that there are no games yet (they arrive with the games issue). The sections above the games keep a
 * fixed height while they load, so a deep link (/#home-games) lands where it points.
 */
export function HomePage({ brandName, notices, jackpot, winners }: HomePageProps) {
  const { t } = useTranslation('content');
  return (
    <PageFrame testId="page-home" title={t('pages:home.title', { brand: brandName })}>
      <section id="home-notices" aria-label={t('pages:home.notices')}>
        {notices}
      </section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {jackpot}
        {winners}
      </SimpleGrid>
      <Stack component="section" gap="sm" aria-labelledby="home-games-title" id="home-games">
        <Title order={2} fz="lg" id="home-games-title">
          {t('pages:home.games')}
        </Title>
        <EmptyBlock
          testId="home-games-empty"
          title={t('home.gamesEmpty')}
          description={t('home.gamesHint')}
        />
      </Stack>
    </PageFrame>
  );
}

import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/**
 * Home's frame (SPEC §2: notice marquee, jackpot counter, game sections). Each section states honestly that
 * it has nothing yet; the content issues fill them with real data.
 */
export function HomePage({ brandName }: { brandName: string }) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-home" title={t('home.title', { brand: brandName })}>
      <HomeSection id="home-notices" title={t('home.notices')} empty={t('home.noticesEmpty')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <HomeSection id="home-games" title={t('home.games')} empty={t('common:empty.games')} />
        <HomeSection id="home-winners" title={t('home.winners')} empty={t('home.winnersEmpty')} />
      </SimpleGrid>
    </PageFrame>
  );
}

function HomeSection({ id, title, empty }: { id: string; title: string; empty: string }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={`${id}-title`} id={id}>
      <Title order={2} fz="lg" id={`${id}-title`}>
        {title}
      </Title>
      <EmptyBlock title={empty} />
    </Stack>
  );
}

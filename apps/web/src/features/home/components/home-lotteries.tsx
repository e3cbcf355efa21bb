import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useWhitelabel } from '../../../lib/system/get-whitelabel.ts';
import { type LgwParams, type OpenedNumber, useOpenedNumbers } from '../api/get-lottery-numbers.ts';

function NumberCard({ item }: { item: OpenedNumber }) {
  const { t } = useTranslation('lotteryLive');
  return (
    <Anchor
      component={Link}
      to={`/lottery?gameCode=${encodeURIComponent(item.gameCode)}`}
      underline="never"
      aria-label={t('home.play', { name: item.name })}
      data-testid={`home-lottery-${item.drawId}`}
    >
      <Paper withBorder p="xs" h="100%">
        <Text size="sm" fw={600} lineClamp={1}>
          {item.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('home.drawNo', { drawNo: item.drawNo })}
        </Text>
        <Text ff="monospace" fw={700} c="red.7">
          {item.numero}
        </Text>
      </Paper>
    </Anchor>
  );
}

function NumbersSection({ kind, params }: { kind: 'popular' | 'vnNumbers'; params: LgwParams }) {
  const { t } = useTranslation('lotteryLive');
  const numbers = useOpenedNumbers(kind, params);
  // A failed list hides itself: the home page must not show an error for an extra below the fold.
  if (numbers.isError) return null;
  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby={`home-lottery-${kind}`}
      data-testid={`home-lottery-${kind}`}
    >
      <Title order={2} size="h4" id={`home-lottery-${kind}`}>
        {t(`home.${kind}`)}
      </Title>
      {numbers.isPending ? <LoadingRows rows={2} height={56} /> : null}
      {numbers.data?.list.length === 0 ? <EmptyBlock title={t('home.empty')} /> : null}
      {numbers.data && numbers.data.list.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
          {numbers.data.list.map((item) => (
            <NumberCard key={item.drawId} item={item} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/**
 * The home page's lottery widgets (issue 20, SPEC §7): popular lotteries (the latest result of every game,
 * 20) and Vietnam numbers (the latest VN results, 100), asked with the brand's prize mode, device and the
 * language; each card opens the game's page. Loaded as its own chunk below the lanes (home JS budget).
 */
export default function HomeLotteries() {
  const { i18n } = useTranslation('lotteryLive');
  const site = useWhitelabel().data?.site;
  if (!site) return null;
  const params: LgwParams = {
    prizeMode: site.prizeModes[0] ?? null,
    device: site.device,
    language: i18n.language,
  };
  return (
    <Stack gap="lg" data-testid="home-lotteries">
      <NumbersSection kind="popular" params={params} />
      <NumbersSection kind="vnNumbers" params={params} />
    </Stack>
  );
}

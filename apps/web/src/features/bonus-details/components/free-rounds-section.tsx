import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { type FreeRoundGrant, useFreeRounds } from '../api/bonuses-api.ts';

/** The studio's game names are in packages/games; the grant carries its code, shown as a readable name. */
function gameName(code: string): string {
  return code
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Free rounds (issue 19): each grant of a promotion with the rounds left and a "Play" link that opens the
 * studio game with the grant (`/game?nodeId=…&freeRound=…`). Nothing is shown when the member has none.
 */
export function FreeRoundsSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation('bonuses');
  const grants = useFreeRounds();
  if (grants.isPending) return <LoadingRows rows={1} height={72} testId="free-rounds-loading" />;
  if (grants.isError) {
    return (
      <LoadFailed error={grants.error} onRetry={() => void grants.refetch()} testId="free-rounds-error" />
    );
  }
  if (grants.data.list.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="free-rounds-title" data-testid="free-rounds">
      <Title order={2} fz="lg" id="free-rounds-title">
        {t('freeRounds.title')}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {grants.data.list.map((grant) => (
          <li key={grant.id}>
            <FreeRoundItem grant={grant} symbol={symbol} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function FreeRoundItem({ grant, symbol }: { grant: FreeRoundGrant; symbol: string }) {
  const { t } = useTranslation('bonuses');
  const titleId = `free-round-${grant.id}-title`;
  const game = gameName(grant.gameCode);
  const playable = grant.status === 'active' && grant.nodeId !== null;
  const to = `/game?${new URLSearchParams({
    nodeId: grant.nodeId ?? '',
    name: game,
    freeRound: grant.id,
  })}`;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid={`free-round-${grant.id}`}
      data-status={grant.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Text fw={600} id={titleId}>
            {grant.promotionTitle}
          </Text>
          <Badge color={grant.status === 'active' ? 'grape' : 'gray'} variant="light">
            {t(`freeRounds.status.${grant.status}`)}
          </Badge>
        </Group>
        <Text size="sm">{t('freeRounds.summary', { game, stake: moneyText(grant.stakeMinor, symbol) })}</Text>
        <Text size="sm" data-testid={`free-round-${grant.id}-left`} data-left={grant.roundsLeft}>
          {t('freeRounds.left', { left: grant.roundsLeft, total: grant.roundsTotal })}
        </Text>
        {BigInt(grant.wonMinor) > 0n ? (
          <Text size="xs" c="dimmed">
            {t('freeRounds.won', { amount: moneyText(grant.wonMinor, symbol) })}
          </Text>
        ) : null}
        {playable ? (
          <Group>
            <Button
              component={Link}
              to={to}
              aria-describedby={titleId}
              data-testid={`free-round-${grant.id}-play`}
            >
              {t('freeRounds.play')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

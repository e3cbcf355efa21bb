import type { Round } from '@lotus/shared/originals.schema';
import { Anchor, Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { originalsApi } from '../api/originals-api.ts';
import { ROUNDS_KEY } from '../hooks/use-play-round.ts';
import { gameNameOf } from '../utils/games.ts';
import { money } from '../utils/money.ts';
import { rememberOutcome, verifyHref } from '../utils/verify-link.ts';

/** Issue 17 "last game recall": every in-house game shows the player's last ten rounds of that game. */
export const RECALL_ROUNDS = 10;

type RoundHistoryProps = { sessionToken: string; currencySymbol: string; gameCode: string };

/**
 * The player's last ten rounds of this game, newest first, each with a link to verify it once its seed is
 * revealed; the full record is the member centre's betting record. Memoised: a screen that re-renders every
 * second (fishing's batches) re-renders the table only when its rounds change.
 */
export const RoundHistory = memo(function RoundHistory({
  sessionToken,
  currencySymbol,
  gameCode,
}: RoundHistoryProps) {
  const { t, i18n } = useTranslation('originals');
  const location = useLocation();
  const rounds = useQuery({
    queryKey: [...ROUNDS_KEY(sessionToken), 'recall', gameCode],
    queryFn: () => originalsApi.rounds(sessionToken, 1, RECALL_ROUNDS, gameCode),
    placeholderData: keepPreviousData,
  });

  if (rounds.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (rounds.isError) {
    const code = rounds.error instanceof ApiError ? rounds.error.code : 'unknown_error';
    return (
      <Group gap="xs">
        <Text c="red" size="sm" role="alert">
          {t(`errors:${code}`, { defaultValue: t('errors:unknown_error') })}
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void rounds.refetch()}>
          {t('retry')}
        </Button>
      </Group>
    );
  }
  const list = rounds.data.list;
  if (list.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="history-empty">
        {t('history.empty')}
      </Text>
    );

  const back = `${location.pathname}${location.search}`;
  const verifyLink = (round: Round) => {
    const href = verifyHref(round);
    if (!href)
      return (
        <Text size="xs" c="dimmed">
          {t('history.rotateToVerify')}
        </Text>
      );
    return (
      <Anchor
        component={Link}
        to={`${href}&back=${encodeURIComponent(back)}`}
        size="sm"
        onClick={() => rememberOutcome(round)}
        data-testid="verify-link"
      >
        {t('history.verify')}
      </Anchor>
    );
  };

  return (
    <div data-testid="round-history">
      <Table.ScrollContainer minWidth={520}>
        <Table striped verticalSpacing={4} fz="sm">
          <Table.Caption data-testid="history-caption">
            {t('history.lastRounds', { count: RECALL_ROUNDS })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.time')}</Table.Th>
              <Table.Th>{t('history.game')}</Table.Th>
              <Table.Th>{t('history.nonce')}</Table.Th>
              <Table.Th>{t('history.stake')}</Table.Th>
              <Table.Th>{t('history.payout')}</Table.Th>
              <Table.Th>{t('history.check')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((round) => (
              <Table.Tr key={round.roundId} data-testid="history-row">
                <Table.Td>
                  {formatDateTime(round.createdAt)}
                  {round.trial ? (
                    <Badge size="xs" ml={4} variant="light">
                      {t('demo')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td data-testid="history-game" data-game={round.gameCode}>
                  {gameNameOf(round.gameCode, i18n.language)}
                </Table.Td>
                <Table.Td>{round.nonce}</Table.Td>
                <Table.Td>{money(round.stakeMinor, currencySymbol)}</Table.Td>
                <Table.Td c={BigInt(round.payoutMinor) > 0n ? 'teal' : undefined}>
                  {money(round.payoutMinor, currencySymbol)}
                </Table.Td>
                <Table.Td>{verifyLink(round)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
});

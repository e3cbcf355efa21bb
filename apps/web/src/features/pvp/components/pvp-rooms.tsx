import type { PvpRoomListItem } from '@lotus/shared/pvp.schema';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { roomsQuery } from '../api/rooms.ts';
import { usePvpSymbol } from '../hooks/use-pvp-symbol.ts';

/** The query parameter of /pvp that opens a room's table (`/pvp?room=tp-low`). */
export const ROOM_PARAM = 'room';

function RoomCard({ room, symbol, onSit }: { room: PvpRoomListItem; symbol: string; onSit: () => void }) {
  const { t } = useTranslation('pvp');
  const money = (minor: string) => moneyText(minor, symbol);
  const full = room.seatsTaken >= room.seatsTotal;
  return (
    <Card withBorder radius="md" padding="md" data-testid="pvp-room" data-room={room.roomCode}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} truncate>
            {room.name}
          </Text>
          <Badge
            variant="light"
            color={room.state === 'playing' ? 'green' : 'gray'}
            style={{ flexShrink: 0 }}
          >
            {t(`rooms.states.${room.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`kinds.${room.gameKind}`)}
        </Text>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}>
          <Text component="dt" size="sm" c="dimmed">
            {t(room.stakes.kind === 'rummy' ? 'rooms.pointValue' : 'rooms.stakes')}
          </Text>
          <Text component="dd" size="sm" m={0} data-testid="pvp-room-boot">
            {money(room.stakes.kind === 'rummy' ? room.stakes.pointValueMinor : room.stakes.bootMinor)}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            {t('rooms.buyIn')}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {money(room.stakes.minBuyInMinor)} – {money(room.stakes.maxBuyInMinor)}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            {t('rooms.seats')}
          </Text>
          <Text component="dd" size="sm" m={0} data-testid="pvp-room-seats">
            {t('rooms.seatsTaken', { taken: room.seatsTaken, total: room.seatsTotal })}
          </Text>
        </dl>
        <Button
          onClick={onSit}
          aria-label={t('rooms.sitLabel', { name: room.name })}
          variant={full ? 'default' : 'filled'}
          data-testid="pvp-room-sit"
        >
          {t('rooms.sit')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The in-house card rooms (issue 22) on top of /pvp's vendor games: every room of `GLS2_roomList` with its
 * boot, buy-in range, seats and state; "Sit" opens the table (`?room=`). A visitor is asked to log in: the
 * list and the tables are per member.
 */
export function PvpRooms() {
  const { t, i18n } = useTranslation('pvp');
  const session = useSession();
  const symbol = usePvpSymbol();
  const [, setSearchParams] = useSearchParams();
  const rooms = useQuery({ ...roomsQuery(toBrandLanguage(i18n.language)), enabled: session.token !== null });
  const open = (roomCode: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(ROOM_PARAM, roomCode);
      return next;
    });

  let body: ReactNode;
  if (session.token === null) {
    body = (
      <LoginRequired
        title={t('rooms.loginTitle')}
        description={t('rooms.loginText')}
        actionLabel={t('rooms.login')}
      />
    );
  } else if (rooms.status === 'pending') {
    body = <LoadingRows rows={2} height={120} testId="pvp-rooms-loading" />;
  } else if (rooms.status === 'error') {
    body = <LoadFailed error={rooms.error} onRetry={() => void rooms.refetch()} testId="pvp-rooms-error" />;
  } else if (rooms.data.length === 0) {
    body = <EmptyBlock title={t('rooms.empty')} testId="pvp-rooms-empty" />;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {rooms.data.map((room) => (
          <RoomCard key={room.roomCode} room={room} symbol={symbol} onSit={() => open(room.roomCode)} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="pvp-rooms-title" data-testid="pvp-rooms">
      <div>
        <Title order={2} size="h3" id="pvp-rooms-title">
          {t('rooms.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('rooms.subtitle')} · {t('botPolicy')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}

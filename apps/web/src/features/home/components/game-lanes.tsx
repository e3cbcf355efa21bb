import type { GameCard, Lane } from '@lotus/shared/games.schema';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { GameTile } from '../../../components/games/game-tile.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { useLaunchGame } from '../../../lib/games/use-launch-game.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useHomeLanes } from '../api/get-lanes.ts';
import classes from './game-lanes.module.css';

const SKELETON_LANES = 2;
const SKELETON_TILES = 6;

/**
 * The home page's game lanes (SPEC §3 "Lane"): each a titled row of game tiles that scrolls sideways, with a
 * "more" link to the lane's page. Skeleton lanes while they load, an error with retry; no lanes (or only
 * empty ones) shows nothing at all, rather than an empty promise of games.
 */
export function GameLanes() {
  const { t } = useTranslation('content');
  const lanes = useHomeLanes();
  const launch = useLaunchGame();

  if (lanes.isPending) {
    return (
      <Stack
        gap="lg"
        role="status"
        aria-busy="true"
        aria-label={t('home.lanesLoading')}
        data-testid="home-lanes-loading"
      >
        {Array.from({ length: SKELETON_LANES }, (_, lane) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Stack key={lane} gap="sm">
            <Skeleton height={22} width={160} radius="sm" />
            <ul className={classes.row}>
              {Array.from({ length: SKELETON_TILES }, (_, tile) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                <li key={tile}>
                  <Skeleton radius="md" className={classes.skeletonTile} />
                </li>
              ))}
            </ul>
          </Stack>
        ))}
      </Stack>
    );
  }

  if (lanes.isError) {
    return (
      <Alert
        color="red"
        icon={<AlertIcon size={18} />}
        title={t('home.lanesError')}
        role="alert"
        data-testid="home-lanes-error"
      >
        <Button size="xs" variant="light" color="red" onClick={() => void lanes.refetch()}>
          {t('home.lanesRetry')}
        </Button>
      </Alert>
    );
  }

  const shown = lanes.data.filter((lane) => lane.cards.length > 0);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xl" data-testid="home-lanes">
      {shown.map((lane, index) => (
        <GameLane
          // biome-ignore lint/suspicious/noArrayIndexKey: lanes carry no id and titles and pages may repeat; the list is replaced whole.
          key={`${index}:${lane.page}`}
          lane={lane}
          titleId={`home-lane-${index}-title`}
          onPlay={launch}
        />
      ))}
    </Stack>
  );
}

function GameLane({
  lane,
  titleId,
  onPlay,
}: {
  lane: Lane;
  titleId: string;
  onPlay: (card: GameCard, options: { trial: boolean }) => void;
}) {
  const { t } = useTranslation('content');
  return (
    <Stack
      component="section"
      gap="sm"
      aria-labelledby={titleId}
      data-testid="home-lane"
      data-page={lane.page}
    >
      <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          {lane.title}
        </Title>
        {lane.page ? (
          <Anchor
            component={Link}
            to={lane.page}
            size="sm"
            fw={600}
            // The visible "See all" begins the name, which says which lane and how many (WCAG 2.5.3).
            aria-label={t('home.moreLabel', { count: lane.gameCount, lane: lane.title })}
            data-testid="home-lane-more"
          >
            <Text span inherit style={{ whiteSpace: 'nowrap' }}>
              {t('home.more')}
            </Text>
          </Anchor>
        ) : null}
      </Group>
      <ul className={classes.row} aria-labelledby={titleId}>
        {lane.cards.map((card) => (
          <li key={card.nodeId}>
            <GameTile card={card} onPlay={onPlay} />
          </li>
        ))}
      </ul>
    </Stack>
  );
}

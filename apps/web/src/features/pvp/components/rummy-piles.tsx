import type { PvpRummy } from '@lotus/shared/pvp.schema';
import { Button, Text } from '@mantine/core';
import { PlayingCard } from '../../../components/games/playing-card.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './pvp.module.css';
import { RummyCardFace, useRummyCardName } from './rummy-card.tsx';

/** The cut card (wild joker), the closed pile (face down, its count) and the open pile's top, with the draws. */
export function RummyPiles({
  rummy,
  busy,
  onDraw,
}: {
  rummy: PvpRummy;
  busy: boolean;
  onDraw: (from: 'closed' | 'open') => void;
}) {
  const { t } = useTranslation('pvp');
  const nameOf = useRummyCardName(rummy.wildRank);
  const { choices } = rummy;
  return (
    <div className={classes.rummyPiles} data-testid="rummy-piles">
      {rummy.wildCard !== null ? (
        <div className={classes.rummyPile}>
          <Text size="xs" fw={600}>
            {t('rummy.wild')}
          </Text>
          <span data-testid="rummy-wild">
            <RummyCardFace
              id={rummy.wildCard}
              wildRank={rummy.wildRank}
              size={40}
              label={nameOf(rummy.wildCard)}
            />
          </span>
        </div>
      ) : null}
      <div className={classes.rummyPile}>
        <Text size="xs" fw={600}>
          {t('rummy.closed')}
        </Text>
        <PlayingCard rank={null} suit={null} faceUp={false} size={40} />
        <Text size="xs" c="dimmed" data-testid="rummy-closed-count">
          {t('rummy.pileCount', { count: rummy.closedCount })}
        </Text>
        {choices.canDrawClosed ? (
          <Button
            size="compact-sm"
            onClick={() => onDraw('closed')}
            disabled={busy}
            data-testid="rummy-draw-closed"
          >
            {t('rummy.drawClosed')}
          </Button>
        ) : null}
      </div>
      <div className={classes.rummyPile}>
        <Text size="xs" fw={600}>
          {t('rummy.open')}
        </Text>
        {rummy.openTop !== null ? (
          <span data-testid="rummy-open-top" data-card={rummy.openTop}>
            <RummyCardFace
              id={rummy.openTop}
              wildRank={rummy.wildRank}
              size={40}
              label={nameOf(rummy.openTop)}
            />
          </span>
        ) : (
          <Text size="xs">{t('rummy.openEmpty')}</Text>
        )}
        {choices.canDrawOpen && rummy.openTop !== null ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onDraw('open')}
            disabled={busy}
            data-testid="rummy-draw-open"
          >
            {t('rummy.drawOpen', { card: nameOf(rummy.openTop) })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

import type { GameCard } from '@lotus/shared/games.schema';
import { ActionIcon, Badge, Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useFavourite } from '../../lib/games/use-favourite.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { GameFallbackIcon, HeartIcon, PlayIcon } from '../ui/icons.tsx';
import { gameColourClass } from './colour-class.ts';
import classes from './game-tile.module.css';

type GameTileProps = {
  card: GameCard;
  onPlay: (card: GameCard, options: { trial: boolean }) => void;
};

/**
 * SPEC §2 "Game tile": lazy artwork (a default icon if it fails), name, vendor logo, hot / new badges,
 * play button, a free-trial button when supportPlay is 0, the favourite heart, and the game's session
 * colour class.
 */
export function GameTile({ card, onPlay }: GameTileProps) {
  const { t } = useTranslation('games');
  const [imageFailed, setImageFailed] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  const colour = useMemo(() => gameColourClass(card.nodeId), [card.nodeId]);
  const { favourite, toggle } = useFavourite(card);
  const showImage = card.iconUrl !== null && card.iconUrl !== '' && !imageFailed;

  return (
    <article
      className={classes.tile}
      data-testid="game-tile"
      data-node-id={card.nodeId}
      data-colour={colour}
      aria-label={card.gameName}
    >
      <div className={`${classes.art} ${colour}`}>
        {showImage ? (
          <img
            className={classes.image}
            src={card.iconUrl ?? undefined}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => setImageFailed(true)}
            data-testid="game-tile-image"
          />
        ) : (
          <GameFallbackIcon size={56} className={classes.fallback} data-testid="game-tile-fallback" />
        )}
        <div className={classes.badges}>
          {card.isHot === 1 ? (
            <Badge size="xs" color="red" variant="filled">
              {t('badge.hot')}
            </Badge>
          ) : null}
          {card.isNew === 1 ? (
            <Badge size="xs" color="teal" variant="filled">
              {t('badge.new')}
            </Badge>
          ) : null}
          {card.maintenance ? (
            <Badge size="xs" color="orange" variant="filled">
              {t('badge.maintenance')}
            </Badge>
          ) : null}
        </div>
        <ActionIcon
          className={classes.heart}
          variant="white"
          color="red"
          radius="xl"
          size="lg"
          aria-pressed={favourite}
          aria-label={t(favourite ? 'favourite.remove' : 'favourite.add', { game: card.gameName })}
          onClick={toggle}
          data-testid="game-tile-favourite"
        >
          <HeartIcon filled={favourite} />
        </ActionIcon>
        {card.vendorLogoUrl && !logoFailed ? (
          <img
            className={classes.vendorLogo}
            src={card.vendorLogoUrl}
            alt={card.vendorName}
            loading="lazy"
            onError={() => setLogoFailed(true)}
          />
        ) : null}
      </div>
      <div className={classes.body}>
        <div className={classes.name} title={card.gameName}>
          {card.gameName}
        </div>
        <div className={classes.actions}>
          <Button
            size="compact-sm"
            leftSection={<PlayIcon size={14} />}
            aria-label={t('tile.playGame', { game: card.gameName })}
            onClick={() => onPlay(card, { trial: false })}
            data-testid="game-tile-play"
          >
            {t('tile.play')}
          </Button>
          {card.supportPlay === 0 ? (
            <Button
              size="compact-sm"
              variant="default"
              aria-label={t('tile.trialGame', { game: card.gameName })}
              onClick={() => onPlay(card, { trial: true })}
              data-testid="game-tile-trial"
            >
              {t('tile.trial')}
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

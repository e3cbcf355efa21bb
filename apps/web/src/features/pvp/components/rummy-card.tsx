import { isJoker, rummyCard } from '@lotus/games/pvp/rummy-melds';
import { PlayingCard, useCardName } from '../../../components/games/playing-card.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './pvp.module.css';

/** A Rummy card's spoken name: "Queen of hearts, joker" (a wild-rank card), "Joker" (a printed one). */
export function useRummyCardName(wildRank: number | null) {
  const { t } = useTranslation('pvp');
  const cardName = useCardName();
  return (id: number) => {
    const face = rummyCard(id);
    if (!face) return t('rummy.printedJoker');
    const name = cardName(face.rank, face.suit);
    return wildRank !== null && isJoker(id, wildRank) ? `${name}, ${t('rummy.jokerMark')}` : name;
  };
}

/** A Rummy card face up: a printed joker as its own tile, a wild-rank card marked as a joker. */
export function RummyCardFace({
  id,
  wildRank,
  size,
  label,
}: {
  id: number;
  wildRank: number | null;
  size: number;
  label: string;
}) {
  const { t } = useTranslation('pvp');
  const face = rummyCard(id);
  const joker = wildRank !== null && isJoker(id, wildRank);
  return (
    <span className={classes.rummyCardFace} data-joker={joker || undefined}>
      {face ? (
        <PlayingCard rank={face.rank} suit={face.suit} faceUp size={size} label={label} />
      ) : (
        <span className={classes.printedJoker} style={{ width: size }} role="img" aria-label={label}>
          {t('rummy.printedJoker')}
        </span>
      )}
      {joker ? (
        <span className={classes.jokerMark} aria-hidden="true">
          J
        </span>
      ) : null}
    </span>
  );
}

/** One card of the viewer's hand: a toggle button (selected or not), by click or keyboard. */
export function RummyCardButton({
  id,
  wildRank,
  selected,
  onToggle,
}: {
  id: number;
  wildRank: number | null;
  selected: boolean;
  onToggle: (id: number) => void;
}) {
  const name = useRummyCardName(wildRank)(id);
  return (
    <button
      type="button"
      className={classes.rummyCardButton}
      aria-pressed={selected}
      aria-label={name}
      data-selected={selected}
      data-card={id}
      data-testid="rummy-card"
      onClick={() => onToggle(id)}
    >
      <RummyCardFace id={id} wildRank={wildRank} size={44} label={name} />
    </button>
  );
}

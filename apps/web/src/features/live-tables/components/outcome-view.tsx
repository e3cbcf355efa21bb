import type { LiveCard, LiveOutcome, LivePhase } from '@lotus/shared/live.schema';
import { Group, Stack, Text } from '@mantine/core';
import { PlayingCard } from '../../../components/games/playing-card.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useReveal } from '../hooks/use-reveal.ts';
import { Die } from './dice.tsx';
import classes from './live-tables.module.css';

/** Baccarat points of the cards shown so far (10, J, Q, K count 0). */
export const baccaratPoints = (cards: readonly LiveCard[]) =>
  cards.reduce((sum, card) => sum + (card.rank >= 10 ? 0 : card.rank), 0) % 10;

function CardRow({
  label,
  cards,
  shown,
  points,
  winner,
  testId,
}: {
  label: string;
  cards: LiveCard[];
  /** How many of `cards` are face up. */
  shown: number;
  points?: number;
  winner: boolean;
  testId: string;
}) {
  const { t } = useTranslation('liveTables');
  return (
    <Stack gap={4} className={classes.hand} data-winner={winner || undefined} data-testid={testId}>
      <Text fw={700} size="sm">
        {label}
        {points !== undefined ? ` · ${t('points', { points })}` : ''}
      </Text>
      <div className={classes.cards}>
        {/* The next card to come lies face down, so it flips as it is revealed; later ones are not out yet. */}
        {cards.slice(0, shown + 1).map((card, index) => (
          <PlayingCard
            // The deal order is fixed: a card's place never changes within a round.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            rank={card.rank}
            suit={card.suit}
            faceUp={index < shown}
            size={56}
            testId={`${testId}-card-${index}`}
          />
        ))}
      </div>
    </Stack>
  );
}

/** Baccarat deals player, banker, player, banker, then each third card: how many of each side are out. */
function baccaratShown(shown: number, player: number, banker: number): [number, number] {
  const order = ['p', 'b', 'p', 'b'];
  if (player > 2) order.push('p');
  if (banker > 2) order.push('b');
  const out = order.slice(0, shown);
  return [
    Math.min(player, out.filter((side) => side === 'p').length),
    Math.min(banker, out.filter((side) => side === 'b').length),
  ];
}

type Props = { outcome: LiveOutcome; phase: LivePhase; roundId: string };

/**
 * The round's cards, dice or pocket: from `dealing` on the snapshot carries the whole outcome, and the
 * screen brings it out piece by piece (cards flip one by one); the winner is lit once all is out.
 */
export function OutcomeView({ outcome, phase, roundId }: Props) {
  const { t } = useTranslation('liveTables');
  const dealing = phase === 'dealing';
  const total =
    outcome.game === 'baccarat'
      ? outcome.player.length + outcome.banker.length
      : outcome.game === 'dragon-tiger'
        ? 2
        : outcome.game === 'andar-bahar'
          ? 1 + outcome.andar.length + outcome.bahar.length
          : outcome.game === 'sic-bo'
            ? 3
            : 1;
  const shown = useReveal(total, dealing, roundId);
  const done = shown >= total;
  return (
    <div className={classes.outcome} data-testid="live-outcome" data-done={done || undefined}>
      {outcome.game === 'baccarat' ? (
        <BaccaratOutcome outcome={outcome} shown={shown} done={done} />
      ) : outcome.game === 'dragon-tiger' ? (
        <Group gap="lg" justify="center" wrap="wrap">
          <CardRow
            label={t('spots.dragon')}
            cards={[outcome.dragon]}
            shown={Math.min(1, shown)}
            winner={done && outcome.winner === 'dragon'}
            testId="hand-dragon"
          />
          <CardRow
            label={t('spots.tiger')}
            cards={[outcome.tiger]}
            shown={Math.max(0, shown - 1)}
            winner={done && outcome.winner === 'tiger'}
            testId="hand-tiger"
          />
        </Group>
      ) : outcome.game === 'andar-bahar' ? (
        <AndarBaharOutcome outcome={outcome} shown={shown} done={done} />
      ) : outcome.game === 'sic-bo' ? (
        <Group gap="sm" justify="center" data-testid="live-dice">
          {outcome.dice.slice(0, shown).map((face, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: three dice, in their rolled order
            <Die key={index} face={face} label={t('die', { n: face })} />
          ))}
          {done ? <Text fw={700}>{t('total', { n: outcome.total })}</Text> : null}
        </Group>
      ) : (
        <Group justify="center">
          {done ? (
            <span
              className={classes.pocket}
              data-tone={outcome.colour}
              data-testid="live-pocket"
              role="img"
              aria-label={t('pocket', { n: outcome.pocket, colour: t(`colours.${outcome.colour}`) })}
            >
              {outcome.pocket}
            </span>
          ) : (
            <Text>{t('spinning')}</Text>
          )}
        </Group>
      )}
      {done ? (
        <Text ta="center" fw={700} mt="xs" data-testid="live-winner">
          {winnerText(outcome, t)}
        </Text>
      ) : null}
    </div>
  );
}

/** The round's result in words ("Banker wins 7 to 5"), the one the banner announces too. */
export function winnerText(
  outcome: LiveOutcome,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  switch (outcome.game) {
    case 'baccarat':
      return t(`win.${outcome.winner}`, { player: outcome.playerPoints, banker: outcome.bankerPoints });
    case 'dragon-tiger':
    case 'andar-bahar':
      return t(`win.${outcome.winner}`);
    case 'sic-bo':
      return t('win.dice', { dice: outcome.dice.join(' · '), total: outcome.total });
    case 'roulette':
      return t('pocket', { n: outcome.pocket, colour: t(`colours.${outcome.colour}`) });
  }
}

function BaccaratOutcome({
  outcome,
  shown,
  done,
}: {
  outcome: Extract<LiveOutcome, { game: 'baccarat' }>;
  shown: number;
  done: boolean;
}) {
  const { t } = useTranslation('liveTables');
  const [playerShown, bankerShown] = baccaratShown(shown, outcome.player.length, outcome.banker.length);
  return (
    <Group gap="lg" justify="center" wrap="wrap" align="flex-start">
      <CardRow
        label={t('spots.player')}
        cards={outcome.player}
        shown={playerShown}
        points={baccaratPoints(outcome.player.slice(0, playerShown))}
        winner={done && outcome.winner === 'player'}
        testId="hand-player"
      />
      <CardRow
        label={t('spots.banker')}
        cards={outcome.banker}
        shown={bankerShown}
        points={baccaratPoints(outcome.banker.slice(0, bankerShown))}
        winner={done && outcome.winner === 'banker'}
        testId="hand-banker"
      />
    </Group>
  );
}

function AndarBaharOutcome({
  outcome,
  shown,
  done,
}: {
  outcome: Extract<LiveOutcome, { game: 'andar-bahar' }>;
  shown: number;
  done: boolean;
}) {
  const { t } = useTranslation('liveTables');
  // After the joker the cards alternate Andar, Bahar, Andar …
  const dealt = Math.max(0, shown - 1);
  return (
    <Stack gap="xs" align="center">
      <CardRow
        label={t('joker')}
        cards={[outcome.joker]}
        shown={Math.min(1, shown)}
        winner={false}
        testId="joker"
      />
      <CardRow
        label={t('spots.andar')}
        cards={outcome.andar}
        shown={Math.ceil(dealt / 2)}
        winner={done && outcome.winner === 'andar'}
        testId="hand-andar"
      />
      <CardRow
        label={t('spots.bahar')}
        cards={outcome.bahar}
        shown={Math.floor(dealt / 2)}
        winner={done && outcome.winner === 'bahar'}
        testId="hand-bahar"
      />
    </Stack>
  );
}

import type { AndarBaharOutcome, BaccaratOutcome, Card, SicBoOutcome } from '@lotus/games/types';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { PlayingCard, useCardName } from '../../../components/games/playing-card.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './originals.module.css';

/** Pips of a die face 1–6 on a 3×3 grid (cx, cy in a 60×60 box). */
const PIPS: Record<number, [number, number][]> = {
  1: [[30, 30]],
  2: [
    [16, 16],
    [44, 44],
  ],
  3: [
    [16, 16],
    [30, 30],
    [44, 44],
  ],
  4: [
    [16, 16],
    [44, 16],
    [16, 44],
    [44, 44],
  ],
  5: [
    [16, 16],
    [44, 16],
    [30, 30],
    [16, 44],
    [44, 44],
  ],
  6: [
    [16, 14],
    [44, 14],
    [16, 30],
    [44, 30],
    [16, 46],
    [44, 46],
  ],
};

/** A die drawn in SVG (never a font glyph); `face` null = still rolling. */
export function Die({ face, label }: { face: number | null; label: string }) {
  return (
    <svg
      viewBox="0 0 60 60"
      className={classes.die}
      role="img"
      aria-label={label}
      data-face={face ?? undefined}
    >
      <rect
        x="3"
        y="3"
        width="54"
        height="54"
        rx="11"
        fill={face ? '#fffdf7' : '#dee2e6'}
        stroke="#862e9c"
        strokeWidth="3"
      />
      {(face ? (PIPS[face] ?? []) : []).map(([cx, cy]) => (
        <circle
          key={`${cx}-${cy}`}
          cx={cx}
          cy={cy}
          r="5.5"
          fill={face === 1 || face === 4 ? '#c92a2a' : '#212529'}
        />
      ))}
    </svg>
  );
}

const DICE_POSITIONS = ['first', 'second', 'third'] as const;

export function SicBoTable({ outcome, step }: { outcome: SicBoOutcome | null; step: number }) {
  const { t } = useTranslation('originals');
  const dice = outcome?.dice ?? [null, null, null];
  return (
    <Stack gap={6} align="center">
      <Group gap="sm" justify="center">
        {dice.map((face, i) => {
          const position = DICE_POSITIONS[i] ?? 'third';
          const shown = face !== null && i < step ? face : null;
          return (
            <Die
              key={position}
              face={shown}
              label={shown ? t('sicBo.die', { n: i + 1, face: shown }) : t('sicBo.rolling', { n: i + 1 })}
            />
          );
        })}
      </Group>
      {outcome && step >= 3 ? (
        <Text fw={700} data-testid="sic-bo-total">
          {t('sicBo.total', { total: outcome.total })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The order a baccarat coup's cards come out: player, banker, player, banker, then the third cards. */
export function baccaratDealOrder(outcome: BaccaratOutcome): { side: 'player' | 'banker'; index: number }[] {
  const order: { side: 'player' | 'banker'; index: number }[] = [
    { side: 'player', index: 0 },
    { side: 'banker', index: 0 },
    { side: 'player', index: 1 },
    { side: 'banker', index: 1 },
  ];
  if (outcome.player.length > 2) order.push({ side: 'player', index: 2 });
  if (outcome.banker.length > 2) order.push({ side: 'banker', index: 2 });
  return order;
}

function Hand({
  cards,
  faceUp,
  label,
  testId,
}: {
  cards: (Card | null)[];
  faceUp: boolean[];
  label: string;
  testId: string;
}) {
  const cardName = useCardName();
  return (
    <Group gap={4} justify="center" wrap="nowrap" data-testid={testId}>
      {cards.map((card, i) => (
        <PlayingCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a hand's cards by position.
          key={i}
          rank={card?.rank ?? null}
          suit={card?.suit ?? null}
          faceUp={faceUp[i] ?? false}
          size={48}
          label={card && faceUp[i] ? `${label}: ${cardName(card.rank, card.suit)}` : undefined}
        />
      ))}
    </Group>
  );
}

export function BaccaratTable({ outcome, step }: { outcome: BaccaratOutcome | null; step: number }) {
  const { t } = useTranslation('originals');
  const order = outcome ? baccaratDealOrder(outcome) : [];
  const dealt = order.slice(0, step);
  const upOf = (side: 'player' | 'banker', n: number) =>
    Array.from({ length: n }, (_, i) => dealt.some((d) => d.side === side && d.index === i));
  const done = outcome !== null && step >= order.length;
  return (
    <div className={classes.dtTable}>
      {(['player', 'banker'] as const).map((side, index) => {
        const cards = outcome ? outcome[side] : [null, null];
        return (
          <div
            key={side}
            className={classes.side}
            style={{ gridColumn: index === 0 ? 1 : 3 }}
            data-winner={done && outcome?.winner === side ? true : undefined}
            data-testid={`baccarat-${side}`}
          >
            <Text fw={700}>{t(`baccarat.spots.${side}`)}</Text>
            <Hand
              cards={cards}
              faceUp={upOf(side, cards.length)}
              label={t(`baccarat.spots.${side}`)}
              testId={`baccarat-hand-${side}`}
            />
            {done && outcome ? (
              <Badge color={side === 'player' ? 'blue' : 'red'} data-testid={`baccarat-points-${side}`}>
                {t('baccarat.points', { n: side === 'player' ? outcome.playerPoints : outcome.bankerPoints })}
              </Badge>
            ) : null}
          </div>
        );
      })}
      <Text
        style={{ gridColumn: 2, gridRow: 1 }}
        fw={700}
        c={done && outcome?.winner === 'tie' ? 'yellow' : 'dimmed'}
      >
        {done && outcome?.winner === 'tie' ? t('baccarat.spots.tie') : t('dt.vs')}
      </Text>
    </div>
  );
}

/** How many of a side's latest cards the table shows (a long round would not fit a phone). */
const SHOWN_CARDS = 5;

export function AndarBaharTable({ outcome, step }: { outcome: AndarBaharOutcome | null; step: number }) {
  const { t } = useTranslation('originals');
  const cardName = useCardName();
  // Step 1 turns the joker; then andar, bahar, andar … one card a step.
  const dealtAfterJoker = Math.max(0, step - 1);
  const count = (side: 'andar' | 'bahar') => {
    const n = side === 'andar' ? Math.ceil(dealtAfterJoker / 2) : Math.floor(dealtAfterJoker / 2);
    return Math.min(n, outcome ? outcome[side].length : 0);
  };
  const done = outcome !== null && step >= 1 + outcome.andar.length + outcome.bahar.length;
  return (
    <Stack gap="xs" align="center">
      <Stack gap={2} align="center">
        <Text size="sm" fw={700}>
          {t('andarBahar.joker')}
        </Text>
        <PlayingCard
          rank={outcome?.joker.rank ?? null}
          suit={outcome?.joker.suit ?? null}
          faceUp={outcome !== null && step >= 1}
          size={56}
          testId="ab-joker"
          label={
            outcome && step >= 1
              ? `${t('andarBahar.joker')}: ${cardName(outcome.joker.rank, outcome.joker.suit)}`
              : undefined
          }
        />
      </Stack>
      {(['andar', 'bahar'] as const).map((side) => {
        const n = count(side);
        const cards = outcome ? outcome[side].slice(0, n) : [];
        const shown = cards.slice(-SHOWN_CARDS);
        return (
          <div
            key={side}
            className={classes.abRow}
            data-winner={done && outcome?.winner === side ? true : undefined}
            data-testid={`ab-side-${side}`}
          >
            <Text fw={700} size="sm" className={classes.abLabel}>
              {t(`andarBahar.spots.${side}`)}
              <Text span size="xs" c="dimmed">
                {' '}
                ({n})
              </Text>
            </Text>
            <Group gap={3} wrap="nowrap">
              {shown.map((card, i) => (
                <PlayingCard
                  key={`${card.rank}-${card.suit}`}
                  rank={card.rank}
                  suit={card.suit}
                  faceUp
                  size={36}
                  label={`${t(`andarBahar.spots.${side}`)} ${cards.length - shown.length + i + 1}: ${cardName(card.rank, card.suit)}`}
                />
              ))}
            </Group>
          </div>
        );
      })}
    </Stack>
  );
}

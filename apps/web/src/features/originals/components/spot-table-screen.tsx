import type { GameBet, GameOutcome } from '@lotus/games/types';
import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { wait } from '../hooks/use-reduced-motion.ts';
import { useResultStrip } from '../hooks/use-result-strip.ts';
import type { StudioSession } from '../hooks/use-studio-session.ts';
import { useTableRound } from '../hooks/use-table-round.ts';
import { money } from '../utils/money.ts';
import classes from './originals.module.css';
import { ResultStrip, RoundResult, type StripBadge, usePayText } from './round-result.tsx';
import { StudioFrame } from './studio-frame.tsx';
import { PlayRack, SpotButton } from './table-controls.tsx';

/** One place a chip can go: its key (the bet it makes), its name and what it pays. */
export type BetSpot = { key: string; label: string; pays: string; colour: string };

/** A chip stack on a spot (the slip's shape; the screen turns it into the game's bets when it plays). */
export type SpotBet = { spot: string; amountMinor: string };

/** The outcomes of a spots game: settled bets with what each paid. */
type SpotOutcome = Extract<GameOutcome, { bets: unknown[] }>;

type SpotTableScreenProps<O extends SpotOutcome> = {
  session: OriginalsSession;
  studio: StudioSession;
  gameName: string;
  /** The outcome's `game` (the result strip keeps this game's rounds). */
  game: O['game'];
  spots: BetSpot[];
  /** The round's bet from the chips on the table. */
  toBet: (bets: SpotBet[]) => GameBet;
  /** The table's drawing: the dice or cards of `outcome` (null before the first round), revealed as `step` grows. */
  table: (outcome: O | null, step: number) => ReactNode;
  /** How many reveal steps a round has (cards dealt one by one, dice landing). */
  steps: (outcome: O) => number;
  /** The outcome in words (announced, and shown with the pay). */
  resultText: (outcome: O) => string;
  winner: (outcome: O) => string;
  badge: (outcome: Record<string, unknown>) => StripBadge;
  rules: ReactNode;
  spotColumns?: number;
};

/**
 * Issue 22: the studio's single-player table games of spots (sic bo, baccarat, andar bahar) on one frame —
 * chips on spots, undo / clear / rebet (bets never carry over silently), the deal or roll revealed step by
 * step from the outcome, the winning spots lit, the last results — like the dragon tiger screen.
 */
export function SpotTableScreen<O extends SpotOutcome>(props: SpotTableScreenProps<O>) {
  const { session, studio, gameName, game, spots, toBet, table, steps, resultText, winner, badge, rules } =
    props;
  const { t } = useTranslation('originals');
  const { round, slip, reducedMotion, mounted } = useTableRound<SpotBet>(session, studio);
  const { play, busy, clearError, setLocalError } = round;
  const { chip, bets } = slip;
  const payText = usePayText(session.currencySymbol);
  const [dealing, setDealing] = useState<{ roundId: string; outcome: O } | null>(null);
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState<O | null>(null);
  const [heldBalance, setHeldBalance] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const strip = useResultStrip(session.sessionToken, dealing?.roundId ?? null);
  const labelOf = (key: string) => spots.find((s) => s.key === key)?.label ?? key;

  const placeOn = (spot: string) => {
    setLocalError(null);
    clearError();
    slip.change((current) =>
      current.some((b) => b.spot === spot)
        ? current.map((b) =>
            b.spot === spot ? { ...b, amountMinor: (BigInt(b.amountMinor) + BigInt(chip)).toString() } : b,
          )
        : [...current, { spot, amountMinor: chip }],
    );
    setAnnouncement(t('table.placed', { spot: labelOf(spot), amount: money(chip, session.currencySymbol) }));
  };

  const deal = async (toPlay: SpotBet[] = bets) => {
    setLocalError(null);
    setShown(null);
    setStep(0);
    const result = await play(toBet(toPlay));
    if (!result || !mounted.current) return;
    const outcome = result.round.outcome as unknown as O;
    setHeldBalance((BigInt(result.balanceMinor) - BigInt(outcome.totalPayMinor)).toString());
    setDealing({ roundId: result.round.roundId, outcome });
    const total = steps(outcome);
    // Long deals (andar bahar) speed up so a round never drags: about 2.5 s whatever the cards.
    const pause = reducedMotion ? 0 : Math.max(90, Math.min(550, Math.floor(2500 / Math.max(1, total))));
    for (let k = 1; k <= total; k += 1) {
      await wait(pause);
      if (!mounted.current) return;
      setStep(k);
    }
    await wait(reducedMotion ? 0 : 450);
    if (!mounted.current) return;
    setShown(outcome);
    setDealing(null);
    slip.settle();
    setHeldBalance(null);
    setAnnouncement(`${resultText(outcome)} ${payText(outcome.totalPayMinor)}`);
  };

  const current = dealing?.outcome ?? shown;
  const inPlay = dealing !== null || busy;
  const won = new Set(
    ((shown?.bets ?? []) as { amountMinor: string; payMinor: string }[])
      .filter((b) => BigInt(b.payMinor) > BigInt(b.amountMinor))
      .map((b) => spotKeyOf(b)),
  );

  return (
    <StudioFrame
      busy={inPlay}
      balanceMinor={heldBalance ?? session.balanceMinor}
      announcement={announcement}
      rules={rules}
      {...{ session, gameName, round, studio }}
    >
      <div className={classes.stage}>
        <Stack gap="xs">
          <div data-testid={`${game}-table`}>{table(current, dealing ? step : Number.MAX_SAFE_INTEGER)}</div>
          {shown ? (
            <RoundResult
              text={resultText(shown)}
              payMinor={shown.totalPayMinor}
              currencySymbol={session.currencySymbol}
              testId={`${game}-result`}
              data={{ 'data-winner': winner(shown) }}
            />
          ) : null}
          <ResultStrip label={t('table.lastResults')} rounds={strip} game={game} badge={badge} />
        </Stack>
      </div>
      <div
        className={classes.betSpots}
        style={{ gridTemplateColumns: `repeat(${props.spotColumns ?? 3}, minmax(0, 1fr))` }}
      >
        {spots.map((spot) => {
          const bet = bets.find((b) => b.spot === spot.key) ?? null;
          return (
            <SpotButton
              key={spot.key}
              label={spot.label}
              pays={spot.pays}
              colour={spot.colour}
              amountMinor={bet?.amountMinor ?? null}
              repeated={bet !== null && slip.isRepeated(bet)}
              currencySymbol={session.currencySymbol}
              disabled={inPlay}
              onPlace={() => placeOn(spot.key)}
              testId={`spot-${spot.key}`}
              won={won.has(spot.key)}
            />
          );
        })}
      </div>
      <PlayRack
        slip={slip}
        currencySymbol={session.currencySymbol}
        locked={inPlay}
        onPlay={(toPlay) => void deal(toPlay)}
        playLabel={t('table.play')}
        repeatLabel={t('table.repeat')}
      />
    </StudioFrame>
  );
}

/** The spot key of a settled bet: its side or kind, and a sic bo bet's numbers ("total:9", "single:4"). */
export function spotKeyOf(bet: object): string {
  const { side, kind, numbers: raw } = bet as { side?: unknown; kind?: unknown; numbers?: unknown };
  const name = String(side ?? kind ?? '');
  const numbers = Array.isArray(raw) ? (raw as number[]) : [];
  return numbers.length > 0 ? `${name}:${numbers.join('-')}` : name;
}

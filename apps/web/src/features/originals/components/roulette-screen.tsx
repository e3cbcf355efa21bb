import { validateRouletteBet } from '@lotus/games/roulette';
import type { RouletteBet, RouletteBetKind, RouletteOutcome } from '@lotus/games/types';
import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { BetRack } from '../../../components/games/bet-rack.tsx';
import {
  addBet,
  betKey,
  colourOf,
  GRID_ROWS,
  INSIDE_KINDS,
  type InsideKind,
  insideNumbers,
  outsideNumbers,
  picksNeeded,
} from '../../../components/games/roulette-layout.ts';
import { useChipBets } from '../../../components/games/use-chip-bets.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { usePlayRound } from '../hooks/use-play-round.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { useResultStrip } from '../hooks/use-result-strip.ts';
import type { StudioSession } from '../hooks/use-studio-session.ts';
import { money } from '../utils/money.ts';
import classes from './originals.module.css';
import { RouletteWheel } from './roulette-wheel.tsx';
import { ResultStrip, RoundResult, usePayText } from './round-result.tsx';
import { StudioFrame } from './studio-frame.tsx';
import tableClasses from './table-games.module.css';

type RouletteScreenProps = { session: OriginalsSession; studio: StudioSession; gameName: string };

const OUTSIDE_ROW: { kind: RouletteBetKind; colour?: 'red' | 'black' }[] = [
  { kind: 'low' },
  { kind: 'even' },
  { kind: 'red', colour: 'red' },
  { kind: 'black', colour: 'black' },
  { kind: 'odd' },
  { kind: 'high' },
];

/**
 * European roulette: the whole layout (zero, the 1–36 grid in the real colours, columns, dozens and the
 * even chances). Inside bets other than a straight are placed with a bet-kind selector: a street or line
 * from one click, a split or corner by picking its numbers; every bet is checked by packages/games'
 * validateRouletteBet before it is placed.
 */
export function RouletteScreen({ session, studio, gameName }: RouletteScreenProps) {
  const { t } = useTranslation('originals');
  const reducedMotion = useReducedMotion();
  const round = usePlayRound(session, studio);
  const { play, busy, clearError, setLocalError } = round;
  const slip = useChipBets<RouletteBet>(session);
  const { chip, bets } = slip;
  const payText = usePayText(session.currencySymbol);
  const [insideKind, setInsideKind] = useState<InsideKind>('straight');
  const [picks, setPicks] = useState<number[]>([]);
  const [spinning, setSpinning] = useState(false);
  const [spin, setSpin] = useState<{ id: number; outcome: RouletteOutcome | null; roundId: string | null }>({
    id: 0,
    outcome: null,
    roundId: null,
  });
  const [shown, setShown] = useState<RouletteOutcome | null>(null);
  const [heldBalance, setHeldBalance] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const strip = useResultStrip(session.sessionToken, spinning ? spin.roundId : null);

  const place = (bet: Omit<RouletteBet, 'amountMinor'>) => {
    const numbers = validateRouletteBet(bet);
    if (!numbers) {
      setLocalError('bet_invalid');
      return;
    }
    setLocalError(null);
    clearError();
    slip.change((current) => addBet(current, { kind: bet.kind, numbers, amountMinor: chip }));
    setAnnouncement(
      t('roulette.placed', { bet: describe(bet.kind, numbers), amount: money(chip, session.currencySymbol) }),
    );
  };

  const describe = (kind: RouletteBetKind, numbers: number[]) =>
    `${t(`roulette.kinds.${kind}`)}${numbers.length > 0 && numbers.length <= 6 ? ` ${numbers.join('-')}` : ''}`;

  const clickNumber = (n: number) => {
    if (spinning) return;
    if (insideKind === 'basket') {
      place({ kind: 'basket', numbers: [0, 1, 2, 3] });
      return;
    }
    const next = picks.includes(n) ? picks.filter((p) => p !== n) : [...picks, n];
    const numbers = insideNumbers(insideKind, next);
    if (numbers === null) {
      setPicks(next);
      setAnnouncement(t('roulette.pickMore', { count: picksNeeded(insideKind, next) - next.length }));
      return;
    }
    setPicks([]);
    place({ kind: insideKind, numbers });
  };

  // The wheel keeps its latest onStopped, so this need not be a stable callback.
  const onStopped = () => {
    setSpinning(false);
    // The round is over: its bets become the last round's (for rebet) and the table is empty again.
    slip.settle();
    setShown(spin.outcome);
    setHeldBalance(null);
    const outcome = spin.outcome;
    if (!outcome) return;
    setAnnouncement(
      `${t('roulette.result', { pocket: outcome.pocket, colour: t(`roulette.colours.${outcome.colour}`) })} ${payText(
        outcome.totalPayMinor,
      )}`,
    );
  };

  /** Plays `toPlay` (the table, or the last round's bets for Repeat): the first time any bet is placed. */
  const spinWheel = async (toPlay: RouletteBet[] = bets) => {
    if (toPlay.length === 0) {
      setLocalError('bet_invalid');
      return;
    }
    setLocalError(null);
    setSpinning(true);
    setShown(null);
    const result = await play({ game: 'roulette', bets: toPlay });
    if (!result) {
      setSpinning(false);
      return;
    }
    const outcome = result.round.outcome as unknown as RouletteOutcome;
    setHeldBalance((BigInt(result.balanceMinor) - BigInt(outcome.totalPayMinor)).toString());
    setSpin((current) => ({ id: current.id + 1, outcome, roundId: result.round.roundId }));
  };

  const stakeOn = (kind: RouletteBetKind, numbers: number[]) => {
    const key = betKey({ kind, numbers });
    return bets.find((b) => betKey(b) === key) ?? null;
  };
  const hit = shown?.pocket;
  /** A bet's amount in words, "(repeated)" when Rebet put it there. */
  const betText = (bet: RouletteBet) =>
    `${money(bet.amountMinor, session.currencySymbol)}${slip.isRepeated(bet) ? ` (${t('repeated')})` : ''}`;

  const cell = (
    key: string,
    content: ReactNode,
    onClick: () => void,
    options: {
      colour?: string;
      style?: CSSProperties;
      bet?: RouletteBet | null;
      label: string;
      picked?: boolean;
      hit?: boolean;
    },
  ) => (
    <button
      key={key}
      type="button"
      className={classes.tableCell}
      style={options.style}
      data-colour={options.colour}
      data-picked={options.picked || undefined}
      data-hit={options.hit || undefined}
      data-repeated={(options.bet && slip.isRepeated(options.bet)) || undefined}
      data-testid={`roulette-${key}`}
      aria-label={options.bet ? `${options.label}, ${betText(options.bet)}` : options.label}
      aria-pressed={options.picked ?? undefined}
      onClick={onClick}
      disabled={spinning}
    >
      {content}
      {options.bet ? (
        <span
          className={`${classes.chipMark} ${slip.isRepeated(options.bet) ? tableClasses.repeatedMark : ''}`}
          aria-hidden="true"
        >
          {money(options.bet.amountMinor, '')}
        </span>
      ) : null}
    </button>
  );

  return (
    <StudioFrame
      session={session}
      gameName={gameName}
      balanceMinor={heldBalance ?? session.balanceMinor}
      round={round}
      studio={studio}
      busy={spinning || busy}
      announcement={announcement}
      rules={<Text size="sm">{t('roulette.rules')}</Text>}
    >
      <div className={tableClasses.rouletteLayout}>
        <div className={`${classes.stage} ${tableClasses.wheelColumn}`}>
          <RouletteWheel
            pocket={spin.outcome?.pocket ?? null}
            spinId={spin.id}
            reducedMotion={reducedMotion}
            onStopped={onStopped}
            label={
              shown
                ? t('roulette.result', {
                    pocket: shown.pocket,
                    colour: t(`roulette.colours.${shown.colour}`),
                  })
                : t('roulette.wheel')
            }
          />
          <Stack gap="xs" style={{ minWidth: 0 }}>
            {shown ? (
              <RoundResult
                text={t('roulette.result', {
                  pocket: shown.pocket,
                  colour: t(`roulette.colours.${shown.colour}`),
                })}
                payMinor={shown.totalPayMinor}
                currencySymbol={session.currencySymbol}
                testId="roulette-result"
                data={{ 'data-pocket': shown.pocket }}
              />
            ) : null}
            <ResultStrip
              label={t('roulette.lastResults')}
              rounds={strip}
              game="roulette"
              badge={(outcome) => {
                const pocket = Number(outcome.pocket);
                return { text: pocket, colour: colourOf(pocket) };
              }}
            />
          </Stack>
        </div>
        <div className={tableClasses.playColumn}>
          <SegmentedControl
            aria-label={t('roulette.betKind')}
            size="xs"
            value={insideKind}
            onChange={(value) => {
              setInsideKind(value as InsideKind);
              setPicks([]);
            }}
            data={INSIDE_KINDS.map((kind) => ({ value: kind, label: t(`roulette.kinds.${kind}`) }))}
            data-testid="bet-kind"
          />
          <Text size="xs" c="dimmed">
            {t(`roulette.howTo.${insideKind}`)}
          </Text>
          <div className={classes.table} data-testid="roulette-table">
            {cell('0', '0', () => clickNumber(0), {
              colour: 'green',
              style: { gridColumn: 1, gridRow: '1 / span 3' },
              bet: stakeOn('straight', [0]),
              label: '0',
              picked: picks.includes(0),
              hit: hit === 0,
            })}
            {GRID_ROWS.flatMap((row, rowIndex) =>
              row.map((n, column) =>
                cell(String(n), n, () => clickNumber(n), {
                  colour: colourOf(n),
                  style: { gridColumn: column + 2, gridRow: rowIndex + 1 },
                  bet: stakeOn('straight', [n]),
                  label: `${n} ${t(`roulette.colours.${colourOf(n)}`)}`,
                  picked: picks.includes(n),
                  hit: hit === n,
                }),
              ),
            )}
            {[3, 2, 1].map((column, rowIndex) =>
              cell(
                `column-${column}`,
                '2:1',
                () => place({ kind: 'column', numbers: outsideNumbers('column', column) }),
                {
                  style: { gridColumn: 14, gridRow: rowIndex + 1 },
                  bet: stakeOn('column', outsideNumbers('column', column)),
                  label: t('roulette.column', { column }),
                },
              ),
            )}
            {[1, 2, 3].map((dozen) =>
              cell(
                `dozen-${dozen}`,
                t('roulette.dozenShort', { dozen }),
                () => place({ kind: 'dozen', numbers: outsideNumbers('dozen', dozen) }),
                {
                  style: { gridColumn: `${2 + (dozen - 1) * 4} / span 4`, gridRow: 4 },
                  bet: stakeOn('dozen', outsideNumbers('dozen', dozen)),
                  label: t('roulette.dozen', { dozen }),
                },
              ),
            )}
            {OUTSIDE_ROW.map(({ kind, colour }, index) =>
              cell(kind, t(`roulette.kinds.${kind}`), () => place({ kind, numbers: outsideNumbers(kind) }), {
                colour,
                style: { gridColumn: `${2 + index * 2} / span 2`, gridRow: 5 },
                bet: stakeOn(kind, outsideNumbers(kind)),
                label: t(`roulette.kinds.${kind}`),
              }),
            )}
          </div>
          {bets.length > 0 ? (
            <Text size="xs" data-testid="bet-slip">
              {bets.map((bet) => `${describe(bet.kind, bet.numbers)}: ${betText(bet)}`).join(' · ')}
            </Text>
          ) : null}
          <BetRack
            slip={slip}
            currencySymbol={session.currencySymbol}
            locked={spinning}
            onClear={() => setPicks([])}
            repeat={{
              label: t('roulette.repeat'),
              onRepeat: () => {
                slip.rebet();
                void spinWheel(slip.lastBets);
              },
            }}
          >
            <Button
              size="md"
              onClick={() => void spinWheel()}
              disabled={spinning || busy || bets.length === 0}
              data-testid="spin"
            >
              {t('roulette.spin')}
            </Button>
          </BetRack>
        </div>
      </div>
    </StudioFrame>
  );
}

import { INHOUSE_GAMES } from '@lotus/games/play';
import type { GameOutcome } from '@lotus/games/types';
import {
  Anchor,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cardText } from '../../../components/games/playing-card.tsx';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { fetchJackpots, JACKPOT_KEYS } from '../../../lib/jackpot/jackpot-api.ts';
import { money } from '../utils/money.ts';
import {
  computeJackpotCheck,
  computeVerification,
  type JackpotCheck,
  type VerifyInput,
  type VerifyResult,
} from '../utils/verify.ts';
import type { FishingBatchOutcome } from '../utils/verify-fishing.ts';
import { recalledOutcome } from '../utils/verify-link.ts';
import classes from './originals.module.css';
import { VerifyFishingShots } from './verify-fishing-shots.tsx';
import { Check, SubmitRow, VerifyResultRegion } from './verify-parts.tsx';

type Fields = Omit<VerifyInput, 'storedOutcome' | 'payout'>;

/** The raffle mode (issue 19) with its texts (a member namespace): loaded only when a player picks it. */
const RaffleVerifyForm = lazy(() =>
  Promise.all([import('./raffle-verify-form.tsx'), loadNamespaces(['raffles'])]).then(([m]) => ({
    default: m.RaffleVerifyForm,
  })),
);

/** The lottery mode (issue 20) and the lottery maths it recomputes with: loaded only when a player picks it. */
const LotteryVerifyForm = lazy(() =>
  Promise.all([import('./lottery-verify-form.tsx'), loadNamespaces(['lotteryLive'])]).then(([m]) => ({
    default: m.LotteryVerifyForm,
  })),
);

type Mode = 'round' | 'raffle' | 'lottery';
const modeOf = (value: string | null): Mode => (value === 'raffle' || value === 'lottery' ? value : 'round');

/** The recomputed outcome in words, game by game, then what it pays. */
function OutcomeSummary({ outcome }: { outcome: GameOutcome | FishingBatchOutcome }) {
  const { t } = useTranslation('originals');
  return (
    <Stack gap={4}>
      {outcome.game === 'fishing-batch' ? (
        <VerifyFishingShots outcome={outcome} />
      ) : (
        <OutcomeLines outcome={outcome} />
      )}
      <Text size="sm" fw={700}>
        {t('verify.totalPay', { amount: money(outcome.totalPayMinor, '') })}
      </Text>
    </Stack>
  );
}

function OutcomeLines({ outcome }: { outcome: GameOutcome }) {
  const { t } = useTranslation('originals');
  switch (outcome.game) {
    case 'slot':
      return (
        <>
          <Text size="sm">{t('verify.slotStops', { stops: outcome.base.stops.join(', ') })}</Text>
          <Text size="sm">
            {t('verify.slotWindow', {
              window: outcome.base.window.map((column) => column.join(' ')).join(' | '),
            })}
          </Text>
          {outcome.freeSpins.length > 0 ? (
            <Text size="sm">{t('slot.freeSpinsWon', { count: outcome.freeSpins.length })}</Text>
          ) : null}
        </>
      );
    case 'roulette':
      return (
        <Text size="sm">
          {t('roulette.result', {
            pocket: outcome.pocket,
            colour: t(`roulette.colours.${outcome.colour}`),
          })}
        </Text>
      );
    case 'dragon-tiger':
      return (
        <Text size="sm">
          {t('dt.result', {
            dragon: cardText(outcome.dragon),
            tiger: cardText(outcome.tiger),
            winner: t(`dt.sides.${outcome.winner}`),
          })}
        </Text>
      );
    case 'sic-bo':
      return (
        <Text size="sm">{t('sicBo.result', { dice: outcome.dice.join(' · '), total: outcome.total })}</Text>
      );
    case 'baccarat':
      return (
        <Text size="sm">
          {t('baccarat.result', {
            player: outcome.player.map(cardText).join(' '),
            banker: outcome.banker.map(cardText).join(' '),
            playerPoints: outcome.playerPoints,
            bankerPoints: outcome.bankerPoints,
            winner: t(`baccarat.spots.${outcome.winner}`),
          })}
        </Text>
      );
    case 'andar-bahar':
      return (
        <Text size="sm">
          {t('andarBahar.result', {
            joker: cardText(outcome.joker),
            cards: outcome.andar.length + outcome.bahar.length,
            winner: t(`andarBahar.spots.${outcome.winner}`),
          })}
        </Text>
      );
  }
}

/** The round's jackpot draw (issue 19): the number drawn, the odds, and whether it won the pot. */
function JackpotLine({ check }: { check: JackpotCheck }) {
  const { t } = useTranslation('originals');
  return (
    <Stack gap={4} data-testid="jackpot-check" data-won={check.won}>
      <Text size="sm">
        {t('verify.jackpotDraw', { value: check.value, oneIn: check.oneInMinor, stake: check.stakeMinor })}
      </Text>
      <Text size="sm" fw={700}>
        {check.won ? t('verify.jackpotWon') : t('verify.jackpotLost')}
      </Text>
    </Stack>
  );
}

/**
 * `/originals/verify`: recomputes any round of the studio in the browser from its revealed server seed,
 * client seed, nonce and bet, with the same packages/games code the studio runs, and checks the seed
 * against the hash committed before play and the outcome against the one stored. With the jackpot's odds
 * (filled in from the brand's jackpot over the game, or typed) it recomputes the round's jackpot draw too.
 */
export function VerifyPage() {
  const { t, i18n } = useTranslation('originals');
  const [search] = useSearchParams();
  const initial: Fields = {
    game: search.get('game') ?? 'lotus-fortune',
    serverSeed: search.get('serverSeed') ?? '',
    clientSeed: search.get('clientSeed') ?? '',
    nonce: search.get('nonce') ?? '0',
    bet: search.get('bet') ?? '',
    hash: search.get('hash') ?? '',
  };
  const roundId = search.get('round');
  const payout = search.get('payout') ?? '';
  const back = search.get('back');
  const storedOutcome = useMemo(() => (roundId ? recalledOutcome(roundId) : null), [roundId]);
  const [fields, setFields] = useState<Fields>(initial);
  const [result, setResult] = useState<VerifyResult | null>(() =>
    initial.serverSeed && initial.bet ? computeVerification({ ...initial, storedOutcome, payout }) : null,
  );
  // Once the player edits anything, the stored round no longer describes what is being checked.
  const [edited, setEdited] = useState(false);
  // Issue 19: a raffle ticket is verified here too (seed + ticket id + prize table → prize).
  // Issue 20: and a lottery draw (draw id → seed, hash and result).
  const [mode, setMode] = useState<Mode>(modeOf(search.get('mode')));
  const raffleInitial = {
    seed: search.get('seed') ?? '',
    hash: search.get('hash') ?? '',
    ticket: search.get('ticket') ?? '',
    prizes: search.get('prizes') ?? '',
    prize: search.get('prize') ?? '',
  };
  // The fields of the last check: the jackpot draw is recomputed from them as the odds field changes.
  const [checked, setChecked] = useState<Fields>(initial);
  const [oneInTyped, setOneInTyped] = useState<string | null>(search.get('jackpotOneIn'));
  const jackpots = useQuery({ queryKey: JACKPOT_KEYS.pots, queryFn: ({ signal }) => fetchJackpots(signal) });
  const coveredOneIn =
    jackpots.data?.list.find((jackpot) => jackpot.games.includes(fields.game))?.oneInMinor ?? '';
  const oneIn = oneInTyped ?? coveredOneIn;
  const jackpotCheck = result?.ok ? computeJackpotCheck(checked, oneIn) : null;

  const set = (key: keyof Fields) => (value: string) => {
    setEdited(true);
    setFields((current) => ({ ...current, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(fields);
    setResult(
      computeVerification({
        ...fields,
        storedOutcome: edited ? null : storedOutcome,
        payout: edited ? '' : payout,
      }),
    );
  };
  const language = i18n.language === 'hi' ? 'hi' : 'en';

  return (
    <Stack className={classes.screen} gap="md" data-testid="verify-page">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('verify.title')}
        </Title>
        {back?.startsWith('/originals/play') || back === '/member/raffles' || back?.startsWith('/lottery') ? (
          <Anchor component={Link} to={back} data-testid="verify-back">
            {t('verify.back')}
          </Anchor>
        ) : null}
      </Group>
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(modeOf(value))}
        aria-label={t('verify.mode.label')}
        data={[
          { value: 'round', label: t('verify.mode.round') },
          { value: 'raffle', label: t('verify.mode.raffle') },
          { value: 'lottery', label: t('verify.mode.lottery') },
        ]}
        data-testid="verify-mode"
      />
      {mode === 'raffle' ? (
        <Suspense fallback={null}>
          <RaffleVerifyForm initial={raffleInitial} />
        </Suspense>
      ) : null}
      {mode === 'lottery' ? (
        <Suspense fallback={null}>
          <LotteryVerifyForm initialDrawId={search.get('drawId') ?? ''} />
        </Suspense>
      ) : null}
      <Stack gap="md" display={mode === 'round' ? undefined : 'none'}>
        <Text size="sm">{t('verify.explain1')}</Text>
        <Text size="sm">{t('verify.explain2')}</Text>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <NativeSelect
              label={t('verify.game')}
              value={fields.game}
              onChange={(event) => set('game')(event.currentTarget.value)}
              data={Object.values(INHOUSE_GAMES).map((game) => ({
                value: game.code,
                label: game.names[language],
              }))}
            />
            <TextInput
              label={t('verify.serverSeed')}
              value={fields.serverSeed}
              onChange={(event) => set('serverSeed')(event.currentTarget.value)}
              classNames={{ input: classes.mono }}
              data-testid="verify-server-seed"
            />
            <TextInput
              label={t('verify.hash')}
              description={t('verify.hashHint')}
              value={fields.hash}
              onChange={(event) => set('hash')(event.currentTarget.value)}
              classNames={{ input: classes.mono }}
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('fair.clientSeed')}
                value={fields.clientSeed}
                onChange={(event) => set('clientSeed')(event.currentTarget.value)}
                data-testid="verify-client-seed"
              />
              <TextInput
                label={t('fair.nonce')}
                value={fields.nonce}
                inputMode="numeric"
                onChange={(event) => set('nonce')(event.currentTarget.value)}
                data-testid="verify-nonce"
              />
            </Group>
            <Textarea
              label={t('verify.bet')}
              description={t('verify.betHint')}
              value={fields.bet}
              rows={3}
              onChange={(event) => set('bet')(event.currentTarget.value)}
              classNames={{ input: classes.mono }}
              data-testid="verify-bet"
            />
            <TextInput
              label={t('verify.jackpotOneIn')}
              description={t('verify.jackpotOneInHint')}
              value={oneIn}
              inputMode="numeric"
              onChange={(event) => setOneInTyped(event.currentTarget.value)}
              data-testid="verify-jackpot-one-in"
            />
            <SubmitRow label={t('verify.submit')} testId="verify-submit" />
          </Stack>
        </form>
        <VerifyResultRegion
          prefix=""
          state={
            result === null
              ? null
              : result.ok
                ? { computedHash: result.computedHash }
                : {
                    problemText: result.detail
                      ? t(`errors:${result.detail}`)
                      : t(`verify.problems.${result.problem}`),
                  }
          }
          hashLabel={t('verify.computedHash')}
          checks={
            result?.ok ? (
              <>
                <Check
                  ok={result.hashMatches}
                  yes={t('verify.hashOk')}
                  no={t('verify.hashBad')}
                  testId="hash-check"
                />
                <Check
                  ok={result.outcomeMatches}
                  yes={t('verify.outcomeOk')}
                  no={t('verify.outcomeBad')}
                  testId="outcome-check"
                />
                {result.outcomeMatches === null ? (
                  <Check
                    ok={result.payoutMatches}
                    yes={t('verify.payoutOk')}
                    no={t('verify.payoutBad')}
                    testId="payout-check"
                  />
                ) : null}
              </>
            ) : null
          }
        >
          {result?.ok ? (
            <>
              <OutcomeSummary outcome={result.outcome} />
              {jackpotCheck ? <JackpotLine check={jackpotCheck} /> : null}
            </>
          ) : null}
        </VerifyResultRegion>
      </Stack>
    </Stack>
  );
}

import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { readLaunchParams, useStudioSession } from '../hooks/use-studio-session.ts';
import { gameNameOf, type ScreenKind, screenOf } from '../utils/games.ts';
import { DragonTigerScreen } from './dragon-tiger-screen.tsx';
import { RouletteScreen } from './roulette-screen.tsx';
import { SlotScreen } from './slot-screen.tsx';
import { AndarBaharScreen, BaccaratScreen, SicBoScreen } from './studio-table-screens.tsx';

// The fishing canvas, its maths and its texts load only when a fishing title opens.
const FishingScreen = lazy(() =>
  Promise.all([import('./fishing-screen.tsx'), loadNamespaces(['fishing'])]).then(([module]) => ({
    default: module.FishingScreen,
  })),
);

/** The screens other than the slots', by kind (all take the session, the studio and the game's name). */
const SCREENS = {
  roulette: RouletteScreen,
  'dragon-tiger': DragonTigerScreen,
  'sic-bo': SicBoScreen,
  baccarat: BaccaratScreen,
  'andar-bahar': AndarBaharScreen,
  fishing: FishingScreen,
} satisfies Record<Exclude<ScreenKind, 'slot'>, unknown>;

/**
 * `/originals/play?token=…&game=…&lang=…` (or `?trial=1&game=…`): the in-house studio's game, loaded in the
 * platform's game iframe. Opens the studio session once, then draws the game's screen.
 */
export function OriginalsPlayPage() {
  const { t, i18n } = useTranslation('originals');
  const [search] = useSearchParams();
  const searchKey = search.toString();
  const params = useMemo(() => readLaunchParams(new URLSearchParams(searchKey)), [searchKey]);
  const studio = useStudioSession(params);
  // Issue 19: a promotion's free rounds (real sessions only; the server checks the grant).
  const grant = search.get('freeRound');
  const freeRoundGrantId = grant && /^[1-9][0-9]{0,18}$/.test(grant) ? grant : undefined;
  const { state } = studio;

  if (state.status === 'loading') {
    return (
      <Center mih={240}>
        <Loader aria-label={t('loading')} data-testid="originals-loading" />
      </Center>
    );
  }
  if (state.status === 'error') {
    return (
      <Center mih={240} p="md">
        <Alert
          color={state.code === 'session_expired' ? 'orange' : 'red'}
          title={state.code === 'session_expired' ? t('expiredTitle') : t('unavailableTitle')}
          role="alert"
          data-testid="originals-fatal"
          data-code={state.code}
        >
          <Stack gap={4}>
            <Text size="sm">{t(`errors:${state.code}`, { defaultValue: t('errors:unknown_error') })}</Text>
            {state.code === 'session_expired' ? <Text size="sm">{t('expiredHint')}</Text> : null}
          </Stack>
        </Alert>
      </Center>
    );
  }
  const { session } = state;
  const screen = screenOf(session.gameCode);
  const gameName = gameNameOf(session.gameCode, i18n.language);
  if (!screen) {
    return (
      <Center mih={240}>
        <Alert color="red" role="alert" data-testid="originals-fatal" data-code="game_not_found">
          {t('errors:game_not_found')}
        </Alert>
      </Center>
    );
  }
  if (screen.kind === 'slot') {
    return (
      <SlotScreen
        session={session}
        studio={studio}
        title={screen.title}
        jackpot={screen.jackpot}
        gameName={gameName}
        {...(freeRoundGrantId && !session.trial ? { freeRoundGrantId } : {})}
      />
    );
  }
  const Screen = SCREENS[screen.kind];
  const loading = (
    <Center mih={240}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
  return (
    <Suspense fallback={loading}>
      <Screen session={session} studio={studio} gameName={gameName} />
    </Suspense>
  );
}

import type { OriginalsSession, SeedState } from '@lotus/shared/originals.schema';
import { Alert, Anchor, Badge, CloseButton, Group, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { PROTECTION_PATHS } from '../../../lib/protection/protection-api.ts';
import { type PlayRoundState, ROUNDS_KEY } from '../hooks/use-play-round.ts';
import type { StudioSession } from '../hooks/use-studio-session.ts';
import { money } from '../utils/money.ts';
import { FairnessPanel } from './fairness-panel.tsx';
import classes from './originals.module.css';
import { RoundHistory } from './round-history.tsx';

type StudioFrameProps = {
  session: OriginalsSession;
  gameName: string;
  /** The balance to show (held back while a result is still being shown). */
  balanceMinor: string;
  /** The screen's rounds: the error to show, closing it, and reporting the fairness panel's. */
  round: Pick<PlayRoundState, 'error' | 'dismissError' | 'setLocalError'>;
  /** A seed rotation updates the session. */
  studio: Pick<StudioSession, 'update'>;
  busy: boolean;
  /** Screen-reader text for the latest result (an aria-live region reads it out). */
  announcement: string;
  rules: ReactNode;
  children: ReactNode;
};

/**
 * Refusals that are about the player's own choices or balance, not a fault: told in a calmer colour. A
 * limit the player set (issue 17) refused the bet before any money moved, so the balance shown stays.
 */
const CALM_REFUSALS = new Set(['insufficient_funds', 'bet_limit', 'limit_reached', 'reality_check_due']);

/**
 * What every studio screen shares: game name, balance (a demo badge in trial), a translated API error,
 * the game itself, and the tabs for round history, provable fairness and the rules.
 */
export function StudioFrame(props: StudioFrameProps) {
  const { session, gameName, balanceMinor, busy } = props;
  const { error, dismissError, setLocalError } = props.round;
  const { t } = useTranslation('originals');
  const queryClient = useQueryClient();

  const onSeed = (seed: SeedState) => {
    props.studio.update({ seed });
    // A rotation reveals the previous seed: the history's verify links become available.
    void queryClient.invalidateQueries({ queryKey: ROUNDS_KEY(session.sessionToken) });
  };

  return (
    <div className={classes.screen} data-testid="originals-screen" data-game={session.gameCode}>
      <div className={classes.topBar}>
        <Title order={1} size="h4">
          {gameName}
        </Title>
        <Group gap="xs">
          {session.trial ? (
            <Badge color="grape" variant="filled" data-testid="demo-badge">
              {t('demo')}
            </Badge>
          ) : null}
          <Text size="sm">
            {t('balance')}:{' '}
            <Text span fw={700} data-testid="originals-balance">
              {money(balanceMinor, session.currencySymbol)}
            </Text>
          </Text>
        </Group>
      </div>
      <Text size="xs" c="dimmed" className={classes.mono} data-testid="seed-summary">
        {t('fair.serverSeedHash')}: {session.seed.serverSeedHash.slice(0, 16)}… · {t('fair.clientSeed')}:{' '}
        {session.seed.clientSeed} · {t('fair.nonce')}: {session.seed.nonce}
      </Text>
      {error ? (
        <Alert
          color={CALM_REFUSALS.has(error) ? 'orange' : 'red'}
          variant="light"
          role="alert"
          data-testid="originals-error"
          data-code={error}
          withCloseButton={false}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">
              {t(`errors:${error}`, { defaultValue: t('errors:unknown_error') })}
              {error === 'limit_reached' ? (
                <>
                  {' '}
                  {/* The game runs in a frame: the limits page opens in the site around it. */}
                  <Anchor href={PROTECTION_PATHS.limits} target="_top" data-testid="originals-limits-link">
                    {t('limitsLink')}
                  </Anchor>
                </>
              ) : null}
            </Text>
            <CloseButton size="sm" aria-label={t('dismiss')} onClick={dismissError} />
          </Group>
        </Alert>
      ) : null}
      {props.children}
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="originals-announcement">
        {props.announcement}
      </VisuallyHidden>
      <Tabs defaultValue="history" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="history">{t('tabs.history')}</Tabs.Tab>
          <Tabs.Tab value="fair">{t('tabs.fair')}</Tabs.Tab>
          <Tabs.Tab value="rules">{t('tabs.rules')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history" pt="xs">
          <RoundHistory
            sessionToken={session.sessionToken}
            currencySymbol={session.currencySymbol}
            gameCode={session.gameCode}
          />
        </Tabs.Panel>
        <Tabs.Panel value="fair" pt="xs">
          <FairnessPanel
            sessionToken={session.sessionToken}
            seed={session.seed}
            onSeed={onSeed}
            onError={setLocalError}
            busy={busy}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="xs">
          {props.rules}
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}

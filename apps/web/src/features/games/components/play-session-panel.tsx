import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { signedMoneyText } from '../../../lib/money/money.ts';
import { useProtectionTexts } from '../../../lib/protection/protection-api.ts';
import { useElapsedSeconds, usePlaySession } from '../hooks/use-play-session.ts';
import { clockText, spokenTime } from '../utils/play-time.ts';
import { RealityCheckModal } from './reality-check-modal.tsx';

/**
 * Over a real game (the pop-up and /game, issue 17): the time this login session has played, ticking each
 * second, and its net position (won − staked), both from the server's session; and the reality check when
 * it falls due. Nothing here is decoration: before the session is read, nothing is shown.
 */
export function PlaySessionPanel({ onLeaveGame }: { onLeaveGame?: () => void }) {
  const ready = useProtectionTexts();
  const session = usePlaySession(true);
  const elapsed = useElapsedSeconds(session.data);
  const { t } = useTranslation('protection');
  if (!ready || !session.data || elapsed === null) return null;
  const data = session.data;
  return (
    <>
      <Paper withBorder radius="sm" px="sm" py={4} data-testid="play-session" aria-label={t('overlay.label')}>
        <Group gap="md" justify="space-between" wrap="wrap">
          <Text size="sm">
            {t('overlay.time')}{' '}
            <Text
              span
              fw={700}
              ff="monospace"
              role="timer"
              aria-live="off"
              aria-label={spokenTime(t, elapsed)}
              data-testid="play-session-time"
            >
              {clockText(elapsed)}
            </Text>
          </Text>
          <Text size="sm">
            {t('overlay.net')}{' '}
            <Text span fw={700} data-testid="play-session-net">
              {signedMoneyText(data.netMinor, data.currencySymbol)}
            </Text>
          </Text>
        </Group>
      </Paper>
      <RealityCheckModal session={data} elapsedSeconds={elapsed} onLeaveGame={onLeaveGame} />
    </>
  );
}

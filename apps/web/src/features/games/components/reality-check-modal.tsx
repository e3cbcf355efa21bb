import type { PlaySession } from '@lotus/shared/player-protection.schema';
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, signedMoneyText } from '../../../lib/money/money.ts';
import { PROTECTION_KEYS, PROTECTION_PATHS } from '../../../lib/protection/protection-api.ts';
import { useLogout } from '../../../lib/session/use-session.ts';
import { acknowledgeRealityCheck } from '../api/play-session-api.ts';
import { spokenTime } from '../utils/play-time.ts';

type RealityCheckModalProps = {
  session: PlaySession;
  elapsedSeconds: number;
  /** Closes the game (the pop-up) before going to the history. */
  onLeaveGame?: (() => void) | undefined;
};

/**
 * The reality check (issue 17): while it is due the server takes no bet on this session, and this dialog
 * says how long the session has played and where it stands (won − staked). It cannot be dismissed: the
 * player chooses to keep playing (acknowledged on the server), to see their history, or to log out. Focus
 * is trapped inside (AppModal) and the summary is announced.
 */
export function RealityCheckModal({ session, elapsedSeconds, onLeaveGame }: RealityCheckModalProps) {
  const { t } = useTranslation('protection');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const [busy, setBusy] = useState<'keep' | 'logout' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const symbol = session.currencySymbol;

  const keepPlaying = async () => {
    setBusy('keep');
    setFailure(null);
    try {
      queryClient.setQueryData(PROTECTION_KEYS.session, await acknowledgeRealityCheck());
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AppModal
      opened={session.realityCheckDue}
      onClose={() => undefined}
      closable={false}
      title={t('check.title')}
      testId="reality-check"
    >
      <Stack gap="sm">
        <Text role="alert" data-testid="reality-check-summary">
          {t('check.summary', {
            time: spokenTime(t, elapsedSeconds),
            net: signedMoneyText(session.netMinor, symbol),
          })}
        </Text>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('check.staked')}</Table.Th>
              <Table.Td data-testid="reality-check-staked">{moneyText(session.stakedMinor, symbol)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('check.won')}</Table.Th>
              <Table.Td data-testid="reality-check-won">{moneyText(session.wonMinor, symbol)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('overlay.net')}</Table.Th>
              <Table.Td data-testid="reality-check-net">{signedMoneyText(session.netMinor, symbol)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t('check.paused')}
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {messageForApiError(t, failure)}
          </Alert>
        ) : null}
        <Stack gap="xs">
          <Button
            onClick={() => void keepPlaying()}
            loading={busy === 'keep'}
            disabled={busy !== null}
            data-autofocus
            data-testid="reality-check-keep"
          >
            {t('check.keep')}
          </Button>
          <Button
            variant="default"
            disabled={busy !== null}
            onClick={() => {
              onLeaveGame?.();
              void navigate(PROTECTION_PATHS.activity);
            }}
            data-testid="reality-check-history"
          >
            {t('check.history')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            loading={busy === 'logout'}
            disabled={busy !== null}
            onClick={() => {
              setBusy('logout');
              onLeaveGame?.();
              void logout();
            }}
            data-testid="reality-check-logout"
          >
            {t('check.logout')}
          </Button>
        </Stack>
      </Stack>
    </AppModal>
  );
}

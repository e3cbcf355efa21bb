import type { PvpTable } from '@lotus/shared/pvp.schema';
import { Alert, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { MoneyConfirmDialog } from '../../../components/ui/money-confirm-dialog.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyErrorText, moneyText } from '../../../lib/money/money.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import type { ConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { useBalance } from '../../../lib/wallet/use-wallet-queries.ts';
import { usePvpActions } from '../hooks/use-pvp-actions.ts';
import { usePvpSymbol } from '../hooks/use-pvp-symbol.ts';
import { usePvpTable } from '../hooks/use-pvp-table.ts';
import { useTableAnnouncer } from '../hooks/use-table-announcer.ts';
import { lastHandWins, nickResolver } from '../utils/event-text.ts';
import { BuyInDialog } from './buy-in-dialog.tsx';
import classes from './pvp.module.css';
import { PvpActions } from './pvp-actions.tsx';
import { PvpFelt } from './pvp-felt.tsx';
import { PvpLog } from './pvp-log.tsx';
import { PvpRules } from './pvp-rules.tsx';
import { RummyPlay } from './rummy-play.tsx';
import { RummyResult } from './rummy-result.tsx';

type ScreenProps = {
  roomCode: string;
  /** The page's title for the crumbs (/pvp's own, which depends on the brand). */
  lobbyTitle: string;
  /** The room list's address (/pvp without `?room=`). */
  lobbyPath: string;
};

/**
 * What a money confirm dialog takes from its intent (lib/use-confirmed-intent.ts). A retry reuses the key,
 * except after `pvp_sit_cancelled`: that sit's buy-in was given back and its key is spent, so the next click
 * opens the same sit as a new intent (a new key), and the one after sends it.
 */
function dialogState<TInput>(
  intent: ConfirmedIntent<TInput, PvpTable>,
  errorText: (error: unknown) => string,
) {
  return {
    confirmSuffix: 'confirm' as const,
    busy: intent.busy,
    error: intent.errorCode ? errorText(intent.error) : null,
    onConfirm: () =>
      intent.errorCode === 'pvp_sit_cancelled' && intent.pending !== null
        ? intent.open(intent.pending)
        : void intent.confirm(),
    onClose: intent.cancel,
  };
}

function TableView({ table, lobbyTitle, lobbyPath }: { table: PvpTable } & Omit<ScreenProps, 'roomCode'>) {
  const { t } = useTranslation('pvp');
  const symbol = usePvpSymbol();
  const balance = useBalance();
  const actions = usePvpActions(table.roomCode);
  const announcement = useTableAnnouncer(table, symbol);
  const [buyInSeat, setBuyInSeat] = useState<number | null>(null);
  const nickOf = nickResolver(t, table.seats);
  const me = table.mySeat !== null ? table.seats[table.mySeat] : null;
  const inHand =
    me != null &&
    table.hand !== null &&
    (me.status === 'blind' || me.status === 'seen' || me.status === 'playing');
  const wins = table.hand === null ? lastHandWins(table.lastEvents) : [];
  const money = (minor: string) => moneyText(minor, symbol);
  const { sit, leave } = actions;

  return (
    <PageFrame
      testId="pvp-table"
      title={table.name}
      dataAttributes={{ 'data-room': table.roomCode, 'data-version': String(table.version) }}
      crumbs={[
        { label: t('common:nav.home'), to: '/' },
        { label: lobbyTitle, to: lobbyPath },
        { label: table.name },
      ]}
    >
      <VisuallyHidden aria-live="polite" role="status" data-testid="pvp-announcer">
        {announcement}
      </VisuallyHidden>
      <Group justify="space-between" gap="xs" mb="xs">
        <Button component={Link} to={lobbyPath} variant="subtle" size="compact-sm" data-testid="pvp-back">
          {t('table.back')}
        </Button>
        {me ? (
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => leave.open({ stackMinor: me.stackMinor, inHand })}
            data-testid="pvp-leave"
          >
            {t('table.leave')}
          </Button>
        ) : null}
      </Group>
      <div className={classes.screen}>
        <Stack gap="md" style={{ minWidth: 0 }}>
          <PvpFelt table={table} symbol={symbol} onSit={me ? null : setBuyInSeat} />
          {wins.length > 0 ? (
            <Alert variant="light" color="green" data-testid="pvp-result">
              {wins
                .map((win) => t('table.result', { nick: win.nick, amount: money(win.amountMinor) }))
                .join(' · ')}
            </Alert>
          ) : null}
          {table.rummy ? (
            <>
              <RummyPlay
                table={table}
                rummy={table.rummy}
                symbol={symbol}
                actions={actions}
                nickOf={nickOf}
              />
              <RummyResult table={table} symbol={symbol} />
            </>
          ) : (
            <PvpActions table={table} symbol={symbol} actions={actions} nickOf={nickOf} />
          )}
        </Stack>
        <Stack gap="md" style={{ minWidth: 0 }}>
          <PvpRules table={table} symbol={symbol} />
          <PvpLog table={table} symbol={symbol} />
        </Stack>
      </div>
      {buyInSeat !== null ? (
        <BuyInDialog
          seat={buyInSeat}
          stakes={table.stakes}
          symbol={symbol}
          balanceMinor={balance.data?.balanceMinor ?? null}
          onClose={() => setBuyInSeat(null)}
          onContinue={(seat, buyInMinor) => {
            setBuyInSeat(null);
            sit.open({ seat, buyInMinor });
          }}
        />
      ) : null}
      <MoneyConfirmDialog
        opened={sit.pending !== null}
        title={t('buyIn.confirmTitle')}
        amountText={sit.pending ? money(sit.pending.buyInMinor) : ''}
        rows={
          sit.pending
            ? [
                { label: t('buyIn.table'), value: table.name },
                { label: t('buyIn.seat'), value: String(sit.pending.seat + 1) },
              ]
            : []
        }
        summary={
          sit.pending ? t('buyIn.confirmSummary', { amount: money(sit.pending.buyInMinor) }) : undefined
        }
        confirmLabel={t('buyIn.confirm')}
        retryLabel={t('buyIn.retry')}
        {...dialogState(sit, (error) => moneyErrorText(t, error, symbol))}
        testId="pvp-sit-confirm"
      />
      <MoneyConfirmDialog
        opened={leave.pending !== null}
        title={t('leave.title')}
        amountText={leave.pending ? money(leave.pending.stackMinor) : ''}
        summary={
          leave.pending ? (
            <>
              {t('leave.summary', { amount: money(leave.pending.stackMinor) })}
              {leave.pending.inHand ? (
                <Text component="span" display="block" mt={4} c="orange">
                  {t(table.gameKind === 'rummy' ? 'leave.midHandRummy' : 'leave.midHand')}
                </Text>
              ) : null}
            </>
          ) : undefined
        }
        confirmLabel={t('leave.confirm')}
        retryLabel={t('leave.retry')}
        {...dialogState(leave, (error) => moneyErrorText(t, error, symbol))}
        testId="pvp-leave-confirm"
      />
    </PageFrame>
  );
}

/**
 * One PVP room's table (issue 22), loaded with its own chunk only when a room is opened (`/pvp?room=`): the
 * oval with the seats, the viewer's cards and moves, the rules with the rake, the log, and the buy-in and
 * leave dialogs. A visitor is asked to log in (every table is a member's own view).
 */
export function PvpTableScreen({ roomCode, lobbyTitle, lobbyPath }: ScreenProps) {
  const { t } = useTranslation('pvp');
  const session = useSession();
  const table = usePvpTable(roomCode);
  if (table.status === 'success' && session.token !== null) {
    return <TableView table={table.data} lobbyTitle={lobbyTitle} lobbyPath={lobbyPath} />;
  }
  let body: ReactNode;
  if (session.token === null) {
    body = (
      <LoginRequired
        title={t('rooms.loginTitle')}
        description={t('rooms.loginText')}
        actionLabel={t('rooms.login')}
      />
    );
  } else if (table.status === 'error') {
    body = <LoadFailed error={table.error} onRetry={() => void table.refetch()} testId="pvp-table-error" />;
  } else {
    body = <LoadingRows rows={3} height={120} testId="pvp-table-loading" />;
  }
  return (
    <PageFrame
      testId="pvp-table"
      title={lobbyTitle}
      crumbs={[
        { label: t('common:nav.home'), to: '/' },
        { label: lobbyTitle, to: lobbyPath },
      ]}
    >
      {body}
    </PageFrame>
  );
}

import type { PvpTable } from '@lotus/shared/pvp.schema';
import { Alert, Button, Group, Text } from '@mantine/core';
import { PlayingCard } from '../../../components/games/playing-card.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import type { usePvpActions } from '../hooks/use-pvp-actions.ts';
import classes from './pvp.module.css';
import { PvpNotSeated, PvpPanel } from './pvp-panel.tsx';

type ActionsProps = {
  table: PvpTable;
  symbol: string;
  actions: ReturnType<typeof usePvpActions>;
  nickOf: (seat: number) => string;
};

/**
 * The viewer's own hand and moves. Only what the server's `choices` allow is offered (the server checks
 * again): See at any time while blind, Pack at any time in the hand, and on their turn the two chaal
 * amounts, Show (two left), Side show, or the reply to a side show asked of them.
 */
export function PvpActions({ table, symbol, actions, nickOf }: ActionsProps) {
  const { t } = useTranslation('pvp');
  const me = table.mySeat !== null ? table.seats[table.mySeat] : null;
  const hand = table.hand;
  const { choices } = table;
  const inHand = me != null && hand !== null && (me.status === 'blind' || me.status === 'seen');
  const busy = actions.play.isPending;
  const act = (action: Parameters<typeof actions.play.mutate>[0]) => actions.play.mutate(action);
  const money = (minor: string) => moneyText(minor, symbol);
  const blind = me?.status === 'blind';
  const [single, double] = choices.chaalMinor ?? [null, null];

  if (me == null) return <PvpNotSeated />;
  return (
    <PvpPanel
      id="pvp-actions-title"
      title={t('table.yourCards')}
      testId="pvp-actions"
      errorCode={actions.playErrorCode}
    >
      {inHand ? (
        <div className={classes.myCards} data-testid="pvp-my-cards">
          {(me.cards ?? [null, null, null]).map((card, index) => (
            <PlayingCard
              // biome-ignore lint/suspicious/noArrayIndexKey: three cards in a fixed order
              key={index}
              rank={card?.rank ?? null}
              suit={card?.suit ?? null}
              faceUp={card !== null}
              size={64}
              testId="pvp-my-card"
            />
          ))}
        </div>
      ) : (
        <Text size="sm" c="dimmed" data-testid="pvp-sitting-out">
          {t('table.watchingHand')}
        </Text>
      )}
      {inHand && me.cards === null ? (
        <Text size="sm" c="dimmed">
          {t('table.cardsHidden')}
        </Text>
      ) : null}
      {inHand && hand ? (
        <Text size="sm" fw={600} data-testid="pvp-turn-state">
          {choices.myTurn ? t('actions.yourTurn') : t('actions.waitingFor', { nick: nickOf(hand.turnSeat) })}
        </Text>
      ) : null}
      {choices.mustReplySideShow && hand?.sideShow ? (
        <Alert variant="light" color="yellow" data-testid="pvp-side-show-asked">
          {t('actions.sideShowAsked', { nick: nickOf(hand.sideShow.from) })}
        </Alert>
      ) : null}
      {inHand ? (
        <Group gap="xs" role="group" aria-label={t('actions.title')}>
          {choices.canSee ? (
            <Button
              variant="default"
              onClick={() => act({ type: 'see' })}
              disabled={busy}
              data-testid="pvp-see"
            >
              {t('actions.see')}
            </Button>
          ) : null}
          {choices.mustReplySideShow ? (
            <>
              <Button
                onClick={() => act({ type: 'side-show-reply', accept: true })}
                disabled={busy}
                data-testid="pvp-accept"
              >
                {t('actions.accept')}
              </Button>
              <Button
                variant="default"
                onClick={() => act({ type: 'side-show-reply', accept: false })}
                disabled={busy}
                data-testid="pvp-deny"
              >
                {t('actions.deny')}
              </Button>
            </>
          ) : null}
          {single !== null && double !== null ? (
            <>
              <Button
                onClick={() => act({ type: 'chaal', amountMinor: single })}
                disabled={busy}
                data-testid="pvp-chaal"
              >
                {t(blind ? 'actions.blind' : 'actions.chaal', { amount: money(single) })}
              </Button>
              <Button
                onClick={() => act({ type: 'chaal', amountMinor: double })}
                disabled={busy}
                data-testid="pvp-double"
              >
                {t(blind ? 'actions.blindDouble' : 'actions.double', { amount: money(double) })}
              </Button>
            </>
          ) : null}
          {choices.canShow && single !== null ? (
            <Button color="teal" onClick={() => act({ type: 'show' })} disabled={busy} data-testid="pvp-show">
              {t('actions.show', { amount: money(single) })}
            </Button>
          ) : null}
          {choices.canSideShow && single !== null ? (
            <Button
              color="teal"
              variant="light"
              onClick={() => act({ type: 'side-show' })}
              disabled={busy}
              data-testid="pvp-side-show"
            >
              {t('actions.sideShow', { amount: money(single) })}
            </Button>
          ) : null}
          <Button
            color="red"
            variant="light"
            onClick={() => act({ type: 'pack' })}
            disabled={busy}
            data-testid="pvp-pack"
          >
            {t('actions.pack')}
          </Button>
        </Group>
      ) : null}
    </PvpPanel>
  );
}

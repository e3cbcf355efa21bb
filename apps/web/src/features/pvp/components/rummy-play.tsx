import type { PvpRummy, PvpTable } from '@lotus/shared/pvp.schema';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import type { usePvpActions } from '../hooks/use-pvp-actions.ts';
import { useRummyHand } from '../hooks/use-rummy-hand.ts';
import { groupKind } from '../utils/rummy-groups.ts';
import classes from './pvp.module.css';
import { PvpNotSeated, PvpPanel } from './pvp-panel.tsx';
import { RummyCardButton, useRummyCardName } from './rummy-card.tsx';
import { RummyDeclareDialog, RummyDropDialog } from './rummy-dialogs.tsx';
import { RummyPiles } from './rummy-piles.tsx';

type PlayProps = {
  table: PvpTable;
  rummy: PvpRummy;
  symbol: string;
  actions: ReturnType<typeof usePvpActions>;
  nickOf: (seat: number) => string;
};

/** The viewer's cards in their groups: each group names its meld; every card is a toggle button. */
function RummyHandView({ rummy, hand }: { rummy: PvpRummy; hand: ReturnType<typeof useRummyHand> }) {
  const { t } = useTranslation('pvp');
  return (
    <div className={classes.rummyGroups} data-testid="rummy-hand">
      {hand.groups.map((group, index) => {
        const kind = index === 0 ? null : groupKind(group, rummy.wildRank);
        const label =
          index === 0
            ? t('rummy.loose')
            : t('rummy.groupLabel', { number: index, kind: t(`rummy.kinds.${kind ?? 'none'}`) });
        if (index === 0 && group.length === 0) return null;
        return (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place in the arrangement
            key={index}
            className={classes.rummyGroup}
            data-kind={kind ?? 'none'}
            aria-label={`${label}, ${t('rummy.groupCount', { count: group.length })}`}
            data-testid="rummy-group"
          >
            <Group justify="space-between" gap={4} mb={4} wrap="nowrap">
              <Text size="xs" fw={600} aria-hidden="true" truncate>
                {label}
              </Text>
              {index > 0 ? (
                <Button size="compact-xs" variant="subtle" onClick={() => hand.ungroup(index)}>
                  {t('rummy.ungroup')}
                </Button>
              ) : null}
            </Group>
            <div className={classes.rummyCards}>
              {group.map((id) => (
                <RummyCardButton
                  key={id}
                  id={id}
                  wildRank={rummy.wildRank}
                  selected={hand.selected.includes(id)}
                  onToggle={hand.toggle}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

/**
 * The Rummy table's own panel (docs/pvp.md "Web"): the piles and draws, the viewer's 13 (or 14) cards to sort
 * and group, discard, declare (a dialog checks the groups first) and drop (confirmed). Only what the server's
 * `rummy.choices` allow is offered; the server checks again.
 */
export function RummyPlay({ table, rummy, symbol, actions, nickOf }: PlayProps) {
  const { t } = useTranslation('pvp');
  const hand = useRummyHand(rummy, table.hand?.number ?? null);
  const nameOf = useRummyCardName(rummy.wildRank);
  const [declaring, setDeclaring] = useState(false);
  const [dropping, setDropping] = useState(false);
  const me = table.mySeat !== null ? table.seats[table.mySeat] : null;
  const { choices } = rummy;
  const busy = actions.play.isPending;
  const act = (action: Parameters<typeof actions.play.mutate>[0], done?: () => void) =>
    actions.play.mutate(action, { onSuccess: done });
  const pointMinor = table.stakes.kind === 'rummy' ? BigInt(table.stakes.pointValueMinor) : 0n;
  const pointsMoney = (points: number) => moneyText((pointMinor * BigInt(points)).toString(), symbol);
  const single = hand.selected.length === 1 ? (hand.selected[0] ?? null) : null;

  if (me == null) return <PvpNotSeated />;
  let turnLine: string | null = null;
  if (table.hand && me.status === 'playing') {
    if (choices.canDrawClosed) turnLine = t('rummy.phaseDraw');
    else if (choices.canDiscard) turnLine = t('rummy.phaseDiscard');
    else turnLine = t('actions.waitingFor', { nick: nickOf(table.hand.turnSeat) });
  }
  return (
    <PvpPanel
      id="rummy-title"
      title={t('rummy.title')}
      testId="rummy-play"
      errorCode={actions.playErrorCode}
      dialogs={
        <>
          {rummy.wildRank !== null ? (
            <RummyDeclareDialog
              opened={declaring && choices.canDeclare}
              groups={hand.groups}
              card={single}
              wildRank={rummy.wildRank}
              wrongAmount={pointsMoney(80)}
              busy={busy}
              onDeclare={(card, groups) =>
                act({ type: 'declare', card, groups }, () => {
                  setDeclaring(false);
                  hand.clearSelection();
                })
              }
              onClose={() => setDeclaring(false)}
            />
          ) : null}
          <RummyDropDialog
            opened={dropping && choices.canDrop}
            points={choices.dropPoints ?? 0}
            amount={pointsMoney(choices.dropPoints ?? 0)}
            busy={busy}
            onDrop={() => act({ type: 'drop' }, () => setDropping(false))}
            onClose={() => setDropping(false)}
          />
        </>
      }
    >
      {table.hand ? (
        <RummyPiles rummy={rummy} busy={busy} onDraw={(from) => act({ type: 'draw', from })} />
      ) : null}
      {turnLine ? (
        <Text size="sm" fw={600} data-testid="pvp-turn-state">
          {turnLine}
        </Text>
      ) : null}
      {me.status === 'out' ? <Text size="sm">{t('rummy.outOfHand')}</Text> : null}
      {me.status === 'waiting' ? (
        <Text size="sm" c="dimmed" data-testid="pvp-sitting-out">
          {t('table.watchingHand')}
        </Text>
      ) : null}
      {rummy.myCards ? (
        <>
          <RummyHandView rummy={rummy} hand={hand} />
          <Text size="xs" c="dimmed">
            {t('rummy.hint')}
          </Text>
          <Group gap="xs" role="group" aria-label={t('actions.title')}>
            <Button variant="default" size="compact-sm" onClick={hand.sort} data-testid="rummy-sort">
              {t('rummy.sort')}
            </Button>
            <Button
              variant="default"
              size="compact-sm"
              onClick={hand.groupSelected}
              disabled={hand.selected.length === 0}
              data-testid="rummy-group-selected"
            >
              {t('rummy.group')}
            </Button>
            {choices.canDiscard ? (
              <Button
                size="compact-sm"
                onClick={() => single !== null && act({ type: 'discard', card: single }, hand.clearSelection)}
                disabled={busy || single === null}
                data-testid="rummy-discard"
              >
                {single !== null ? t('rummy.discard', { card: nameOf(single) }) : t('rummy.discardNone')}
              </Button>
            ) : null}
            {choices.canDeclare ? (
              <Button
                size="compact-sm"
                color="teal"
                onClick={() => setDeclaring(true)}
                data-testid="rummy-declare"
              >
                {t('rummy.declare')}
              </Button>
            ) : null}
            {choices.canDrop && choices.dropPoints !== null ? (
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                onClick={() => setDropping(true)}
                data-testid="rummy-drop"
              >
                {t('rummy.drop', { points: choices.dropPoints })}
              </Button>
            ) : null}
          </Group>
        </>
      ) : null}
    </PvpPanel>
  );
}

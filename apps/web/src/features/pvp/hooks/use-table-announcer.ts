import type { PvpTable } from '@lotus/shared/pvp.schema';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';
import { lastHandWins } from '../utils/event-text.ts';

/**
 * What a screen reader hears (an aria-live region): "Your turn" when the turn (or a side show's reply)
 * comes to the viewer, and each hand's result once. Not the whole log: a turn passing between others is
 * on screen, not read out.
 */
export function useTableAnnouncer(table: PvpTable | undefined, symbol: string): string {
  const { t } = useTranslation('pvp');
  const [message, setMessage] = useState('');
  const seen = useRef<{ turn: string | null; result: string | null; primed: boolean }>({
    turn: null,
    result: null,
    primed: false,
  });
  useEffect(() => {
    if (!table) return;
    const turnKey =
      table.choices.myTurn && table.hand ? `${table.hand.number}:${table.hand.turnDeadline}` : null;
    const wins = lastHandWins(table.lastEvents);
    const resultKey = wins.length > 0 ? JSON.stringify(wins) : null;
    const parts: string[] = [];
    const state = seen.current;
    if (turnKey !== null && turnKey !== state.turn) parts.push(t('actions.yourTurn'));
    // The result already in the log when the page opens is old news: only later ones are read out.
    if (resultKey !== null && resultKey !== state.result && state.primed) {
      for (const win of wins)
        parts.push(t('log.won', { nick: win.nick, amount: moneyText(win.amountMinor, symbol) }));
    }
    state.turn = turnKey;
    state.result = resultKey;
    state.primed = true;
    if (parts.length > 0) setMessage(parts.join('. '));
  }, [table, symbol, t]);
  return message;
}

import type { PvpTable } from '@lotus/shared/pvp.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { makeRummyTable, RUMMY_MELDS, RUMMY_SPARE } from '../test/pvp-fixtures.ts';
import { PvpTableScreen } from './pvp-table-screen.tsx';

class QuietSocket {
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  send() {}
  close() {}
}

const TABLE_PATH = '/wps/pvp/rooms/tp-low';
const ACTIONS_PATH = `${TABLE_PATH}/actions`;

function stubRoom(table: PvpTable) {
  return stubFetch({
    '/wps/member/info': makeMember(),
    '/wps/v2/wallets/balance': { balanceMinor: '200000', sumBalance: '2000.00', currency: 'INR' },
    [TABLE_PATH]: table,
    [ACTIONS_PATH]: table,
  });
}

/** The bodies POSTed to the actions route. */
function actionsSent(stub: ReturnType<typeof stubFetch>): Record<string, unknown>[] {
  return stub.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === ACTIONS_PATH)
    .map((call) => JSON.parse(String(((call as unknown[])[1] as RequestInit).body)));
}

const cardButton = (id: number) => {
  const found = screen.getAllByTestId('rummy-card').find((card) => card.dataset.card === String(id));
  if (!found) throw new Error(`no card ${id}`);
  return found;
};

describe('Rummy table screen', () => {
  beforeEach(async () => {
    await resetLanguage();
    vi.stubGlobal('WebSocket', QuietSocket);
    useSessionStore.setState({ token: 'member-token' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows the own 14 cards and the other’s count, groups by keyboard and declares after the check', async () => {
    const user = userEvent.setup();
    const stub = stubRoom(makeRummyTable());
    renderUi(<PvpTableScreen roomCode="tp-low" lobbyTitle="Cards" lobbyPath="/pvp" />, {
      path: '/pvp?room=tp-low',
    });
    expect(await screen.findAllByTestId('rummy-card')).toHaveLength(14);
    const ravi = screen.getAllByTestId('pvp-seat').find((seat) => seat.dataset.seat === '4');
    expect(within(ravi as HTMLElement).getByTestId('pvp-seat-card-count').textContent).toContain('13 cards');
    expect(screen.getByTestId('rummy-open-top')).toBeTruthy();
    expect(screen.getByTestId('pvp-turn-state').textContent).toContain('discard a card, or declare');

    // With nothing grouped the declaration would be wrong, and the dialog says why and what it costs.
    await user.click(cardButton(RUMMY_SPARE));
    await user.click(screen.getByTestId('rummy-declare'));
    const check = await screen.findByTestId('rummy-declaration-check');
    expect(check.getAttribute('data-valid')).toBe('false');
    expect(check.textContent).toContain('80 points');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(cardButton(RUMMY_SPARE));

    // Each meld selected (by keyboard for the first) and grouped; the groups name their melds.
    for (const [index, meld] of RUMMY_MELDS.entries()) {
      for (const id of meld) {
        if (index === 0) {
          cardButton(id).focus();
          await user.keyboard(' ');
        } else {
          await user.click(cardButton(id));
        }
        expect(cardButton(id).getAttribute('aria-pressed')).toBe('true');
      }
      await user.click(screen.getByTestId('rummy-group-selected'));
    }
    const groups = screen.getAllByTestId('rummy-group');
    expect(groups.map((group) => group.dataset.kind)).toEqual([
      'none',
      'pure-sequence',
      'pure-sequence',
      'pure-sequence',
      'set',
    ]);
    expect(groups[1]?.getAttribute('aria-label')).toMatch(/Group 1: pure sequence/);

    await user.click(cardButton(RUMMY_SPARE));
    expect(screen.getByTestId('rummy-discard').textContent).toContain('Discard');
    await user.click(screen.getByTestId('rummy-declare'));
    expect((await screen.findByTestId('rummy-declaration-check')).getAttribute('data-valid')).toBe('true');
    await user.click(screen.getByTestId('rummy-declare-confirm'));
    await waitFor(() => expect(actionsSent(stub)).toHaveLength(1));
    expect(actionsSent(stub)[0]).toEqual({ type: 'declare', card: RUMMY_SPARE, groups: RUMMY_MELDS });
  }, 90_000);

  it('drops only after a confirm that names the points and the money', async () => {
    const user = userEvent.setup();
    const base = makeRummyTable();
    const rummy = base.rummy as NonNullable<PvpTable['rummy']>;
    const table = makeRummyTable({
      rummy: {
        ...rummy,
        phase: 'draw',
        myCards: rummy.myCards?.slice(1) ?? null,
        choices: {
          ...rummy.choices,
          canDiscard: false,
          canDeclare: false,
          canDrawClosed: true,
          canDrawOpen: true,
          canDrop: true,
          dropPoints: 20,
        },
      },
    });
    const stub = stubRoom(table);
    renderUi(<PvpTableScreen roomCode="tp-low" lobbyTitle="Cards" lobbyPath="/pvp" />, {
      path: '/pvp?room=tp-low',
    });
    await user.click(await screen.findByTestId('rummy-drop'));
    const dialog = await screen.findByTestId('rummy-drop-dialog');
    expect(dialog.textContent).toContain('20 points (P20.00)');
    expect(actionsSent(stub)).toHaveLength(0);
    await user.click(screen.getByTestId('rummy-drop-confirm'));
    await waitFor(() => expect(actionsSent(stub)).toEqual([{ type: 'drop' }]));
    await user.click(screen.getByTestId('rummy-draw-closed'));
    await waitFor(() =>
      expect(actionsSent(stub)).toEqual([{ type: 'drop' }, { type: 'draw', from: 'closed' }]),
    );
  });
});

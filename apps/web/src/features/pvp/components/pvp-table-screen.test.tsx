import type { PvpTable } from '@lotus/shared/pvp.schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { makeSeat, makeTable, makeWatchedTable } from '../test/pvp-fixtures.ts';
import { PvpTableScreen } from './pvp-table-screen.tsx';

/** Just enough of a WebSocket to see what the table subscribes to and to push snapshots. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  receive(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

const TABLE_PATH = '/wps/pvp/rooms/tp-low';
const ACTIONS_PATH = `${TABLE_PATH}/actions`;

type Sent = { body: Record<string, unknown>; headers: Record<string, string> };
function sentTo(stub: ReturnType<typeof stubFetch>, path: string): Sent[] {
  return stub.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map((call) => {
      const init = (call as unknown[])[1] as RequestInit;
      return { body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> };
    })
    .filter((sent) => sent.body !== null);
}

function stubRoom(
  table: PvpTable,
  answer: (body: Record<string, unknown>) => PvpTable | Response = () => table,
) {
  let posted: Record<string, unknown> | null = null;
  const stub = stubFetch({
    '/wps/member/info': makeMember(),
    '/wps/v2/wallets/balance': { balanceMinor: '200000', sumBalance: '2000.00', currency: 'INR' },
    [TABLE_PATH]: table,
    [ACTIONS_PATH]: () => answer(posted ?? {}),
  });
  // The action route answers from the body it was sent: read it before the stub answers.
  const inner = stub.getMockImplementation();
  stub.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    posted = init?.body ? JSON.parse(String(init.body)) : null;
    return (inner as (input: RequestInfo | URL) => Promise<Response>)(input);
  });
  return stub;
}

function renderTable() {
  return renderUi(<PvpTableScreen roomCode="tp-low" lobbyTitle="Cards" lobbyPath="/pvp" />, {
    path: '/pvp?room=tp-low',
  });
}

describe('PVP table screen', () => {
  beforeEach(async () => {
    await resetLanguage();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    useSessionStore.setState({ token: 'member-token' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows the seats around the table, the viewer’s own cards only, the pot and the turn', async () => {
    stubRoom(makeTable());
    renderTable();
    expect(await screen.findByTestId('pvp-felt')).toBeTruthy();
    const seats = screen.getAllByTestId('pvp-seat');
    expect(seats.map((seat) => seat.getAttribute('data-seat'))).toEqual(['2', '4']);
    const mine = screen.getAllByTestId('pvp-my-card');
    expect(mine.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Ace of spades',
      'King of hearts',
      'Queen of diamonds',
    ]);
    // Ravi's cards are dealt but face down.
    const ravi = seats[1] as HTMLElement;
    const raviCards = within(ravi).getAllByRole('img');
    expect(raviCards.map((card) => card.getAttribute('data-face'))).toEqual(['down', 'down', 'down']);
    expect(ravi.getAttribute('aria-label')).toBe('Seat 5: ravi, stack P990.00, blind');
    expect(screen.getByTestId('pvp-pot').textContent).toBe('P20.00');
    expect(screen.getByTestId('pvp-turn-ring')).toBeTruthy();
    expect(screen.getByTestId('pvp-turn-state').textContent).toBe('Your turn');
    expect(screen.getByTestId('pvp-announcer').textContent).toBe('Your turn');
    expect(screen.getByTestId('pvp-rules-rake').textContent).toBe('5 % of every pot, at most P500.00');
    expect(screen.getByTestId('pvp-bot-policy').textContent).toBe(
      'All players are real people — no house players.',
    );
    // The room's private pushes: auth first, then the subscription once the socket is ready.
    const socket = FakeSocket.all[0] as FakeSocket;
    act(() => socket.onopen?.());
    socket.receive({ type: 'ready' });
    expect(socket.sent.map((text) => JSON.parse(text))).toEqual([
      { type: 'auth', token: 'member-token' },
      { type: 'pvp.subscribe', roomCode: 'tp-low' },
    ]);
  });

  it('offers only the moves the server allows and sends them', async () => {
    const stub = stubRoom(makeTable(), () =>
      makeTable({
        version: 11,
        choices: { ...makeTable().choices, myTurn: false, chaalMinor: null, canShow: false },
      }),
    );
    renderTable();
    const chaal = await screen.findByTestId('pvp-chaal');
    expect(chaal.textContent).toBe('Chaal P20.00');
    expect(screen.getByTestId('pvp-double').textContent).toBe('Raise P40.00');
    expect(screen.getByTestId('pvp-show').textContent).toBe('Show (P20.00)');
    expect(screen.queryByTestId('pvp-see')).toBeNull();
    expect(screen.queryByTestId('pvp-side-show')).toBeNull();
    await userEvent.click(chaal);
    await waitFor(() => expect(screen.queryByTestId('pvp-chaal')).toBeNull());
    expect(sentTo(stub, ACTIONS_PATH).map((sent) => sent.body)).toEqual([
      { type: 'chaal', amountMinor: '2000' },
    ]);
    expect(screen.getByTestId('pvp-turn-state').textContent).toBe('Waiting for asha');
  });

  it('answers a side show asked of them', async () => {
    const table = makeTable({
      seats: [
        null,
        makeSeat(1, { nick: 'meera', status: 'seen' }),
        makeSeat(2, {
          nick: 'asha',
          me: true,
          status: 'seen',
          cards: [
            { rank: 2, suit: 3 },
            { rank: 2, suit: 1 },
            { rank: 9, suit: 0 },
          ],
        }),
        null,
        makeSeat(4, { nick: 'ravi' }),
        null,
      ],
      hand: {
        ...(makeTable().hand as NonNullable<PvpTable['hand']>),
        turnSeat: 2,
        sideShow: { from: 4, to: 2 },
      },
      choices: {
        myTurn: true,
        chaalMinor: null,
        canSee: false,
        canShow: false,
        canSideShow: false,
        mustReplySideShow: true,
      },
    });
    const stub = stubRoom(table);
    renderTable();
    expect((await screen.findByTestId('pvp-side-show-asked')).textContent).toContain(
      'ravi asks you for a side show',
    );
    await userEvent.click(screen.getByTestId('pvp-deny'));
    await waitFor(() => expect(sentTo(stub, ACTIONS_PATH)).toHaveLength(1));
    expect(sentTo(stub, ACTIONS_PATH)[0]?.body).toEqual({ type: 'side-show-reply', accept: false });
  });

  it('buys in within the range through a confirm step with an Idempotency-Key', async () => {
    const seated = makeTable({ version: 11 });
    const stub = stubRoom(makeWatchedTable(), () => seated);
    renderTable();
    const sitButtons = await screen.findAllByTestId('pvp-sit-here');
    expect(sitButtons).toHaveLength(5);
    expect(screen.getByTestId('pvp-watching')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sit at seat 3' }));
    const amount = await screen.findByTestId('pvp-buy-in-amount');
    expect((amount as HTMLInputElement).value).toBe('500.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '4000');
    await userEvent.click(screen.getByTestId('pvp-buy-in-continue'));
    // More than the wallet holds (P2,000.00): refused before any request.
    expect(await screen.findByText('Insufficient balance.')).toBeTruthy();
    expect(screen.queryByTestId('pvp-sit-confirm')).toBeNull();
    await userEvent.clear(amount);
    await userEvent.type(amount, '600');
    await userEvent.click(screen.getByTestId('pvp-buy-in-continue'));
    expect((await screen.findByTestId('pvp-sit-confirm-amount')).textContent).toBe('P600.00');
    await userEvent.click(screen.getByTestId('pvp-sit-confirm-confirm'));
    await waitFor(() => expect(sentTo(stub, ACTIONS_PATH)).toHaveLength(1));
    const [sit] = sentTo(stub, ACTIONS_PATH);
    expect(sit?.body).toEqual({ type: 'sit', seat: 2, buyInMinor: '60000' });
    expect(sit?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.queryByTestId('pvp-sit-confirm')).toBeNull());
    expect(await screen.findByTestId('pvp-my-cards')).toBeTruthy();
  });

  it('sits again with a new key after a sit that was cancelled', async () => {
    let attempts = 0;
    const stub = stubRoom(makeWatchedTable(), () => {
      attempts += 1;
      return attempts === 1
        ? Response.json({ success: false, message: 'pvp_sit_cancelled', value: null }, { status: 409 })
        : makeTable({ version: 11 });
    });
    renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Sit at seat 3' }));
    await userEvent.click(await screen.findByTestId('pvp-buy-in-continue'));
    await userEvent.click(await screen.findByTestId('pvp-sit-confirm-confirm'));
    expect((await screen.findByTestId('pvp-sit-confirm-error')).textContent).toContain('did not go through');
    await userEvent.click(screen.getByTestId('pvp-sit-confirm-confirm'));
    await waitFor(() => expect(screen.queryByTestId('pvp-sit-confirm-error')).toBeNull());
    await userEvent.click(screen.getByTestId('pvp-sit-confirm-confirm'));
    await waitFor(() => expect(sentTo(stub, ACTIONS_PATH)).toHaveLength(2));
    const [first, second] = sentTo(stub, ACTIONS_PATH).map((sent) => sent.headers['Idempotency-Key']);
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await screen.findByTestId('pvp-my-cards')).toBeTruthy();
  });

  it('warns before leaving mid-hand and returns the stack through a confirm', async () => {
    const stub = stubRoom(makeTable(), () => makeWatchedTable({ version: 12 }));
    renderTable();
    await userEvent.click(await screen.findByTestId('pvp-leave'));
    expect((await screen.findByTestId('pvp-leave-confirm-amount')).textContent).toBe('P990.00');
    expect(screen.getByTestId('pvp-leave-confirm-summary').textContent).toContain('leaving packs your cards');
    await userEvent.click(screen.getByTestId('pvp-leave-confirm-confirm'));
    await waitFor(() => expect(sentTo(stub, ACTIONS_PATH)).toHaveLength(1));
    expect(sentTo(stub, ACTIONS_PATH)[0]?.body).toEqual({ type: 'leave' });
    expect(sentTo(stub, ACTIONS_PATH)[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByTestId('pvp-watching')).toBeTruthy();
  });

  it('takes newer pushes, drops older ones, and announces the result', async () => {
    stubRoom(makeTable());
    renderTable();
    await screen.findByTestId('pvp-felt');
    const socket = FakeSocket.all[0] as FakeSocket;
    socket.receive({ type: 'ready' });
    const ended = makeTable({
      version: 14,
      state: 'waiting',
      hand: null,
      choices: makeWatchedTable().choices,
      seats: [
        null,
        null,
        makeSeat(2, { nick: 'asha', me: true, status: 'waiting', stackMinor: '100900' }),
        null,
        makeSeat(4, { nick: 'ravi', status: 'waiting', stackMinor: '98000' }),
        null,
      ],
      lastEvents: [
        ...makeTable().lastEvents,
        { type: 'packed', seat: 4, reason: 'pack' },
        { type: 'rake', amountMinor: '100' },
        { type: 'won', seat: 2, nick: 'asha', amountMinor: '1900' },
        { type: 'hand-ended', hand: 7, serverSeed: 'seed', clientSeed: 'client', nonce: 7 },
      ],
    });
    socket.receive({ type: 'pvp.table', table: ended });
    expect((await screen.findByTestId('pvp-result')).textContent).toBe('Last hand: asha won P19.00');
    expect(screen.getByTestId('pvp-announcer').textContent).toBe('asha won P19.00');
    // An older snapshot arriving late does not bring the hand back.
    socket.receive({ type: 'pvp.table', table: makeTable({ version: 13 }) });
    expect(screen.getByTestId('pvp-no-hand')).toBeTruthy();
    const log = within(screen.getByTestId('pvp-log'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(log.slice(0, 4)).toEqual([
      'Hand 7 over. Server seed seed',
      'asha won P19.00',
      'Rake P1.00',
      'ravi packed',
    ]);
  });

  it('turns the other hands face up from a show', async () => {
    const shown = makeTable({
      hand: null,
      state: 'waiting',
      choices: makeWatchedTable().choices,
      lastEvents: [
        ...makeTable().lastEvents,
        {
          type: 'show',
          reason: 'show',
          hands: [
            {
              seat: 2,
              cards: [
                { rank: 1, suit: 0 },
                { rank: 13, suit: 1 },
                { rank: 12, suit: 2 },
              ],
              category: 'sequence',
            },
            {
              seat: 4,
              cards: [
                { rank: 5, suit: 3 },
                { rank: 5, suit: 1 },
                { rank: 9, suit: 0 },
              ],
              category: 'pair',
            },
          ],
        },
        { type: 'won', seat: 2, nick: 'asha', amountMinor: '1900' },
      ],
    });
    stubRoom(shown);
    renderTable();
    const ravi = (await screen.findAllByTestId('pvp-seat'))[1] as HTMLElement;
    expect(
      within(ravi)
        .getAllByRole('img')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Five of clubs', 'Five of hearts', 'Nine of spades']);
    expect(screen.getByTestId('pvp-log').textContent).toContain('ravi 5♣ 5♥ 9♠ (pair)');
  });

  it('asks a visitor to log in', async () => {
    useSessionStore.setState({ token: null });
    stubRoom(makeTable());
    renderTable();
    expect(await screen.findByTestId('login-required')).toBeTruthy();
  });
});

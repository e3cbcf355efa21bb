import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { makeRoom } from '../test/pvp-fixtures.ts';
import { PvpRooms } from './pvp-rooms.tsx';

const ROOMS = '/wps/relay/GLS2_roomList';

describe('PVP room list', () => {
  beforeEach(() => resetLanguage());
  afterEach(() => useSessionStore.setState({ token: null }));

  it('lists the rooms with boot, buy-in, seats and state, and opens one', async () => {
    useSessionStore.setState({ token: 'member-token' });
    const stub = stubFetch({
      '/wps/member/info': makeMember(),
      [ROOMS]: {
        list: [makeRoom(), makeRoom({ roomCode: 'tp-high', name: 'High', seatsTaken: 0, state: 'waiting' })],
      },
    });
    const { router } = renderUi(<PvpRooms />, { path: '/pvp?page=ABC' });
    const rooms = await screen.findAllByTestId('pvp-room');
    expect(rooms.map((room) => room.getAttribute('data-room'))).toEqual(['tp-low', 'tp-high']);
    expect(screen.getAllByTestId('pvp-room-boot')[0]?.textContent).toBe('P10.00');
    expect(screen.getAllByTestId('pvp-room-seats').map((seats) => seats.textContent)).toEqual([
      '2 of 6',
      '0 of 6',
    ]);
    expect(screen.getByText('Waiting for players')).toBeTruthy();
    expect(screen.getAllByText('P500.00 – P5,000.00')).toHaveLength(2);
    const call = stub.mock.calls.find(([input]) => String(input).startsWith(ROOMS));
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('language')).toBe('EN');
    await userEvent.click(screen.getByRole('button', { name: 'Open the table High' }));
    expect(router.state.location.search).toBe('?page=ABC&room=tp-high');
  });

  it('says so when no room is open, and when the list fails', async () => {
    useSessionStore.setState({ token: 'member-token' });
    stubFetch({ '/wps/member/info': makeMember(), [ROOMS]: { list: [] } });
    const first = renderUi(<PvpRooms />);
    expect((await screen.findByTestId('pvp-rooms-empty')).textContent).toContain(
      'No tables are open right now.',
    );
    first.unmount();
    stubFetch({ '/wps/member/info': makeMember() });
    renderUi(<PvpRooms />);
    expect(await screen.findByTestId('pvp-rooms-error')).toBeTruthy();
  });

  it('asks a visitor to log in without calling the list', async () => {
    const stub = stubFetch({});
    renderUi(<PvpRooms />);
    expect(await screen.findByTestId('login-required')).toBeTruthy();
    expect(stub).not.toHaveBeenCalled();
  });
});

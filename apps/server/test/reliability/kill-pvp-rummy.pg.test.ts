import { describeKillMidHand } from './kill-pvp-scenario.ts';

/**
 * kill -9 mid-hand (kill-pvp-scenario.ts) at a 13-card Rummy table: three turns (draw from the closed pile,
 * discard the first card held) before the kills; the leaver's drop penalty stays in the pot.
 */
describeKillMidHand({
  room: 'rm-bronze',
  kind: 'Rummy',
  playSomeMoves: async ({ bySeat, act, tableOf, expectOk }) => {
    for (let step = 0; step < 3; step += 1) {
      const mover = bySeat((await tableOf(bySeat(0))).hand?.turnSeat ?? 0);
      expectOk(await act(mover, { type: 'draw', from: 'closed' }), 'draw');
      const card = (await tableOf(mover)).rummy?.myCards?.[0];
      if (card === undefined) throw new Error('the mover holds no cards after drawing');
      expectOk(await act(mover, { type: 'discard', card }), 'discard');
    }
  },
});

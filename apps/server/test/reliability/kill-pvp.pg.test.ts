import { describeKillMidHand } from './kill-pvp-scenario.ts';

/** kill -9 mid-hand (kill-pvp-scenario.ts) at a Teen Patti table: three chaals before the kills. */
describeKillMidHand({
  room: 'tp-bronze',
  kind: 'Teen Patti',
  playSomeMoves: async ({ bySeat, act, tableOf, expectOk }) => {
    for (let step = 0; step < 3; step += 1) {
      const mover = bySeat((await tableOf(bySeat(0))).hand?.turnSeat ?? 0);
      const amount = (await tableOf(mover)).choices.chaalMinor?.[0] ?? '0';
      expectOk(await act(mover, { type: 'chaal', amountMinor: amount }), 'chaal');
    }
  },
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { connectWs, listenForSockets } from '../../../test/helpers/ws-client.ts';
import { DEMO_JACKPOT } from '../../db/seed/demo-jackpot.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';
import { playRound } from './jackpot.fixture.ts';

const SPIN = { game: 'slot', betMinor: '1000' };

describe.each(testBackends())('jackpot pushes over the realtime socket [%s]', (backend) => {
  let test: TestApp;
  let fx: InhouseFixture;
  let url: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await inhouseFixture(test.app, test.database);
    url = await listenForSockets(test.app);
  }, 60_000);
  afterAll(() => test?.close());

  it('every socket of the brand hears the pot grow after another player’s round, at most once a second', async () => {
    const watcher = await fx.wallet.member();
    const socket = await connectWs(url);
    socket.send({ type: 'auth', token: watcher.token });
    await socket.next('ready');

    const player = await fx.wallet.member({ fundMinor: 100_000n });
    const { token } = await fx.open(player.id, 'lotus-fortune');
    const stake = await playRound(fx, token, SPIN);
    const expected = String(
      DEMO_JACKPOT.seedMinor + (stake * BigInt(DEMO_JACKPOT.contributionBps)) / 10_000n,
    );
    const first = await socket.next('jackpot');
    expect(first.list).toContainEqual({ code: DEMO_JACKPOT.code, potMinor: expected, currency: 'INR' });
    const pushedAt = Date.now();

    // Three more rounds at once: one push for them, not before a second has passed since the first.
    await Promise.all([playRound(fx, token, SPIN), playRound(fx, token, SPIN), playRound(fx, token, SPIN)]);
    const next = await socket.next('jackpot', (message) =>
      message.list.some((pot) => pot.code === DEMO_JACKPOT.code && BigInt(pot.potMinor) > BigInt(expected)),
    );
    expect(Date.now() - pushedAt).toBeGreaterThanOrEqual(900);
    expect(next.list.find((pot) => pot.code === DEMO_JACKPOT.code)?.potMinor).toBe(
      String(BigInt(expected) + 3n * ((stake * BigInt(DEMO_JACKPOT.contributionBps)) / 10_000n)),
    );
    socket.close();
    await socket.closed;
  });
});

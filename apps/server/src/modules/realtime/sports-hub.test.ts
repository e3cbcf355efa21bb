import { REALTIME_CLOSE_UNAUTHORIZED } from '@lotus/shared/realtime';
import type { SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { connectWs, listenForSockets } from '../../../test/helpers/ws-client.ts';
import { seedSportsCompetitions } from '../../db/seed/demo-sportsbook.ts';
import { sportsbookFeedServices } from '../sportsbook/sportsbook-feed-part.ts';
import { SportsHub } from './sports-hub.ts';

const silentLog = { warn: () => undefined } as never;
const summary = (id: string, sport: 'football' | 'cs2'): SportsEventSummary =>
  ({ id, sport, status: 'live' }) as SportsEventSummary;

describe('SportsHub throttle and routing', () => {
  it('answers a burst with one read now and one after the interval, to id and group followers of the brand', async () => {
    let reads = 0;
    const hub = new SportsHub(
      async (id) => {
        reads += 1;
        return { brandId: 1n, event: summary(id.toString(), 'football') };
      },
      silentLog,
      200,
    );
    const byId: string[] = [];
    const byGroup: string[] = [];
    const other: string[] = [];
    hub.follow({ readyState: 1, send: (text) => byId.push(text) }, 1n, ['7'], null);
    hub.follow({ readyState: 1, send: (text) => byGroup.push(text) }, 1n, [], 'sports');
    hub.follow({ readyState: 1, send: (text) => other.push(text) }, 1n, [], 'esports');
    hub.follow({ readyState: 1, send: (text) => other.push(text) }, 2n, ['7'], 'sports');
    hub.changed('7');
    await vi.waitFor(() => expect(byId).toHaveLength(1));
    for (let i = 0; i < 5; i += 1) hub.changed('7');
    await vi.waitFor(() => expect(byId).toHaveLength(2));
    expect(reads).toBe(2);
    expect(byGroup).toHaveLength(2);
    expect(JSON.parse(byId[0] as string)).toEqual({ type: 'sports.event', event: summary('7', 'football') });
    expect(other).toEqual([]);
    hub.changed('junk');
    hub.stop();
    expect(reads).toBe(2);
  });

  it('reads nothing for an event nobody follows by id when no socket follows a group', async () => {
    let reads = 0;
    const hub = new SportsHub(
      async () => {
        reads += 1;
        return null;
      },
      silentLog,
      0,
    );
    hub.follow({ readyState: 1, send: () => undefined }, 1n, ['5'], null);
    hub.changed('6');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(0);
    hub.stop();
  });
});

describe.each(testBackends())('sports pushes on the socket [%s]', (backend) => {
  let test: TestApp;
  let url: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    url = await listenForSockets(test.app);
    const brand = await test.database.db
      .selectFrom('brands')
      .select('id')
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    await test.database.db.transaction().execute((trx) => seedSportsCompetitions(trx, brand.id));
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it("pushes a followed event's summary to a visitor when the feed plays it", async () => {
    const services = sportsbookFeedServices({ db: test.database.db, clock: { now: () => new Date() } });
    const brand = await services.reads.brandOf(null);
    const eventId = await services.feed.devFixture(brand.id, 'football', true);
    const visitor = await connectWs(url);
    visitor.send({ type: 'sports.subscribe', eventIds: [eventId.toString()] });
    await visitor.next('ready');
    expect(await visitor.next('sports.subscribed')).toEqual({
      type: 'sports.subscribed',
      eventIds: [eventId.toString()],
      group: null,
    });
    const lobby = await connectWs(url);
    lobby.send({ type: 'sports.subscribe', group: 'sports' });
    await lobby.next('ready');
    const esports = await connectWs(url);
    esports.send({ type: 'sports.subscribe', group: 'esports' });
    await esports.next('ready');

    await services.feed.advanceEvent(eventId, { steps: 3 });
    const pushed = (await visitor.next('sports.event')) as { event: SportsEventSummary };
    expect(pushed.event).toMatchObject({ id: eventId.toString(), sport: 'football', status: 'live' });
    expect(pushed.event.mainMarket?.type).toBe('match_result');
    expect(((await lobby.next('sports.event')) as { event: SportsEventSummary }).event.id).toBe(
      eventId.toString(),
    );
    await expect(esports.next('sports.event', undefined, 300)).rejects.toThrow();
    for (const socket of [visitor, lobby, esports]) socket.close();
  });

  it('applies subscriptions in the order they came: a later list is never overwritten by an earlier one', async () => {
    const services = sportsbookFeedServices({ db: test.database.db, clock: { now: () => new Date() } });
    const brand = await services.reads.brandOf(null);
    const followed = (await services.feed.devFixture(brand.id, 'football', true)).toString();
    const other = (await services.feed.devFixture(brand.id, 'football', true)).toString();
    const socket = await connectWs(url);
    // A slip re-registering its follower: the page's list alone, then the union, back to back.
    socket.send({ type: 'sports.subscribe', eventIds: [other] });
    socket.send({ type: 'sports.subscribe', eventIds: [followed, other].sort() });
    await socket.next('ready');
    expect(((await socket.next('sports.subscribed')) as { eventIds: string[] }).eventIds).toEqual([other]);
    expect(((await socket.next('sports.subscribed')) as { eventIds: string[] }).eventIds).toEqual(
      [followed, other].sort(),
    );
    await services.feed.advanceEvent(BigInt(followed), { steps: 2 });
    expect(((await socket.next('sports.event')) as { event: SportsEventSummary }).event.id).toBe(followed);
    socket.close();
  });

  it('refuses a malformed sports subscription as a first message', async () => {
    const bad = await connectWs(url);
    bad.send({ type: 'sports.subscribe', eventIds: ['x'] });
    expect(await bad.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);
    const group = await connectWs(url);
    group.send({ type: 'sports.subscribe', group: 'golf' });
    expect(await group.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);
  });
});

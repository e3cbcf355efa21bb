import { errorEnvelope } from '@lotus/shared/envelope';
import {
  messagePageResponse,
  messageUnreadResponse,
  sentMessageResponse,
  unreadCountsResponse,
} from '@lotus/shared/messages.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { loginAs } from '../../../test/helpers/login-helper.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { MessagesService } from './messages.service.ts';

type Member = { id: bigint; username: string; token: string };

describe.each(testBackends())('platform messages [%s]', (backend) => {
  let test: TestApp;
  let members: WalletFixture;
  let support: string;
  let finance: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    members = await walletFixture(test.app, test.database);
    support = await operatorTokenFor(test.app, test.database.db, 'support');
    finance = await operatorTokenFor(test.app, test.database.db, 'finance');
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function send(payload: Record<string, unknown>, token = support) {
    return test.app.inject({ method: 'POST', url: '/wps/ops/messages', headers: bearer(token), payload });
  }
  async function sendOk(payload: Record<string, unknown>): Promise<string> {
    const response = await send(payload);
    expect(response.statusCode, response.body).toBe(200);
    return sentMessageResponse.parse(response.json()).value.id;
  }
  async function list(member: Member, query = '') {
    const response = await test.app.inject({
      method: 'GET',
      url: `/wps/member/messages${query}`,
      headers: bearer(member.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return messagePageResponse.parse(response.json()).value;
  }
  async function counts(token: string) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/CSP_unreadCount',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return unreadCountsResponse.parse(response.json()).value;
  }
  const act = (member: Member, method: 'POST' | 'DELETE', url: string) =>
    test.app.inject({ method, url, headers: bearer(member.token) });

  it('refuses visitors with 401 not_logged_in', async () => {
    for (const [method, url] of [
      ['GET', '/wps/member/messages'],
      ['POST', '/wps/member/messages/1/read'],
      ['POST', '/wps/member/messages/read-all'],
      ['DELETE', '/wps/member/messages/1'],
      ['POST', '/wps/relay/CSP_unreadCount'],
    ] as const) {
      const response = await test.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(errorEnvelope.parse(response.json()).message).toBe('not_logged_in');
    }
  });

  it('shows the demo player its two seeded messages, one unread', async () => {
    const token = await loginAs(test.app, 'demo_player', demoAccount('demo_player').password);
    const page = await list({ id: 0n, username: 'demo_player', token });
    expect(page.total).toBe(2);
    expect(page.list.map((item) => [item.title, item.read])).toEqual([
      ['Try our in-house games', false],
      ['Welcome to Lotus', true],
    ]);
    expect((await counts(token)).messageCount).toBe(1);
  });

  it('lists newest first, 10 a page by default, with paging', async () => {
    const member = await members.member();
    for (let index = 1; index <= 12; index += 1) {
      await sendOk({ username: member.username, title: `Paged ${index}`, body: `<p>Body ${index}</p>` });
    }
    const first = await list(member);
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 12, totalPages: 2 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0]).toMatchObject({ title: 'Paged 12', body: '<p>Body 12</p>', read: false });
    expect(Number.isNaN(Date.parse(first.list[0]?.createdAt ?? ''))).toBe(false);
    const second = await list(member, '?page=2');
    expect(second.list.map((item) => item.title)).toEqual(['Paged 2', 'Paged 1']);
    const small = await list(member, '?page=3&pageSize=5');
    expect(small.list.map((item) => item.title)).toEqual(['Paged 2', 'Paged 1']);
    const beyond = await list(member, '?page=9');
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(12);
    const bad = await act(member, 'POST', '/wps/member/messages/abc/read');
    expect(bad.statusCode).toBe(400);
    const badPage = await test.app.inject({
      method: 'GET',
      url: '/wps/member/messages?pageSize=500',
      headers: bearer(member.token),
    });
    expect(badPage.statusCode).toBe(400);
  });

  it('marks one read idempotently, then all read, and counts unread', async () => {
    const member = await members.member();
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three'])
      ids.push(await sendOk({ username: member.username, title, body: 'x' }));
    expect((await counts(member.token)).messageCount).toBe(3);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const read = await act(member, 'POST', `/wps/member/messages/${ids[0]}/read`);
      expect(read.statusCode, read.body).toBe(200);
      expect(messageUnreadResponse.parse(read.json()).value).toEqual({ unread: 2 });
    }
    expect((await list(member)).list.find((item) => item.id === ids[0])?.read).toBe(true);
    const all = await act(member, 'POST', '/wps/member/messages/read-all');
    expect(messageUnreadResponse.parse(all.json()).value).toEqual({ unread: 0 });
    expect((await list(member)).list.every((item) => item.read)).toBe(true);
    expect(await counts(member.token)).toEqual({ messageCount: 0, rewardCount: 0, missionCount: 0 });
    // Nothing left to mark: still a success.
    expect((await act(member, 'POST', '/wps/member/messages/read-all')).statusCode).toBe(200);
  });

  it('deletes (hides) a message for that member only', async () => {
    const member = await members.member();
    const id = await sendOk({ username: member.username, title: 'To delete', body: 'bye' });
    const kept = await sendOk({ username: member.username, title: 'To keep', body: 'stay' });
    const removed = await act(member, 'DELETE', `/wps/member/messages/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(messageUnreadResponse.parse(removed.json()).value).toEqual({ unread: 1 });
    expect((await list(member)).list.map((item) => item.id)).toEqual([kept]);
    // Hidden: gone for reading and deleting again.
    const again = await act(member, 'DELETE', `/wps/member/messages/${id}`);
    expect(again.statusCode).toBe(404);
    expect((await act(member, 'POST', `/wps/member/messages/${id}/read`)).statusCode).toBe(404);
    // A read-all does not bring it back.
    await act(member, 'POST', '/wps/member/messages/read-all');
    expect((await list(member)).total).toBe(1);
  });

  it("answers 404 message_not_found for another member's message or an unknown id", async () => {
    const owner = await members.member();
    const other = await members.member();
    const id = await sendOk({ username: owner.username, title: 'Private', body: '<p>owner only</p>' });
    for (const [method, url] of [
      ['POST', `/wps/member/messages/${id}/read`],
      ['DELETE', `/wps/member/messages/${id}`],
      ['POST', '/wps/member/messages/987654321/read'],
      ['DELETE', '/wps/member/messages/987654321'],
    ] as const) {
      const response = await act(other, method, url);
      expect(response.statusCode, url).toBe(404);
      expect(errorEnvelope.parse(response.json()).message).toBe('message_not_found');
    }
    expect((await list(other)).list.some((item) => item.id === id)).toBe(false);
    // The owner's state did not change.
    expect((await list(owner)).list.find((item) => item.id === id)?.read).toBe(false);
  });

  it('shows a broadcast to members registered before it, with per-member read and delete', async () => {
    const early = await members.member();
    const alsoEarly = await members.member();
    const broadcast = await sendOk({ title: 'Maintenance tonight', body: '<p>From 2 to 3 am.</p>' });
    const late = await members.member();
    expect((await list(early)).list.map((item) => item.id)).toContain(broadcast);
    expect((await list(late)).list.map((item) => item.id)).not.toContain(broadcast);
    expect((await act(late, 'POST', `/wps/member/messages/${broadcast}/read`)).statusCode).toBe(404);

    const read = await act(early, 'POST', `/wps/member/messages/${broadcast}/read`);
    expect(read.statusCode).toBe(200);
    expect((await list(alsoEarly)).list.find((item) => item.id === broadcast)?.read).toBe(false);
    await act(early, 'DELETE', `/wps/member/messages/${broadcast}`);
    expect((await list(early)).list.map((item) => item.id)).not.toContain(broadcast);
    expect((await list(alsoEarly)).list.map((item) => item.id)).toContain(broadcast);
    // The broadcast went to this brand only: a member of another brand never sees it.
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select(['operator_id', 'member_id', 'detail'])
      .where('action', '=', 'message.sent')
      .execute();
    expect(
      audit.find((row) => String((row.detail as { messageId?: unknown }).messageId) === broadcast),
    ).toMatchObject({ member_id: null, detail: { broadcast: true, title: 'Maintenance tonight' } });
  });

  it('gives trial and type-4 accounts no messages', async () => {
    const guest = await members.member({ type: 4 });
    await sendOk({ title: 'For everyone', body: 'hello' });
    expect((await list(guest)).list).toEqual([]);
    expect((await counts(guest.token)).messageCount).toBe(0);
    expect((await send({ username: guest.username, title: 'Hi', body: 'x' })).statusCode).toBe(403);
  });

  it('stores the body sanitised and refuses a body with nothing left', async () => {
    const member = await members.member();
    const id = await sendOk({
      username: member.username,
      title: '<b>Plain</b> title',
      body: '<p onclick="steal()">Hello<script>alert(1)</script><img src="javascript:x"></p><a href="https://example.com">ok</a>',
    });
    const stored = await test.database.db
      .selectFrom('platform_messages')
      .select(['title', 'body'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(stored.body).not.toMatch(/script|onclick|javascript/i);
    expect(stored.body).toContain('<p>Hello</p>');
    expect(stored.body).toContain('href="https://example.com"');
    // Titles are plain text: kept as typed, escaped by whoever shows them.
    expect(stored.title).toBe('<b>Plain</b> title');
    const empty = await send({
      username: member.username,
      title: 'Empty',
      body: '<script>alert(1)</script>',
    });
    expect(empty.statusCode).toBe(400);
    expect(errorEnvelope.parse(empty.json()).message).toBe('field_invalid');
    const nul = await send({ username: member.username, title: 'a\u0000b', body: 'x' });
    expect(nul.statusCode).toBe(400);
  });

  it('lets support and admin send, audited; refuses finance, members and bad input', async () => {
    const member = await members.member();
    const sent = await send({ username: member.username.toUpperCase(), title: 'Case', body: 'b' });
    expect(sentMessageResponse.parse(sent.json()).value).toMatchObject({
      username: member.username,
      title: 'Case',
    });
    const id = sentMessageResponse.parse(sent.json()).value.id;
    const row = await test.database.db
      .selectFrom('audit_log')
      .select(['operator_id', 'member_id', 'ip', 'detail'])
      .where('action', '=', 'message.sent')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.operator_id).not.toBeNull();
    expect(row.detail).toMatchObject({ messageId: id, broadcast: false });
    expect(row.detail).not.toHaveProperty('via');

    const admin = await operatorTokenFor(test.app, test.database.db, 'admin');
    expect((await send({ title: 'From admin', body: 'b' }, admin)).statusCode).toBe(200);
    const refused = await send({ title: 'Nope', body: 'b' }, finance);
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).message).toBe('operator_forbidden');
    expect((await send({ title: 'Nope', body: 'b' }, member.token)).statusCode).toBe(401);
    expect((await send({ username: 'nobody_here', title: 't', body: 'b' })).statusCode).toBe(404);
    expect((await send({ title: '', body: 'b' })).statusCode).toBe(400);
    expect((await send({ title: 'x'.repeat(121), body: 'b' })).statusCode).toBe(400);
    expect((await send({ title: 't', body: 'x'.repeat(20_001) })).statusCode).toBe(400);
    expect((await send({ title: 't', body: 'b', extra: 1 })).statusCode).toBe(400);
  });

  it('takes rewardCount from the function it is given', async () => {
    const member = await members.member();
    const row = await test.database.db
      .selectFrom('members')
      .select(['id', 'brand_id', 'created_at', 'is_trial', 'member_type'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const asked: bigint[] = [];
    const service = new MessagesService({
      db: test.database.db,
      countUnclaimedRewards: async (memberId) => {
        asked.push(memberId);
        return 3;
      },
    });
    await sendOk({ username: member.username, title: 'Counted', body: 'b' });
    const reader = {
      memberId: row.id,
      brandId: row.brand_id,
      joinedAt: row.created_at,
      kind: row.is_trial || row.member_type === 4 ? ('trial' as const) : ('real' as const),
    };
    expect(await service.counts(reader)).toEqual({ messageCount: 1, rewardCount: 3, missionCount: 0 });
    expect(asked).toEqual([member.id]);
  });
});

import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';
import { solvedHumanCheck } from '../../test/helpers/human-check.ts';
import { sealFor } from '../../test/helpers/login-helper.ts';
import { multipartBody } from '../../test/helpers/multipart.ts';
import { operatorTokenFor } from '../../test/helpers/operator-helper.ts';
import { testBackends } from '../../test/helpers/test-database.ts';
import { type FixtureMember, WithdrawalFixture } from '../../test/helpers/withdrawal-fixture.ts';
import { systemClock } from '../lib/clock.ts';

/**
 * Issue 14, finding 6: a NUL in any text field was a 500 (PostgreSQL refuses 0x00 in text). Each field the
 * review listed is now refused at the edge with `400 invalid_request` naming the field
 * (plugins/input-text.ts, and the same rule on multipart fields and opened sealed payloads); the other C0
 * controls and DEL likewise, while multi-line fields keep tab and line breaks.
 */

const NUL = '\u0000';

function refusedAt(response: LightMyRequestResponse, path: string): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    success: false,
    message: 'invalid_request',
    value: { issues: [{ path, code: 'invalid_characters' }] },
  });
}

describe.each(testBackends())('control characters in the input [%s]', (backend) => {
  let test: TestApp;
  let fx: WithdrawalFixture;
  let player: FixtureMember & { accountId: string };
  let agent: FixtureMember;
  let admin: string;
  let withdrawalId: string;
  let brandCode: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = new WithdrawalFixture(test.app, test.database.db, systemClock);
    await fx.init();
    player = await fx.readyMember(1_000_000n);
    agent = await fx.member({ memberType: 1 });
    admin = await operatorTokenFor(test.app, test.database.db, 'admin');
    withdrawalId = await fx.pendingWithdrawal(player, '100');
    brandCode = (
      await test.database.db
        .selectFrom('brands')
        .select('code')
        .where('id', '=', fx.brandId)
        .executeTakeFirstOrThrow()
    ).code;
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const inject = (options: InjectOptions) => test.app.inject(options);
  const asOperator = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${admin}`,
    'idempotency-key': randomUUID(),
    ...extra,
  });

  describe('the fields of the review, each a 500 before', () => {
    it('the game list: gameName', async () => {
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/relay/GCSGAME_gameList',
          payload: { gameName: `roulette${NUL}` },
        }),
        'body.gameName',
      );
    });

    it('the operator login: username', async () => {
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/ops/session',
          payload: { brand: brandCode, username: `admin${NUL}`, password: 'whatever-1' },
        }),
        'body.username',
      );
    });

    it('registration: nickname, inside the sealed payload', async () => {
      const payload = {
        username: `np${randomUUID().slice(0, 8)}`,
        password: 'Register-2026!',
        confirmPassword: 'Register-2026!',
        nickname: `Nick${NUL}`,
        agreeTerms: true,
        confirmAge: true,
        humanVerification: await solvedHumanCheck(test.app, {}),
      };
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/member/register',
          payload: await sealFor(test.app, payload),
        }),
        'nickname',
      );
    });

    it('a payout account: provider', async () => {
      refusedAt(
        await fx.addAccount(player, {
          provider: `HDFC${NUL}`,
          accountNumber: '12345678',
          ifsc: 'HDFC0001234',
          payeeName: 'A Player',
        }),
        'body.provider',
      );
    });

    it('the agent centre: a downline nickname (sealed) and the downline search', async () => {
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/agent/downlines',
          headers: agent.headers,
          payload: await sealFor(test.app, {
            username: `dl${randomUUID().slice(0, 8)}`,
            password: 'Downline-2026!',
            nickname: `Team${NUL}`,
          }),
        }),
        'nickname',
      );
      refusedAt(
        await inject({ method: 'GET', url: '/wps/agent/downlines?username=dl%00x', headers: agent.headers }),
        'querystring.username',
      );
    });

    it('operator reasons: adjust, deposit and withdrawal decisions', async () => {
      refusedAt(
        await inject({
          method: 'POST',
          url: `/wps/ops/members/${player.username}/adjust`,
          headers: asOperator(),
          payload: { amount: '1', reason: `goodwill${NUL}` },
        }),
        'body.reason',
      );
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/ops/deposits/1/reject',
          headers: asOperator(),
          payload: { reason: `no proof${NUL}` },
        }),
        'body.reason',
      );
      for (const action of ['reject', 'investigation']) {
        refusedAt(
          await inject({
            method: 'POST',
            url: `/wps/ops/withdrawals/${withdrawalId}/${action}`,
            headers: asOperator(),
            payload: { reason: `checking${NUL}` },
          }),
          'body.reason',
        );
      }
    });

    it('a reward: its title', async () => {
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/ops/rewards',
          headers: asOperator(),
          payload: { username: player.username, titleEn: `Bonus${NUL}`, titleHi: 'बोनस', amount: '5' },
        }),
        'body.titleEn',
      );
    });
  });

  describe('one rule for every part of every request', () => {
    it('path parameters, query and keys are walked too', async () => {
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/ops/members/pl%00yer/adjust',
          headers: asOperator(),
          payload: { amount: '1', reason: 'goodwill' },
        }),
        'params.username',
      );
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/relay/GCSGAME_gameList',
          payload: { [`game${NUL}Name`]: 'x' },
        }),
        'body',
      );
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/relay/GCSGAME_gameList',
          payload: { nested: [{ deeper: ['fine', `bad${NUL}`] }] },
        }),
        'body.nested.0.deeper.1',
      );
    });

    it('every C0 control but tab and line breaks, and DEL, anywhere', async () => {
      for (const control of ['\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f']) {
        refusedAt(
          await inject({
            method: 'POST',
            url: `/wps/ops/deposits/1/reject`,
            headers: asOperator(),
            payload: { reason: `a${control}b` },
          }),
          'body.reason',
        );
      }
    });

    it('a lone surrogate (half an emoji, which jsonb refuses)', async () => {
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/ops/session',
          headers: { 'content-type': 'application/json' },
          payload: `{"brand":"${brandCode}","username":"op\\ud83d","password":"whatever-1"}`,
        }),
        'body.username',
      );
    });

    it('single-line fields refuse tab and line breaks too (their shared schema, packages/shared/src/text.ts)', async () => {
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/relay/GCSGAME_gameList',
          payload: { gameName: 'rou\nlette' },
        }),
        'body.gameName',
      );
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/ops/rewards',
          headers: asOperator(),
          payload: { username: player.username, titleEn: 'Weekly\tbonus', titleHi: 'बोनस', amount: '5' },
        }),
        'body.titleEn',
      );
      // Inside a sealed payload the service's own schema check reports the same code.
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/agent/downlines',
          headers: agent.headers,
          payload: await sealFor(test.app, {
            username: `dl${randomUUID().slice(0, 8)}`,
            password: 'Downline-2026!',
            nickname: 'Team\r\nLead',
          }),
        }),
        'nickname',
      );
    });

    it('a multi-line reason keeps its line breaks and tabs', async () => {
      const other = await fx.readyMember(1_000_000n);
      const id = await fx.pendingWithdrawal(other, '100');
      const response = await inject({
        method: 'POST',
        url: `/wps/ops/withdrawals/${id}/reject`,
        headers: asOperator(),
        payload: { reason: 'first line\r\nsecond line\twith a tab' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('a form-urlencoded body', async () => {
      // The forgot-password form may post as a plain HTML form (lib/form-urlencoded.ts).
      refusedAt(
        await inject({
          method: 'POST',
          url: '/wps/member/password/email',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'username=pl%00yer&email=player%40example.com',
        }),
        'body.username',
      );
    });

    it('a multipart text field', async () => {
      const form = multipartBody({ message: `feedback long enough to pass${NUL} the length rule` });
      refusedAt(
        await inject({ method: 'PUT', url: '/wps/feedback', headers: form.headers, payload: form.payload }),
        'body.message',
      );
    });

    it('a body nested deeper than the call stack is an answer, not a 500', async () => {
      const depth = 200_000;
      const response = await inject({
        method: 'POST',
        url: '/wps/relay/GCSGAME_gameList',
        headers: { 'content-type': 'application/json' },
        payload: `${'['.repeat(depth)}"x${'\\u0000'}"${']'.repeat(depth)}`,
      });
      expect(response.statusCode).toBeLessThan(500);
    });
  });
});

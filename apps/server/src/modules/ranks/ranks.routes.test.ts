import { errorEnvelope } from '@lotus/shared/envelope';
import { memberRankResponse, VIP_SERVICE_FROM_LEVEL } from '@lotus/shared/ranks.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { loginAs } from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { DEMO_RANKS } from '../../db/seed/demo-ranks.ts';
import { benefitsOf, rankLanguageOf } from './ranks.service.ts';

describe('rank helpers', () => {
  it('splits benefits one per line, dropping blank lines and padding', () => {
    expect(benefitsOf('  First\r\n\n Second \n')).toEqual(['First', 'Second']);
    expect(benefitsOf('')).toEqual([]);
  });

  it('writes the ladder in Hindi or English only', () => {
    expect(rankLanguageOf('HI')).toBe('HI');
    expect(rankLanguageOf('hi')).toBe('HI');
    expect(rankLanguageOf('EN')).toBe('EN');
    expect(rankLanguageOf('TH')).toBe('EN');
  });
});

describe.each(testBackends())('GET /wps/member/rank [%s]', (backend) => {
  let test: TestApp;
  let player: string;
  let agent: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    player = await loginAs(test.app, 'demo_player', demoAccount('demo_player').password);
    agent = await loginAs(test.app, 'demo_agent', demoAccount('demo_agent').password);
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const rank = (token: string | null, query = '') =>
    test.app.inject({
      method: 'GET',
      url: `/wps/member/rank${query}`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  const rankOf = async (token: string, query = '') => {
    const response = await rank(token, query);
    expect(response.statusCode).toBe(200);
    return memberRankResponse.parse(response.json()).value;
  };

  it('refuses a visitor with not_logged_in', async () => {
    const response = await rank(null);
    expect(response.statusCode).toBe(401);
    expect(errorEnvelope.parse(response.json()).message).toBe('not_logged_in');
  });

  it('lists the whole ladder, lowest level first, VIP from level 5', async () => {
    const value = await rankOf(player, '?language=EN');
    expect(value.ladder.map((level) => level.level)).toEqual(DEMO_RANKS.map((level) => level.level));
    expect(value.ladder.map((level) => level.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(value.ladder.filter((level) => level.vip).map((level) => level.level)).toEqual([5, 6, 7, 8, 9]);
    expect(value.vipServiceFromLevel).toBe(VIP_SERVICE_FROM_LEVEL);
    expect(value.ladder[5]?.benefits).toContain('VIP customer-service line instead of the general live chat');
    expect(value.ladder[4]?.benefits).not.toContain(
      'VIP customer-service line instead of the general live chat',
    );
  });

  it("answers with the member's own level, club label and member labels", async () => {
    expect(await rankOf(player)).toMatchObject({
      rankLevel: 2,
      clubLabelName: 'Silver',
      memberLabels: ['Verified'],
    });
    expect(await rankOf(agent)).toMatchObject({ rankLevel: 3, clubLabelName: 'Gold' });

    // A level the operator changes shows at once (the member row is read per request).
    await test.database.db
      .updateTable('members')
      .set({ rank_level: 6, member_labels: ['Verified', 'High roller'] })
      .where('username', '=', 'demo_agent')
      .execute();
    expect(await rankOf(agent)).toMatchObject({ rankLevel: 6, memberLabels: ['Verified', 'High roller'] });
  });

  it('writes names and benefits in the requested language, else the member’s, falling back to English', async () => {
    const hindi = await rankOf(player, '?language=hi');
    expect(hindi.language).toBe('HI');
    expect(hindi.ladder[2]).toMatchObject({ name: 'सिल्वर' });
    // The level's numbers written out first (issue 19), then the operator's own lines.
    expect(hindi.ladder[0]?.benefits).toEqual([
      'दैनिक रिबेट (वैध टर्नओवर पर): स्लॉट्स 0.10%, कार्ड 0.05%, टेबल गेम्स 0.05%',
      ...(DEMO_RANKS[0]?.benefitsHi ?? []),
    ]);

    const english = await rankOf(player, '?language=EN');
    expect(english.language).toBe('EN');
    expect(english.ladder[2]).toMatchObject({ name: 'Silver' });

    // A language the ladder is not written in gets English.
    expect((await rankOf(player, '?language=TH')).language).toBe('EN');

    // No language asked: the member's own choice.
    await test.app.inject({
      method: 'PUT',
      url: '/wps/member/info/language',
      headers: { authorization: `Bearer ${player}` },
      payload: { language: 'HI' },
    });
    expect((await rankOf(player)).ladder[9]?.name).toBe('ब्लैक डायमंड');
  });

  it('refuses a malformed language with a 400', async () => {
    const response = await rank(player, '?language=not-a-language');
    expect(response.statusCode).toBe(400);
  });

  it('answers an empty ladder for a brand that has defined none', async () => {
    await test.database.db.deleteFrom('vip_ranks').execute();
    const value = await rankOf(player);
    expect(value.ladder).toEqual([]);
    expect(value.rankLevel).toBe(2);
  });
});

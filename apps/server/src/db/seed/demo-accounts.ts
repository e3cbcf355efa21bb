import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';
import { demoPasswordHash } from './demo-password-hashes.ts';

/**
 * Demo accounts of the demo brand (README "Demo accounts"): a player, an agent with two levels of
 * downline, and an account that must change its initial password. The passwords are public and for the
 * demo database only.
 */
export type DemoAccount = {
  username: string;
  password: string;
  nickname: string;
  memberType: 0 | 1 | 2;
  rankLevel: number;
  clubLabel: string;
  labels: string[];
  upline: string | null;
  mustChangePassword: boolean;
  /** India (+91), the demo brand's default dialing code; SMS login and forgot-by-mobile use it. */
  mobileNum: string;
  email: string;
  payeeName: string;
  /** Agents' invitation code for registration links (`/wps/agent/affiliate`). */
  affiliateCode: string | null;
};

export const DEMO_DIALING_CODE = '+91';

// Uplines come before their downlines so one pass can link them.
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'demo_player',
    password: 'Lotus-Player-2026!',
    nickname: 'Demo Player',
    memberType: 0,
    rankLevel: 2,
    clubLabel: 'Silver',
    labels: ['Verified'],
    upline: null,
    mustChangePassword: false,
    mobileNum: '9000000001',
    email: 'player@demo.lotus.example',
    payeeName: 'Asha Verma',
    affiliateCode: null,
  },
  {
    username: 'demo_agent',
    password: 'Lotus-Agent-2026!',
    nickname: 'Demo Agent',
    memberType: 1,
    rankLevel: 3,
    clubLabel: 'Gold',
    labels: ['Verified'],
    upline: null,
    mustChangePassword: false,
    mobileNum: '9000000002',
    email: 'agent@demo.lotus.example',
    payeeName: 'Ravi Kumar',
    affiliateCode: 'LOTUSAG1',
  },
  {
    username: 'demo_sub_agent',
    password: 'Lotus-SubAgent-2026!',
    nickname: 'Demo Sub-agent',
    memberType: 2,
    rankLevel: 1,
    clubLabel: 'Bronze',
    labels: [],
    upline: 'demo_agent',
    mustChangePassword: false,
    mobileNum: '9000000003',
    email: 'subagent@demo.lotus.example',
    payeeName: 'Meera Shah',
    affiliateCode: 'LOTUSAG2',
  },
  {
    username: 'demo_player2',
    password: 'Lotus-Player2-2026!',
    nickname: 'Demo Player Two',
    memberType: 0,
    rankLevel: 1,
    clubLabel: 'Bronze',
    labels: [],
    upline: 'demo_sub_agent',
    mustChangePassword: false,
    mobileNum: '9000000004',
    email: 'player2@demo.lotus.example',
    payeeName: 'Kabir Singh',
    affiliateCode: null,
  },
  {
    username: 'demo_newbie',
    password: 'Lotus-Welcome-2026!',
    nickname: 'Demo Newcomer',
    memberType: 0,
    rankLevel: 0,
    clubLabel: 'Bronze',
    labels: [],
    upline: null,
    mustChangePassword: true,
    mobileNum: '9000000005',
    email: 'newbie@demo.lotus.example',
    payeeName: 'Nisha Rao',
    affiliateCode: null,
  },
];

/**
 * Inserts the demo accounts the brand lacks; an existing account (perhaps with a changed password) is
 * never touched. Their passwords' hashes are precomputed (demo-password-hashes.ts).
 */
export async function seedDemoAccounts(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  const existing = await trx
    .selectFrom('members')
    .select(['id', sql<string>`lower(username)`.as('name')])
    .where('brand_id', '=', brandId)
    .where(
      sql<string>`lower(username)`,
      'in',
      DEMO_ACCOUNTS.map((account) => account.username),
    )
    .execute();
  const ids = new Map(existing.map((row) => [row.name, row.id]));
  const missing = DEMO_ACCOUNTS.filter((account) => !ids.has(account.username));
  const hashes = await Promise.all(missing.map((account) => demoPasswordHash(account.password)));

  let added = 0;
  for (const [index, account] of missing.entries()) {
    const row = await trx
      .insertInto('members')
      .values({
        brand_id: brandId,
        username: account.username,
        nickname: account.nickname,
        member_type: account.memberType,
        rank_level: account.rankLevel,
        club_label_name: account.clubLabel,
        member_labels: account.labels,
        upline_id: account.upline === null ? null : (ids.get(account.upline) ?? null),
        must_change_password: account.mustChangePassword,
        password_hash: hashes[index] as string,
        mobile_num: account.mobileNum,
        country_dialing_code: DEMO_DIALING_CODE,
        email: account.email,
        payee_name: account.payeeName,
        affiliate_code: account.affiliateCode,
        register_method: 'seed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(account.username, row.id);
    added += 1;
  }
  return added;
}

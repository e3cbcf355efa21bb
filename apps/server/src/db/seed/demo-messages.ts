import type { Kysely } from 'kysely';
import { sanitiseHtml } from '../../modules/content/sanitise-html.ts';
import type { Database } from '../schema.ts';

/**
 * Two platform messages for the demo player (docs/api.md "Messages"): a welcome, already read, and a note
 * about the in-house games, unread, so the demo shows the badge. Messages have no natural key, so each is
 * added only when the player has no message of that title yet (a re-seed adds nothing; an operator's edit
 * is never overwritten). Sent by no operator (`created_by` null), like the CLI.
 */
export const DEMO_MESSAGES: { username: string; title: string; body: string; read: boolean }[] = [
  {
    username: 'demo_player',
    title: 'Welcome to Lotus',
    body:
      '<p>Welcome aboard! Your account is ready and your wallet holds a demo balance to try the site.</p>' +
      '<p>Open <strong>My account</strong> to set a payment password before your first withdrawal.</p>',
    read: true,
  },
  {
    username: 'demo_player',
    title: 'Try our in-house games',
    body:
      '<p>Dragon Tiger, slots and more from our own studio are provably fair: every round can be checked ' +
      'against its published seeds.</p><p>Find them under <em>Originals</em> in the menu.</p>',
    read: false,
  },
];

export async function seedDemoMessages(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  let added = 0;
  for (const message of DEMO_MESSAGES) {
    const member = await trx
      .selectFrom('members')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('username', '=', message.username)
      .executeTakeFirst();
    if (!member) continue;
    const existing = await trx
      .selectFrom('platform_messages')
      .select('id')
      .where('member_id', '=', member.id)
      .where('title', '=', message.title)
      .executeTakeFirst();
    if (existing) continue;
    const row = await trx
      .insertInto('platform_messages')
      .values({
        brand_id: brandId,
        member_id: member.id,
        title: message.title,
        body: sanitiseHtml(message.body),
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    added += 1;
    if (message.read) {
      await trx
        .insertInto('platform_message_reads')
        .values({ message_id: row.id, member_id: member.id })
        .execute();
    }
  }
  return added;
}

import { createHash } from 'node:crypto';
import { FEEDBACK_MAX, FEEDBACK_MIN, UPLOAD_MAX_BYTES } from '@lotus/shared/constants';
import { feedbackResponse } from '@lotus/shared/content.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { type MultipartFile, multipartBody } from '../../../test/helpers/multipart.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { TINY_GIF, TINY_JPEG, TINY_PNG } from '../../../test/helpers/tiny-images.ts';
import { cleanImage } from './image-clean.ts';

const TINY_JPEG_CLEAN = Buffer.from(cleanImage(TINY_JPEG, 'image/jpeg').bytes);

import { FEEDBACK_GATE } from './feedback.service.ts';

const CONTENT = 'My deposit of P 500 has not arrived after an hour.';

const png = (filename = 'screenshot.png', bytes: Buffer = TINY_PNG): MultipartFile => ({
  field: 'images',
  filename,
  contentType: 'image/png',
  bytes,
});
const jpeg = (filename = 'photo.jpg'): MultipartFile => ({
  field: 'images',
  filename,
  contentType: 'image/jpeg',
  bytes: TINY_JPEG,
});

/** A file that starts like a PNG, padded to `size` bytes: the size limit is checked on the bytes received. */
function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  TINY_PNG.copy(bytes, 0, 0, Math.min(TINY_PNG.length, size));
  return bytes;
}

describe.each(testBackends())('PUT /wps/feedback [%s]', (backend) => {
  let test: TestApp;
  // Each request comes from its own address (through the trusted proxy), so the per-IP limit of this route
  // only bites where a test means it to.
  let nextAddress = 1;
  const freshIp = () => `203.0.113.${nextAddress++}`;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
  });
  afterAll(async () => {
    await test?.close();
  });

  const db = () => test.database.db;

  function send(
    fields: Parameters<typeof multipartBody>[0],
    files: readonly MultipartFile[] = [],
    ip: string = freshIp(),
  ) {
    const { payload, headers } = multipartBody(fields, files);
    return test.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload,
      headers: { ...headers, 'x-forwarded-for': ip },
    });
  }

  async function counts(): Promise<{ tickets: number; images: number }> {
    const [tickets, images] = await Promise.all([
      db()
        .selectFrom('feedback_tickets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom('feedback_images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { tickets: Number(tickets.n), images: Number(images.n) };
  }

  /** Sends a bad form and checks the error and that nothing at all was stored. */
  async function expectRefused(
    request: () => ReturnType<typeof send>,
    status: number,
    code: string,
  ): Promise<{ success: boolean; message: string; value: unknown }> {
    const before = await counts();
    const response = await request();
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(body).toMatchObject({ success: false, message: code });
    expect(await counts()).toEqual(before);
    return body;
  }

  it('stores a ticket with a real PNG and JPEG, judged by their bytes', async () => {
    const ip = freshIp();
    const response = await send(
      { questionType: 'deposit', content: `   ${CONTENT}\n `, contact: ' player@example.com ' },
      [png(), jpeg()],
      ip,
    );
    expect(response.statusCode).toBe(200);
    const { value } = feedbackResponse.parse(response.json());

    const ticket = await db()
      .selectFrom('feedback_tickets')
      .selectAll()
      .where('id', '=', BigInt(value.ticketId))
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({
      question_type: 'deposit',
      content: CONTENT,
      contact: 'player@example.com',
      ip,
      status: 'open',
    });
    const images = await db()
      .selectFrom('feedback_images')
      .selectAll()
      .where('ticket_id', '=', ticket.id)
      .orderBy('sort')
      .execute();
    expect(images.map((image) => [image.sort, image.mime, image.size_bytes])).toEqual([
      [0, 'image/png', TINY_PNG.length],
      [1, 'image/jpeg', TINY_JPEG_CLEAN.length],
    ]);
    expect(Buffer.from(images[0]?.bytes ?? []).equals(TINY_PNG)).toBe(true);
    // Stored as cleaned (image-clean.ts): the JPEG's APP2 colour-profile segment is dropped.
    expect(Buffer.from(images[1]?.bytes ?? []).equals(TINY_JPEG_CLEAN)).toBe(true);
    expect(images[1]?.sha256).toBe(createHash('sha256').update(TINY_JPEG_CLEAN).digest('hex'));
  });

  it('takes a ticket without images or contact, whatever the declared image type says', async () => {
    const bare = await send({ questionType: 'other', content: 'Please add more Hindi help articles.' });
    expect(bare.statusCode).toBe(200);
    const ticket = await db()
      .selectFrom('feedback_tickets')
      .select(['contact', 'question_type'])
      .where('id', '=', BigInt(bare.json().value.ticketId))
      .executeTakeFirstOrThrow();
    expect(ticket).toEqual({ contact: null, question_type: 'other' });

    // A real JPEG declared as text with a .txt name is still a JPEG.
    const mislabelled = await send({ questionType: 'game', content: 'The game froze after my bet.' }, [
      { field: 'images', filename: 'notes.txt', contentType: 'text/plain', bytes: TINY_JPEG },
    ]);
    expect(mislabelled.statusCode).toBe(200);
  });

  it('counts characters, not bytes, at both bounds', async () => {
    const hindiMin = 'क'.repeat(FEEDBACK_MIN);
    const emojiMax = '🪷'.repeat(FEEDBACK_MAX);
    expect((await send({ questionType: 'other', content: hindiMin })).statusCode).toBe(200);
    expect((await send({ questionType: 'other', content: emojiMax })).statusCode).toBe(200);
    expect(
      (await send({ questionType: 'other', content: `  ${'a'.repeat(FEEDBACK_MAX)}  ` })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['too short', 'a'.repeat(FEEDBACK_MIN - 1)],
    ['too short once trimmed', `   ${'a'.repeat(FEEDBACK_MIN - 1)}      `],
    ['blank', '          '],
    ['too long', 'a'.repeat(FEEDBACK_MAX + 1)],
    ['too long in emoji', '🪷'.repeat(FEEDBACK_MAX + 1)],
    ['far too long for the parser', 'a'.repeat(20_000)],
  ])('refuses content that is %s', async (_name, content) => {
    const body = await expectRefused(
      () => send({ questionType: 'deposit', content }, [png()]),
      400,
      'feedback_content_length',
    );
    if (content.length < 10_000) expect(body.value).toEqual({ min: FEEDBACK_MIN, max: FEEDBACK_MAX });
  });

  it('refuses a GIF and a text file named .png (415 upload_type)', async () => {
    await expectRefused(
      () =>
        send({ questionType: 'game', content: CONTENT }, [
          png(),
          { field: 'images', filename: 'anim.gif', contentType: 'image/gif', bytes: TINY_GIF },
        ]),
      415,
      'upload_type',
    );
    await expectRefused(
      () =>
        send({ questionType: 'game', content: CONTENT }, [
          {
            field: 'images',
            filename: 'evil.png',
            contentType: 'image/png',
            bytes: Buffer.from('<script>x</script>'),
          },
        ]),
      415,
      'upload_type',
    );
    await expectRefused(
      () => send({ questionType: 'game', content: CONTENT }, [png('empty.png', Buffer.alloc(0))]),
      415,
      'upload_type',
    );
  });

  it('refuses a fourth image (400 upload_too_many)', async () => {
    await expectRefused(
      () =>
        send({ questionType: 'game', content: CONTENT }, [
          png('1.png'),
          jpeg('2.jpg'),
          png('3.png'),
          png('4.png'),
        ]),
      400,
      'upload_too_many',
    );
  });

  it('takes an image of exactly 5 MB and refuses 5 MB + 1 byte (413 upload_too_large)', async () => {
    const exact = await send({ questionType: 'application', content: CONTENT }, [
      png('exact.png', pngOfSize(UPLOAD_MAX_BYTES)),
    ]);
    expect(exact.statusCode).toBe(200);
    const stored = await db()
      .selectFrom('feedback_images')
      .select('size_bytes')
      .where('ticket_id', '=', BigInt(exact.json().value.ticketId))
      .executeTakeFirstOrThrow();
    // The limit applies to the bytes received; what is stored is the cleaned picture, without the padding
    // after IEND (image-clean.ts).
    expect(stored.size_bytes).toBe(TINY_PNG.length);

    await expectRefused(
      () =>
        send({ questionType: 'application', content: CONTENT }, [
          png(),
          png('big.png', pngOfSize(UPLOAD_MAX_BYTES + 1)),
        ]),
      413,
      'upload_too_large',
    );
  });

  it.each([
    ['an unknown question type', { questionType: 'refund', content: CONTENT }, 'body.questionType'],
    ['no question type', { content: CONTENT }, 'body.questionType'],
    ['no content', { questionType: 'deposit' }, 'body.content'],
    [
      'a contact over 100 characters',
      { questionType: 'deposit', content: CONTENT, contact: 'x'.repeat(101) },
      'body.contact',
    ],
    ['an unknown field', { questionType: 'deposit', content: CONTENT, amount: '500' }, 'body'],
  ])('refuses a form with %s (400 invalid_request)', async (_name, fields, path) => {
    const body = await expectRefused(() => send(fields as Record<string, string>), 400, 'invalid_request');
    const paths = (body.value as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(paths).toContain(path);
  });

  it('refuses a file in another field and a repeated field', async () => {
    await expectRefused(
      () =>
        send({ questionType: 'deposit', content: CONTENT }, [
          { field: 'avatar', filename: 'a.png', contentType: 'image/png', bytes: TINY_PNG },
        ]),
      400,
      'invalid_request',
    );
    await expectRefused(
      () =>
        send([
          ['questionType', 'deposit'],
          ['content', CONTENT],
          ['content', 'Another content field.'],
        ]),
      400,
      'invalid_request',
    );
  });

  it('takes only multipart bodies', async () => {
    const before = await counts();
    const asJson = await test.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { questionType: 'deposit', content: CONTENT },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(asJson.statusCode).toBe(415);
    expect(asJson.json()).toEqual({ success: false, message: 'unsupported_media_type', value: null });
    const post = await test.app.inject({
      method: 'POST',
      url: '/wps/feedback',
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(post.statusCode).toBe(405);
    expect(await counts()).toEqual(before);
  });

  it('does not accept multipart bodies on other routes', async () => {
    const { payload, headers } = multipartBody({ group: 'home' });
    const response = await test.app.inject({ method: 'POST', url: '/wps/content/banners', payload, headers });
    expect(response.statusCode).toBe(405);
  });

  it(`allows ${FEEDBACK_GATE.limit} submissions per IP per 10 minutes (429 after), counted per address`, async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < FEEDBACK_GATE.limit; attempt += 1) {
      expect(
        (await send({ questionType: 'other', content: `Feedback number ${attempt}.` }, [], ip)).statusCode,
      ).toBe(200);
    }
    const before = await counts();
    const throttled = await send({ questionType: 'other', content: 'One more piece of feedback.' }, [], ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ success: false, message: 'too_many_requests' });
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(await counts()).toEqual(before);
    expect((await send({ questionType: 'other', content: 'From another address.' })).statusCode).toBe(200);
  });

  it('stores nothing when writing an image fails half-way (one transaction)', async () => {
    // A constraint only the second image breaks: the ticket and the first image were already inserted.
    await sql`alter table feedback_images add constraint test_only_first_image check (sort = 0) not valid`.execute(
      db(),
    );
    try {
      const before = await counts();
      const response = await send({ questionType: 'deposit', content: CONTENT }, [png(), jpeg()]);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ success: false, message: 'unknown_error' });
      expect(JSON.stringify(response.json())).not.toContain('test_only_first_image');
      expect(await counts()).toEqual(before);
    } finally {
      await sql`alter table feedback_images drop constraint test_only_first_image`.execute(db());
    }
  });
});

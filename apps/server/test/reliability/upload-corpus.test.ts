import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit-chain.ts';
import { sealAuditLog } from '../../src/modules/audit/audit-sealer.ts';
import { crc32, IMAGE_MAX_PIXELS } from '../../src/modules/feedback/image-clean.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { operatorTokenFor } from '../helpers/operator-helper.ts';
import { testBackends } from '../helpers/test-database.ts';
import { TINY_GIF, TINY_JPEG, TINY_PNG } from '../helpers/tiny-images.ts';
import { type FixtureMember, WithdrawalFixture } from '../helpers/withdrawal-fixture.ts';

/**
 * Reliability item 6: a corpus of hostile files sent to every upload route (feedback images, deposit
 * proof, withdrawal receipt proof). Nothing that is not a whole PNG or JPEG of sane dimensions is
 * accepted; what is accepted is stored (and served) without metadata, without bytes after the image's end,
 * and with only the chunks / segments a viewer needs to draw it.
 */

// ----------------------------------------------------------------------------------- file builders

/** Strings planted in metadata: none may survive in a stored file. */
const SECRETS = ['GPS-48.8584N-2.2945E', '<script>', '<?php', 'PK\u0003\u0004', '<html', 'Canon EOS SECRET'];

function pngChunk(type: string, data: Uint8Array | string): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data as string)]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(body.length - 4, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return pngChunk('IHDR', data);
}

/** A real, decodable RGB PNG of `size`×`size` with `extra` chunks before its image data. */
function png(size: number, extra: Buffer[] = []): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x7f)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    TINY_PNG.subarray(0, 8),
    ihdr(size, size),
    ...extra,
    pngChunk('IDAT', pixels),
    pngChunk('IEND', ''),
  ]);
}

const PNG_METADATA = [
  pngChunk('tEXt', `Comment\u0000${SECRETS[0]} <script>alert(1)</script>`),
  pngChunk('zTXt', Buffer.concat([Buffer.from('Author\u0000\u0000'), deflateSync(SECRETS[5] ?? '')])),
  pngChunk('iTXt', `XML:com.adobe.xmp\u0000\u0000\u0000\u0000\u0000<?php system($_GET[c]); ?>`),
  pngChunk('eXIf', `MM\u0000*${SECRETS[0]}`),
  pngChunk('tIME', Buffer.from([7, 234, 11, 21, 12, 0, 0])),
  pngChunk('prVt', '<html><script>parent.__xss()</script></html>'),
];

/** A JPEG segment `marker` carrying `payload`. */
function jpegSegment(marker: number, payload: string | Buffer): Buffer {
  const body = Buffer.from(payload as string);
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** TINY_JPEG with segments inserted right after SOI (and `trailing` bytes after EOI). */
function jpegWith(segments: Buffer[], trailing: Buffer = Buffer.alloc(0)): Buffer {
  return Buffer.concat([TINY_JPEG.subarray(0, 2), ...segments, TINY_JPEG.subarray(2), trailing]);
}

const JPEG_EXIF = jpegSegment(
  0xe1,
  Buffer.concat([
    Buffer.from('Exif\u0000\u0000MM\u0000*\u0000\u0000\u0000\u0008'),
    Buffer.from(`${SECRETS[0]} ${SECRETS[5]}`),
  ]),
);
const JPEG_XMP = jpegSegment(0xe1, `http://ns.adobe.com/xap/1.0/\u0000<x:xmpmeta>${SECRETS[0]}</x:xmpmeta>`);
const JPEG_IPTC = jpegSegment(0xed, `Photoshop 3.0\u00008BIM${SECRETS[5]}`);
const JPEG_COMMENT = jpegSegment(0xfe, '<html><body><script>parent.__xss()</script></body></html>');

/** Finds the SOF0/SOF2 header of TINY_JPEG and rewrites its declared size. */
function jpegDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(TINY_JPEG);
  for (let offset = 2; offset < bytes.length - 9; offset += 1) {
    if (bytes[offset] === 0xff && (bytes[offset + 1] === 0xc0 || bytes[offset + 1] === 0xc2)) {
      bytes.writeUInt16BE(height, offset + 5);
      bytes.writeUInt16BE(width, offset + 7);
      return bytes;
    }
  }
  throw new Error('TINY_JPEG has no SOF');
}

const ZIP = Buffer.concat([
  Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000', 'latin1'),
  Buffer.from('META-INF/MANIFEST.MF <script>alert(1)</script>'),
  Buffer.from('PK\u0005\u0006', 'latin1'),
  Buffer.alloc(18),
]);
const HTML = Buffer.from('<!doctype html><html><body><script>parent.__xss()</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);

type Refused = { name: string; bytes: Buffer; filename: string; type: string; status: number; code: string };
type Accepted = {
  name: string;
  bytes: Buffer;
  filename: string;
  type: string;
  mime: 'image/png' | 'image/jpeg';
};

const MB5 = 5 * 1024 * 1024;

/** Files no route may accept, with the answer each must get. */
const REFUSED: Refused[] = [
  {
    name: 'GIFAR (GIF + JAR)',
    bytes: Buffer.concat([TINY_GIF, ZIP]),
    filename: 'a.gif',
    type: 'image/gif',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'GIF named .png',
    bytes: TINY_GIF,
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'SVG with script',
    bytes: SVG,
    filename: 'a.svg',
    type: 'image/svg+xml',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'SVG named .png',
    bytes: SVG,
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'HTML named .png',
    bytes: HTML,
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'ZIP named .jpg',
    bytes: ZIP,
    filename: 'a.jpg',
    type: 'image/jpeg',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'PDF',
    bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF'),
    filename: 'a.pdf',
    type: 'application/pdf',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'BMP',
    bytes: Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
    filename: 'a.bmp',
    type: 'image/bmp',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'WebP',
    bytes: Buffer.concat([Buffer.from('RIFF\u0024\u0000\u0000\u0000WEBPVP8 '), Buffer.alloc(24)]),
    filename: 'a.webp',
    type: 'image/webp',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'PNG signature then HTML',
    bytes: Buffer.concat([TINY_PNG.subarray(0, 16), HTML]),
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'JPEG SOI then HTML',
    bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0x3c]), HTML]),
    filename: 'a.jpg',
    type: 'image/jpeg',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'truncated PNG (mid IDAT)',
    bytes: png(16).subarray(0, 60),
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'PNG without IEND',
    bytes: png(16).subarray(0, png(16).length - 12),
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'truncated JPEG (no EOI)',
    bytes: TINY_JPEG.subarray(0, TINY_JPEG.length - 2),
    filename: 'a.jpg',
    type: 'image/jpeg',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'JPEG cut in its headers',
    bytes: TINY_JPEG.subarray(0, 300),
    filename: 'a.jpg',
    type: 'image/jpeg',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'PNG with a bad checksum',
    bytes: Buffer.from(png(4)).fill(0, 30, 31),
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'PNG with an unknown critical chunk',
    bytes: png(4, [pngChunk('ZZZZ', 'x')]),
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'PNG of 0×0',
    bytes: Buffer.concat([
      TINY_PNG.subarray(0, 8),
      ihdr(0, 0),
      pngChunk('IDAT', deflateSync(Buffer.alloc(1))),
      pngChunk('IEND', ''),
    ]),
    filename: 'a.png',
    type: 'image/png',
    status: 415,
    code: 'upload_type',
  },
  {
    name: 'PNG pixel flood (100000×100000 in 60 bytes)',
    bytes: Buffer.concat([
      TINY_PNG.subarray(0, 8),
      ihdr(100_000, 100_000),
      pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
      pngChunk('IEND', ''),
    ]),
    filename: 'a.png',
    type: 'image/png',
    status: 413,
    code: 'upload_dimensions',
  },
  {
    name: 'PNG just over 50 MP (10000×5001)',
    bytes: Buffer.concat([
      TINY_PNG.subarray(0, 8),
      ihdr(10_000, 5_001),
      pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
      pngChunk('IEND', ''),
    ]),
    filename: 'a.png',
    type: 'image/png',
    status: 413,
    code: 'upload_dimensions',
  },
  {
    name: 'JPEG pixel flood (65535×65535)',
    bytes: jpegDeclaring(65_535, 65_535),
    filename: 'a.jpg',
    type: 'image/jpeg',
    status: 413,
    code: 'upload_dimensions',
  },
  {
    name: 'oversized PNG (5 MB + 1 in a chunk)',
    bytes: png(4, [pngChunk('prVt', Buffer.alloc(MB5 - 200))]).subarray(0),
    filename: 'a.png',
    type: 'image/png',
    status: 413,
    code: 'upload_too_large',
  },
];
// The oversized file must really be over the limit by its bytes.
{
  const oversized = REFUSED.find((file) => file.code === 'upload_too_large');
  if (oversized)
    oversized.bytes = Buffer.concat([
      oversized.bytes,
      Buffer.alloc(Math.max(0, MB5 + 1 - oversized.bytes.length)),
    ]);
}

/** Files accepted as pictures, but only after their metadata and extra bytes are removed. */
const ACCEPTED: Accepted[] = [
  {
    name: 'PNG with tEXt/zTXt/iTXt/eXIf/tIME/private chunks',
    bytes: png(8, PNG_METADATA),
    filename: 'a.png',
    type: 'image/png',
    mime: 'image/png',
  },
  {
    name: 'PNG + ZIP polyglot',
    bytes: Buffer.concat([png(8), ZIP]),
    filename: 'a.png',
    type: 'image/png',
    mime: 'image/png',
  },
  {
    name: 'PNG + HTML after IEND, declared text/html',
    bytes: Buffer.concat([png(8), HTML]),
    filename: 'a.html',
    type: 'text/html',
    mime: 'image/png',
  },
  {
    name: 'JPEG with EXIF, XMP, IPTC and a comment',
    bytes: jpegWith([JPEG_EXIF, JPEG_XMP, JPEG_IPTC, JPEG_COMMENT]),
    filename: 'a.jpg',
    type: 'image/jpeg',
    mime: 'image/jpeg',
  },
  {
    name: 'JPEG + HTML polyglot (comment and after EOI)',
    bytes: jpegWith([JPEG_COMMENT], HTML),
    filename: 'a.jpg',
    type: 'image/jpeg',
    mime: 'image/jpeg',
  },
  {
    name: 'JPEG named .png, declared image/gif',
    bytes: jpegWith([JPEG_EXIF]),
    filename: 'a.png',
    type: 'image/gif',
    mime: 'image/jpeg',
  },
];

// ---------------------------------------------------------------------------------- stored checks

function pngChunkNames(bytes: Buffer): string[] {
  const names: string[] = [];
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    names.push(bytes.toString('latin1', offset + 4, offset + 8));
    offset += 12 + bytes.readUInt32BE(offset);
  }
  expect(offset, 'chunks end exactly at the end of the file').toBe(bytes.length);
  return names;
}

/** The markers of a JPEG's segments up to its first scan. */
function jpegHeaderMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] as number;
    markers.push(marker);
    if (marker === 0xda) break;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return markers;
}

function expectClean(stored: Buffer, file: Accepted): void {
  for (const secret of SECRETS)
    expect(stored.includes(secret), `${file.name}: "${secret}" survived`).toBe(false);
  if (file.mime === 'image/png') {
    const names = pngChunkNames(stored);
    expect(names[0]).toBe('IHDR');
    expect(names.at(-1)).toBe('IEND');
    expect(names.filter((name) => !['IHDR', 'IDAT', 'IEND'].includes(name))).toEqual([]);
  } else {
    expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const markers = jpegHeaderMarkers(stored);
    expect(markers.at(-1)).toBe(0xda);
    // Only APP0 (JFIF) and APP14 (Adobe) of the APPn segments, and no comment.
    expect(
      markers.filter((marker) => (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe),
    ).toEqual([]);
  }
}

// ------------------------------------------------------------------------------------------ tests

const CONTENT = 'The deposit screen shows an error after I pay.';

describe.each(testBackends())('upload corpus [%s]', (backend) => {
  let test: TestApp;
  let fx: WithdrawalFixture;
  let finance: string;
  let member: FixtureMember;
  let nextAddress = 1;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = new WithdrawalFixture(test.app, test.database.db, systemClock);
    await fx.init();
    finance = await operatorTokenFor(test.app, test.database.db, 'finance');
    member = await fx.member();
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const db = () => test.database.db;
  let awaitingReceipt: { owner: FixtureMember; id: string } | null = null;
  const paidWithdrawal = async () => {
    const owner = await fx.readyMember(300_000n);
    const id = await fx.pendingWithdrawal(owner, '1000');
    const paid = await fx.opsPost(finance, `/wps/ops/withdrawals/${id}/pay`);
    if (paid.statusCode !== 200) throw new Error(`pay: ${paid.body}`);
    return { owner, id };
  };
  const fileOf = (field: string, file: { bytes: Buffer; filename: string; type: string }) => ({
    field,
    filename: file.filename,
    contentType: file.type,
    bytes: file.bytes,
  });

  /** Each route: the request carrying one file, and where the accepted file is stored. */
  const routes = {
    async feedback(file: Refused | Accepted): Promise<[InjectOptions, () => Promise<Buffer>]> {
      const { payload, headers } = multipartBody({ questionType: 'deposit', content: CONTENT }, [
        fileOf('images', file),
      ]);
      const request = {
        method: 'PUT' as const,
        url: '/wps/feedback',
        payload,
        headers: { ...headers, 'x-forwarded-for': `203.0.113.${nextAddress++ % 250}` },
      };
      return [
        request,
        async () => {
          const row = await db()
            .selectFrom('feedback_images')
            .select('bytes')
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          return Buffer.from(row.bytes);
        },
      ];
    },
    async deposit(file: Refused | Accepted): Promise<[InjectOptions, () => Promise<Buffer>]> {
      const fields = { method: 'bank', amount: '500', reference: `UTR${randomUUID().slice(0, 10)}` };
      const { payload, headers } = multipartBody(fields, [fileOf('proof', file)]);
      const request = {
        method: 'POST' as const,
        url: '/wps/payments/deposits',
        payload,
        headers: { ...headers, ...member.headers, 'idempotency-key': randomUUID() },
      };
      return [
        request,
        async () => {
          const row = await db()
            .selectFrom('deposits')
            .select(['id', 'proof_image'])
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          // What is served is what is stored.
          const served = await test.app.inject({
            method: 'GET',
            url: `/wps/payments/deposits/${row.id}/proof`,
            headers: member.headers,
          });
          expect(served.statusCode).toBe(200);
          expect(served.rawPayload).toEqual(Buffer.from(row.proof_image ?? []));
          return Buffer.from(row.proof_image ?? []);
        },
      ];
    },
    async receipt(file: Refused | Accepted): Promise<[InjectOptions, () => Promise<Buffer>]> {
      // An accepted answer closes its withdrawal's receipt, so the next file gets a freshly paid one;
      // refused files leave it open and share it.
      awaitingReceipt ??= await paidWithdrawal();
      const { owner, id } = awaitingReceipt;
      const { payload, headers } = multipartBody({ status: 'not_received' }, [fileOf('proof', file)]);
      const request = {
        method: 'POST' as const,
        url: `/wps/member/withdrawals/${id}/receipt`,
        payload,
        headers: { ...headers, ...owner.headers, 'idempotency-key': randomUUID() },
      };
      return [
        request,
        async () => {
          awaitingReceipt = null;
          const row = await db()
            .selectFrom('withdrawals')
            .select('receipt_proof_image')
            .where('id', '=', BigInt(id))
            .executeTakeFirstOrThrow();
          return Buffer.from(row.receipt_proof_image ?? []);
        },
      ];
    },
  };

  const counts = async () => {
    const [feedback, deposits, receipts] = await Promise.all([
      db()
        .selectFrom('feedback_images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('receipt_proof_image', 'is not', null)
        .executeTakeFirstOrThrow(),
    ]);
    return [feedback.n, deposits.n, receipts.n].map(Number);
  };

  it.each(Object.keys(routes))('%s refuses every hostile file and stores nothing', async (route) => {
    const before = await counts();
    const wrong: string[] = [];
    for (const file of REFUSED) {
      const [request] = await routes[route as keyof typeof routes](file);
      const response = await test.app.inject(request);
      const code = (response.json() as { message?: string }).message;
      if (response.statusCode !== file.status || code !== file.code) {
        wrong.push(`${file.name}: ${response.statusCode} ${code} (want ${file.status} ${file.code})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it.each(Object.keys(routes))(
    '%s stores accepted pictures without metadata or trailing bytes',
    async (route) => {
      for (const file of ACCEPTED) {
        const [request, stored] = await routes[route as keyof typeof routes](file);
        const response = await test.app.inject(request);
        expect(response.statusCode, `${file.name}: ${response.body}`).toBe(200);
        const bytes = await stored();
        expect(bytes.length, file.name).toBeGreaterThan(0);
        expect(bytes.length, file.name).toBeLessThan(file.bytes.length);
        expectClean(bytes, file);
      }
    },
  );

  it('keeps a picture that has no metadata byte for byte, and the limit is 50 MP', async () => {
    const [request, stored] = await routes.deposit({
      name: 'plain',
      bytes: TINY_PNG,
      filename: 'a.png',
      type: 'image/png',
      mime: 'image/png',
    });
    expect((await test.app.inject(request)).statusCode).toBe(200);
    expect(await stored()).toEqual(TINY_PNG);
    expect(IMAGE_MAX_PIXELS).toBe(50_000_000);
  });

  // Reliability item 7 on the same data: the member money requests made above are audited, in one chain.
  it('audited every deposit and withdrawal request, and the audit chain holds', async () => {
    const count = async (table: 'deposits' | 'withdrawals') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const audited = async (action: string) =>
      Number(
        (
          await db()
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('action', '=', action)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('deposits')).toBeGreaterThan(0);
    expect(await audited('deposit.requested')).toBe(await count('deposits'));
    expect(await count('withdrawals')).toBeGreaterThan(0);
    expect(await audited('withdrawal.requested')).toBe(await count('withdrawals'));
    // Sealed first (the audit.seal job's work), so the check covers every row the corpus wrote.
    await sealAuditLog(db());
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true, unsealed: 0, problems: [] });
  });
});

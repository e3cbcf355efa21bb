import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { solvedHumanCheck } from '../../../test/helpers/human-check.ts';
import {
  createPreparedTestDatabase,
  type TestDatabase,
  testBackends,
} from '../../../test/helpers/test-database.ts';
import { HttpMailProvider, OutboxMailProvider } from './mail-provider.ts';
import { maskEmail, maskPhone } from './mask.ts';
import { createNotifiers } from './notifiers.ts';
import { OutboxRepository, outboxWriter } from './outbox.repository.ts';
import { HttpSmsProvider, OutboxSmsProvider } from './sms-provider.ts';

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: unknown };

/** A local gateway that records each request and answers with `status`. */
async function startGateway(): Promise<{
  url: string;
  received: Received[];
  setStatus(status: number): void;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    setStatus: (next) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const collectingLog = () => {
  const lines: { object: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (object: Record<string, unknown>, message: string) => lines.push({ object, message }),
  };
};

describe('masks', () => {
  it('keeps only the dialing code and the last four digits, or the first letter and domain', () => {
    expect(maskPhone('+919000000001', '+91')).toBe('+91••••••0001');
    expect(maskPhone('+919000000001')).toBe('••••••••0001');
    expect(maskPhone('+12345')).toBe('•••••');
    expect(maskEmail('player@demo.lotus.example')).toBe('p•••@demo.lotus.example');
    expect(maskEmail('nonsense')).toBe('•••');
  });
});

describe('HTTP providers', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('POST JSON with the bearer token', async () => {
    const log = collectingLog();
    await new HttpSmsProvider({ url: gateway.url, token: 'sms-secret' }, log).send({
      brandId: 1n,
      to: '+919000000001',
      text: 'code 123456',
    });
    await new HttpMailProvider({ url: gateway.url, token: null }, log).send({
      brandId: 1n,
      to: 'player@demo.lotus.example',
      subject: 'Code',
      text: 'code 654321',
    });
    const [sms, mail] = gateway.received.slice(-2);
    expect(sms).toMatchObject({
      method: 'POST',
      url: '/send',
      body: { to: '+919000000001', text: 'code 123456' },
    });
    expect(sms?.headers.authorization).toBe('Bearer sms-secret');
    expect(sms?.headers['content-type']).toBe('application/json');
    expect(mail?.body).toEqual({ to: 'player@demo.lotus.example', subject: 'Code', text: 'code 654321' });
    expect(mail?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(log.lines)).not.toMatch(/123456|654321|player@/);
  });

  it('maps a non-2xx answer or an unreachable gateway to sms_send_failed', async () => {
    gateway.setStatus(500);
    try {
      await expect(
        new HttpSmsProvider({ url: gateway.url, token: 't' }, collectingLog()).send({
          brandId: null,
          to: '+911234567',
          text: 'x',
        }),
      ).rejects.toMatchObject({ code: 'sms_send_failed', statusCode: 503 });
      await expect(
        new HttpMailProvider({ url: gateway.url, token: 't' }, collectingLog()).send({
          brandId: null,
          to: 'a@b.example',
          subject: 's',
          text: 'x',
        }),
      ).rejects.toMatchObject({ code: 'sms_send_failed' });
    } finally {
      gateway.setStatus(200);
    }
    // A port nobody listens on (a closed server's).
    const closed = await startGateway();
    await closed.close();
    await expect(
      new HttpSmsProvider({ url: closed.url, token: null }, collectingLog()).send({
        brandId: null,
        to: '+911234567',
        text: 'x',
      }),
    ).rejects.toMatchObject({ code: 'sms_send_failed' });
  });
});

describe.each(testBackends())('outbox providers [%s]', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPreparedTestDatabase(backend);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('write the message to outbox_messages and log only a masked destination and the row id', async () => {
    const log = collectingLog();
    const outbox = new OutboxRepository(database.db);
    const writer = outboxWriter(database.db);
    await new OutboxSmsProvider(writer, log).send({
      brandId: null,
      to: '+919876543210',
      text: 'Your code is 111222.',
    });
    await new OutboxMailProvider(writer, log).send({
      brandId: null,
      to: 'someone@demo.lotus.example',
      subject: 'Code',
      text: 'Your code is 333444.',
    });
    const [sms] = await outbox.list({ destination: '+919876543210', limit: 5 });
    expect(sms).toMatchObject({ channel: 'sms', subject: null, body: 'Your code is 111222.' });
    const [mail] = await outbox.list({ destination: 'someone@demo.lotus.example', limit: 5 });
    expect(mail).toMatchObject({ channel: 'email', subject: 'Code', body: 'Your code is 333444.' });
    expect(log.lines).toEqual([
      { object: { channel: 'sms', to: '••••••••3210', outboxId: sms?.id }, message: 'sms queued in outbox' },
      {
        object: { channel: 'email', to: 's•••@demo.lotus.example', outboxId: mail?.id },
        message: 'mail queued in outbox',
      },
    ]);
    const all = await outbox.list({ limit: 10 });
    expect(all.map((message) => message.id)).toEqual([mail?.id, sms?.id]);
  });

  it('createNotifiers picks the outbox without gateway URLs and HTTP with them', () => {
    const log = collectingLog();
    const outbox = createNotifiers(database.db, { smsProvider: null, mailProvider: null }, log);
    expect(outbox.sms).toBeInstanceOf(OutboxSmsProvider);
    expect(outbox.mail).toBeInstanceOf(OutboxMailProvider);
    const http = createNotifiers(
      database.db,
      {
        smsProvider: { url: 'http://127.0.0.1:9/', token: null },
        mailProvider: { url: 'http://127.0.0.1:9/', token: null },
      },
      log,
    );
    expect(http.sms).toBeInstanceOf(HttpSmsProvider);
    expect(http.mail).toBeInstanceOf(HttpMailProvider);
  });
});

describe('SMS send through a failing gateway', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let test: TestApp;
  beforeAll(async () => {
    gateway = await startGateway();
    test = await buildTestApp({ config: { smsProvider: { url: gateway.url, token: 'gw-token' } } });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
    await gateway?.close();
  });

  const send = async () =>
    test.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { 'x-forwarded-for': '192.0.2.10' },
      payload: {
        countryDialingCode: '+91',
        mobileNum: '9000000001',
        purpose: 'login',
        humanVerification: await solvedHumanCheck(test.app),
      },
    });

  it('answers 503 sms_send_failed, and the user may retry at once', async () => {
    gateway.setStatus(502);
    const failed = await send();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ success: false, message: 'sms_send_failed' });
    gateway.setStatus(200);
    const retried = await send();
    expect(retried.statusCode).toBe(200);
    const last = gateway.received.at(-1);
    expect(last?.headers.authorization).toBe('Bearer gw-token');
    expect(last?.body).toMatchObject({ to: '+919000000001' });
    expect(String((last?.body as { text?: string } | undefined)?.text)).toMatch(
      /verification code is [0-9]{6}\./,
    );
    // Nothing went to the outbox: the gateway is the provider.
    expect(await test.database.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
  });
});

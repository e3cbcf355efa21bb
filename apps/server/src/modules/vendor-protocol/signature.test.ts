import { describe, expect, it } from 'vitest';
import { createSeamlessWalletClient, fetchTransport, VendorProtocolError } from './protocol-client.ts';
import { isFresh, signBody, TIMESTAMP_TOLERANCE_MS, verifySignature } from './signature.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('seamless-wallet signatures', () => {
  it('is HMAC-SHA256 over the body, hex, prefixed sha256= (a known vector)', () => {
    expect(signBody('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('verifies the exact bytes only', () => {
    const body = '{"timestamp":1,"amountMinor":"100"}';
    const signature = signBody('secret-secret-secret-secret-secret', body);
    expect(verifySignature('secret-secret-secret-secret-secret', encode(body), signature)).toBe(true);
    expect(
      verifySignature(
        'secret-secret-secret-secret-secret',
        encode(body),
        signature.toUpperCase().replace('SHA256=', 'sha256='),
      ),
    ).toBe(true);
    expect(verifySignature('secret-secret-secret-secret-secret', encode(`${body} `), signature)).toBe(false);
    expect(verifySignature('another-secret-another-secret-xx', encode(body), signature)).toBe(false);
    expect(verifySignature('secret-secret-secret-secret-secret', encode(body), undefined)).toBe(false);
    expect(verifySignature('secret-secret-secret-secret-secret', encode(body), signature.slice(7))).toBe(
      false,
    );
    expect(verifySignature('secret-secret-secret-secret-secret', encode(body), 'sha256=abc')).toBe(false);
  });

  it('accepts timestamps within ±5 minutes of the platform clock', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(isFresh(now.getTime() - TIMESTAMP_TOLERANCE_MS, now)).toBe(true);
    expect(isFresh(now.getTime() + TIMESTAMP_TOLERANCE_MS, now)).toBe(true);
    expect(isFresh(now.getTime() - TIMESTAMP_TOLERANCE_MS - 1, now)).toBe(false);
    expect(isFresh(now.getTime() + TIMESTAMP_TOLERANCE_MS + 1, now)).toBe(false);
  });
});

describe('seamless-wallet client over fetch', () => {
  it('posts the signed body to baseUrl + path and maps answers and HTTP errors', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    let reply = new Response(JSON.stringify({ status: 'INSUFFICIENT_FUNDS', balanceMinor: '42' }), {
      status: 200,
    });
    const fakeFetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return reply;
    }) as unknown as typeof fetch;
    const client = createSeamlessWalletClient({
      vendorCode: 'ACME',
      secret: 'acme-secret-acme-secret-acme-secret',
      transport: fetchTransport('https://platform.example/', fakeFetch),
      now: () => 1_700_000_000_000,
    });
    const answer = await client.debit({
      playerId: '7',
      sessionToken: 'token-token-token-token',
      txnId: 't1',
      roundId: 'r1',
      gameCode: 'g',
      amountMinor: 100n,
    });
    expect(answer).toEqual({ status: 'INSUFFICIENT_FUNDS', balanceMinor: 42n });
    expect(sent[0]?.url).toBe('https://platform.example/vendor-api/v1/debit');
    const body = String(sent[0]?.init.body);
    expect(JSON.parse(body)).toEqual({
      timestamp: 1_700_000_000_000,
      playerId: '7',
      sessionToken: 'token-token-token-token',
      txnId: 't1',
      roundId: 'r1',
      gameCode: 'g',
      amountMinor: '100',
    });
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(headers['x-vendor-code']).toBe('ACME');
    expect(headers['x-signature']).toBe(signBody('acme-secret-acme-secret-acme-secret', body));

    reply = new Response(JSON.stringify({ success: false, message: 'vendor_request_stale', value: null }), {
      status: 401,
    });
    const failed = client.balance({ playerId: '7', sessionToken: 'token-token-token-token' });
    await expect(failed).rejects.toBeInstanceOf(VendorProtocolError);
    await expect(failed).rejects.toMatchObject({ statusCode: 401, code: 'vendor_request_stale' });
  });
});

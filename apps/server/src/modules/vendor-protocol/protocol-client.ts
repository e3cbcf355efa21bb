import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type {
  AuthenticateResult,
  CreditInput,
  DebitInput,
  RollbackInput,
  SeamlessWalletClient,
  WalletResult,
} from './protocol-types.ts';
import {
  authenticateResponse,
  PROTOCOL_PREFIX,
  type ProtocolCall,
  type WalletResponse,
  walletResponse,
} from './protocol-wire.ts';
import { SIGNATURE_HEADER, signBody, VENDOR_CODE_HEADER } from './signature.ts';

/**
 * A vendor's side of the seamless-wallet protocol (docs/vendor-protocol.md): signs each call with the
 * vendor's secret and turns the platform's answers back into typed results. The in-house studio uses it
 * with `injectTransport(app)`; an out-of-process vendor would use `fetchTransport(baseUrl)`.
 */

/** Sends one signed POST; answers the HTTP status and the raw body text. */
export type ProtocolTransport = (
  path: string,
  headers: Record<string, string>,
  body: string,
) => Promise<{ statusCode: number; body: string }>;

export type SeamlessWalletClientOptions = {
  /** The vendor's `vassalage` (X-Vendor-Code). */
  vendorCode: string;
  /** The vendor's `wallet_secret`. */
  secret: string;
  transport: ProtocolTransport;
  /** Milliseconds since the epoch stamped on each request (tests move it to prove stale calls fail). */
  now?: () => number;
};

/**
 * The platform answered with an HTTP error instead of a protocol answer (401 bad signature or stale
 * request, 400 malformed body, 5xx). Money calls are safe to retry with the same txn id.
 */
export class VendorProtocolError extends Error {
  readonly statusCode: number;
  /** The platform's error code (`vendor_signature_invalid`, `vendor_request_stale`, ...), if it sent one. */
  readonly code: string | null;

  constructor(statusCode: number, code: string | null) {
    super(`seamless-wallet call failed: HTTP ${statusCode}${code ? ` ${code}` : ''}`);
    this.name = 'VendorProtocolError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

function errorCodeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

function walletResultOf(wire: WalletResponse): WalletResult {
  if (wire.status === 'OK') {
    return {
      status: 'OK',
      balanceMinor: BigInt(wire.balanceMinor),
      platformTxnId: wire.platformTxnId,
      replayed: wire.replayed,
    };
  }
  return { status: wire.status, balanceMinor: wire.balanceMinor === null ? null : BigInt(wire.balanceMinor) };
}

export function createSeamlessWalletClient(options: SeamlessWalletClientOptions): SeamlessWalletClient {
  const now = options.now ?? Date.now;

  async function call<T extends z.ZodType>(
    name: ProtocolCall,
    fields: Record<string, unknown>,
    schema: T,
  ): Promise<z.infer<T>> {
    const body = JSON.stringify({ timestamp: now(), ...fields });
    const response = await options.transport(
      `${PROTOCOL_PREFIX}/${name}`,
      {
        'content-type': 'application/json',
        [VENDOR_CODE_HEADER]: options.vendorCode,
        [SIGNATURE_HEADER]: signBody(options.secret, body),
      },
      body,
    );
    if (response.statusCode !== 200) {
      throw new VendorProtocolError(response.statusCode, errorCodeOf(response.body));
    }
    const parsed = schema.safeParse(JSON.parse(response.body));
    if (!parsed.success) throw new Error(`seamless-wallet ${name}: unexpected answer shape`);
    return parsed.data;
  }

  return {
    async authenticate(launchToken): Promise<AuthenticateResult> {
      const wire = await call('authenticate', { launchToken }, authenticateResponse);
      if (wire.status !== 'OK') return { status: wire.status, balanceMinor: null };
      return {
        ...wire,
        status: 'OK',
        sessionExpiresAt: new Date(wire.sessionExpiresAt),
        balanceMinor: BigInt(wire.balanceMinor),
      };
    },
    async balance(input) {
      const { playerId, sessionToken } = input;
      return walletResultOf(await call('balance', { playerId, sessionToken }, walletResponse));
    },
    async debit(input: DebitInput) {
      const { playerId, sessionToken, txnId, roundId, gameCode, amountMinor } = input;
      return walletResultOf(
        await call(
          'debit',
          { playerId, sessionToken, txnId, roundId, gameCode, amountMinor: amountMinor.toString() },
          walletResponse,
        ),
      );
    },
    async credit(input: CreditInput) {
      const { playerId, sessionToken, txnId, roundId, gameCode, amountMinor, roundClosed, kind } = input;
      return walletResultOf(
        await call(
          'credit',
          {
            playerId,
            sessionToken,
            txnId,
            roundId,
            gameCode,
            amountMinor: amountMinor.toString(),
            roundClosed,
            // Sent only when set: a win is the default, and platforms before issue 14 refuse the field.
            ...(kind === undefined ? {} : { kind }),
          },
          walletResponse,
        ),
      );
    },
    async rollback(input: RollbackInput) {
      const { playerId, sessionToken, txnId, targetTxnId, roundId, gameCode } = input;
      return walletResultOf(
        await call(
          'rollback',
          { playerId, sessionToken, txnId, targetTxnId, roundId, gameCode },
          walletResponse,
        ),
      );
    },
  };
}

/**
 * Calls the platform in the same process through Fastify's `inject`: the same routes, signature checks and
 * answers as over the network, without a socket or a self-URL (docs/decisions.md).
 */
export function injectTransport(app: FastifyInstance): ProtocolTransport {
  return async (path, headers, body) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { statusCode: response.statusCode, body: response.body };
  };
}

/** Calls a platform over HTTP at `baseUrl` (e.g. `https://lotus.example`). */
export function fetchTransport(baseUrl: string, fetchImpl: typeof fetch = fetch): ProtocolTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (path, headers, body) => {
    const response = await fetchImpl(`${base}${path}`, { method: 'POST', headers, body });
    return { statusCode: response.status, body: await response.text() };
  };
}

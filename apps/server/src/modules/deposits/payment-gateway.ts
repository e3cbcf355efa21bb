import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewaySimulatorConfig } from '../../config/env.ts';

/**
 * A payment gateway as the deposits module sees it (docs/wallet-contract.md "Deposits"): it makes the pay
 * page a member is sent to, and it tells whether a callback really comes from it. A gateway method's
 * `payment_methods.details.adapter` names its adapter; a method whose adapter is not configured on this
 * server is not offered.
 */
export interface PaymentGateway {
  /** The adapter name of `payment_methods.details.adapter`. */
  readonly adapter: string;
  /** The URL of the gateway's pay page for one deposit (the member's browser goes there). */
  createPayment(order: PaymentOrder): string;
  /** Whether `signature` (the `X-Lotus-Signature` header) signs exactly these raw body bytes. */
  verifyCallback(rawBody: Uint8Array, signature: string | undefined): boolean;
}

export type PaymentOrder = {
  depositId: bigint;
  amountMinor: bigint;
  currency: string;
  /** `https://host` of the request that created the deposit. */
  baseUrl: string;
  language: string;
};

export const SIGNATURE_HEADER = 'x-lotus-signature';

/** `sha256=<hex>` of the HMAC-SHA256 of `body` under `secret`. */
export function signBody(secret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Constant-time comparison of a received signature header with the expected one. */
export function signatureMatches(secret: string, body: Uint8Array, header: string | undefined): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  const expected = Buffer.from(signBody(secret, body), 'utf8');
  const received = Buffer.from(header, 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

export const SIMULATOR_ADAPTER = 'simulator';

/**
 * The local gateway simulator (`GATEWAY_SIMULATOR=1`): its pay page is served by this server
 * (simulator.routes.ts), and a link to it carries an HMAC of the order id so nobody can open the page (and
 * make the simulator sign a callback) for an order the platform did not send there.
 */
export class SimulatorGateway implements PaymentGateway {
  readonly adapter = SIMULATOR_ADAPTER;
  readonly #secret: string;
  readonly #callbackBaseUrl: string;

  constructor(config: GatewaySimulatorConfig) {
    this.#secret = config.secret;
    this.#callbackBaseUrl = config.callbackBaseUrl;
  }

  /**
   * Where the simulator posts the callback of a `methodCode` order: the configured origin of this server,
   * never the Host of the request that pressed "Pay" (which would let anyone aim the server at any host).
   */
  callbackUrl(methodCode: string): string {
    return `${this.#callbackBaseUrl}/wps/payments/gateway/${encodeURIComponent(methodCode)}/callback`;
  }

  orderSignature(depositId: bigint | string): string {
    return createHmac('sha256', this.#secret).update(`order:${depositId}`).digest('hex');
  }

  orderSignatureMatches(depositId: string, sig: string): boolean {
    const expected = Buffer.from(this.orderSignature(depositId), 'utf8');
    const received = Buffer.from(sig, 'utf8');
    return expected.length === received.length && timingSafeEqual(expected, received);
  }

  createPayment(order: PaymentOrder): string {
    const query = new URLSearchParams({
      order: order.depositId.toString(),
      sig: this.orderSignature(order.depositId),
      lang: order.language.toLowerCase(),
    });
    return `${order.baseUrl}/sim/gateway/pay?${query.toString()}`;
  }

  /** The header the simulator sends with its callback. */
  sign(rawBody: Uint8Array | string): string {
    return signBody(this.#secret, rawBody);
  }

  verifyCallback(rawBody: Uint8Array, signature: string | undefined): boolean {
    return signatureMatches(this.#secret, rawBody, signature);
  }
}

/** The adapters configured on this server, by name. */
export type PaymentGateways = ReadonlyMap<string, PaymentGateway>;

export function createPaymentGateways(config: { gatewaySimulator: GatewaySimulatorConfig | null }): {
  gateways: PaymentGateways;
  simulator: SimulatorGateway | null;
} {
  const gateways = new Map<string, PaymentGateway>();
  const simulator = config.gatewaySimulator ? new SimulatorGateway(config.gatewaySimulator) : null;
  if (simulator) gateways.set(simulator.adapter, simulator);
  return { gateways, simulator };
}

import { randomUUID } from 'node:crypto';
import type { CreateRaffleBody, OperatorRaffle } from '@lotus/shared/raffles.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Clock } from '../../lib/clock.ts';

/** What the raffle tests share: campaigns made and started through the back-office routes, and claims. */
export type RafflesFixture = {
  create(overrides?: Partial<CreateRaffleBody>): Promise<OperatorRaffle>;
  start(code: string): Promise<OperatorRaffle>;
  end(code: string): Promise<LightMyRequestResponse>;
  /** A running campaign (created and started) of a fresh code. */
  running(overrides?: Partial<CreateRaffleBody>): Promise<OperatorRaffle>;
  grant(code: string, username: string, count: number): Promise<string[]>;
  claim(
    token: string,
    campaignCode: string,
    ticketId?: string,
    key?: string,
  ): Promise<LightMyRequestResponse>;
  ops(path: string, payload?: unknown, method?: 'GET' | 'POST'): Promise<LightMyRequestResponse>;
};

let sequence = 0;
/** A code unique across the test run (codes are unique per brand). */
export function freshCode(prefix = 'raffle'): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}-${randomUUID().slice(0, 4)}`.slice(0, 40);
}

const HOUR_MS = 3_600_000;

export function rafflesFixture(app: FastifyInstance, clock: Clock, financeToken: string): RafflesFixture {
  const headers = () => ({ authorization: `Bearer ${financeToken}`, 'idempotency-key': randomUUID() });
  const ops = (path: string, payload?: unknown, method: 'GET' | 'POST' = 'POST') =>
    app.inject({
      method,
      url: path,
      headers: headers(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = async (overrides: Partial<CreateRaffleBody> = {}) => {
    const now = clock.now().getTime();
    const response = await ops('/wps/ops/raffles', {
      code: freshCode(),
      kind: 'red_envelope',
      nameEn: 'Lucky red envelope',
      nameHi: 'भाग्यशाली लाल लिफ़ाफ़ा',
      startsAt: new Date(now - HOUR_MS).toISOString(),
      endsAt: new Date(now + 24 * HOUR_MS).toISOString(),
      budget: '1000',
      prizes: [
        { amount: '1', weight: 60 },
        { amount: '5', weight: 30 },
        { amount: '20', weight: 10 },
      ],
      rules: {},
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as OperatorRaffle;
  };
  const start = async (code: string) => {
    const response = await ops(`/wps/ops/raffles/${code}/start`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as OperatorRaffle;
  };
  return {
    create,
    start,
    end: (code) => ops(`/wps/ops/raffles/${code}/end`),
    running: async (overrides) => start((await create(overrides)).code),
    grant: async (code, username, count) => {
      const response = await ops(`/wps/ops/raffles/${code}/tickets`, {
        username,
        count,
        reason: 'test grant',
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.ticketIds as string[];
    },
    claim: (token, campaignCode, ticketId, key = randomUUID()) =>
      app.inject({
        method: 'POST',
        url: '/wps/relay/MCS2_claimRafflePromotion',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload: { campaignCode, ...(ticketId ? { ticketId } : {}) },
      }),
    ops,
  };
}

import {
  operatorLoginRequest,
  operatorLoginResponse,
  operatorLogoutResponse,
  operatorMeResponse,
  walletAdjustmentResponse,
  walletAdjustParams,
  walletAdjustRequest,
} from '@lotus/shared/operators.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { operatorActorOf, operatorOf } from '../../plugins/operator-auth.ts';
import type { OperatorsService } from './operators.service.ts';

/** Back-office sessions and `wallet.adjust` (docs/wallet-contract.md "Back office"). */
export function operatorsRoutes(service: OperatorsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/wps/ops/session',
      {
        schema: {
          tags: ['back office'],
          summary: 'Operator login → bearer token for /wps/ops/* (8 h absolute, 30 min idle)',
          body: operatorLoginRequest,
          response: { 200: operatorLoginResponse },
        },
      },
      async (request) => {
        const login = await service.login({
          brandCode: request.body.brand,
          host: request.hostname || null,
          username: request.body.username,
          password: request.body.password,
          ip: request.ip,
        });
        return ok({ token: login.token, role: login.role, expiresAt: login.expiresAt.toISOString() });
      },
    );

    app.delete(
      '/wps/ops/session',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "Ends the operator's session",
          response: { 200: operatorLogoutResponse },
        },
      },
      async (request) => {
        await service.logout(operatorOf(request), request.ip);
        return ok(null);
      },
    );

    app.get(
      '/wps/ops/me',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: 'The operator behind the token',
          response: { 200: operatorMeResponse },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        return ok({
          operatorId: operator.operatorId.toString(),
          username: operator.username,
          role: operator.role,
          brandId: operator.brandId.toString(),
        });
      },
    );

    app.post(
      '/wps/ops/members/:username/adjust',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: "Credits (positive) or debits (negative) a member's main wallet against the house",
          params: walletAdjustParams,
          body: walletAdjustRequest,
          response: { 200: walletAdjustmentResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        const result = await service.adjust(
          operatorActorOf(request),
          {
            username: request.params.username,
            amount: request.body.amount,
            reason: request.body.reason ?? '',
          },
          key,
        );
        return ok(result);
      },
    );
  };
}

import { walletBalanceResponse } from '@lotus/shared/wallet.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { WalletService } from './wallet.service.ts';

export function walletRoutes(service: WalletService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/v2/wallets/balance',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: "The member's main wallet balance (SPEC §7, value.sumBalance)",
          response: { 200: walletBalanceResponse },
        },
      },
      async (request) => ok(await service.balance(sessionOf(request).member.id)),
    );
  };
}

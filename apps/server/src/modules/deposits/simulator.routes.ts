import { formatMoney, minorToDecimal } from '@lotus/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { acceptUrlEncodedForms } from '../../lib/form-urlencoded.ts';
import type { DepositsService } from './deposits.service.ts';
import { SIGNATURE_HEADER, SIMULATOR_ADAPTER, type SimulatorGateway } from './payment-gateway.ts';

/**
 * The local payment-gateway simulator (`GATEWAY_SIMULATOR=1`; docs/wallet-contract.md "Deposits"), for
 * demos and the browser journeys: a plain pay page with "Pay" and "Fail", and the gateway's side of the
 * callback — it signs the callback and sends it over real HTTP to this platform's callback URL, exactly as a
 * real gateway would, then sends the browser back to the deposit page. That URL comes from configuration
 * (`GATEWAY_SIMULATOR_CALLBACK_BASE_URL`, default `http://127.0.0.1:<PORT>`), never from the request's Host. The page is a plain form post: no
 * script, so the site's CSP (script-src 'self', form-action 'self') holds.
 */

const TEXTS = {
  en: {
    title: 'Payment gateway simulator',
    note: 'Test payment: no real money moves.',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Fail',
    decided: 'This order is already closed.',
    back: 'Back to deposits',
  },
  hi: {
    title: 'पेमेंट गेटवे सिम्युलेटर',
    note: 'परीक्षण भुगतान: कोई असली पैसा नहीं लगता।',
    order: 'ऑर्डर',
    amount: 'राशि',
    pay: 'भुगतान करें',
    fail: 'विफल करें',
    decided: 'यह ऑर्डर पहले ही बंद हो चुका है।',
    back: 'जमा पेज पर वापस जाएँ',
  },
} as const;

type Lang = keyof typeof TEXTS;

const langSchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['en', 'hi']))
  .catch('en');

const orderId = z.string().regex(/^[1-9][0-9]{0,17}$/);
const signature = z.string().regex(/^[0-9a-f]{64}$/);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Where the browser lands after paying (the member centre's deposit page). */
export function depositPageOf(depositId: bigint | string): string {
  return `/member/depositv2?deposit=${depositId}`;
}

function page(lang: Lang, body: string): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; padding: 2rem 1rem; color: #111827; }
main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 0.75rem; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
h1 { font-size: 1.25rem; margin: 0 0 0.25rem; }
.note { color: #6b7280; margin: 0 0 1.25rem; font-size: 0.9rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; margin: 0 0 1.5rem; }
dt { color: #6b7280; } dd { margin: 0; font-weight: 600; }
.buttons { display: flex; gap: 0.75rem; }
button { flex: 1; font-size: 1rem; padding: 0.75rem; border-radius: 0.5rem; border: 0; cursor: pointer; }
.pay { background: #16a34a; color: #fff; } .fail { background: #e5e7eb; color: #111827; }
</style>
</head>
<body><main>
<h1>${escapeHtml(t.title)}</h1>
<p class="note">${escapeHtml(t.note)}</p>
${body}
</main></body>
</html>`;
}

export function simulatorRoutes(
  service: DepositsService,
  simulator: SimulatorGateway,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The pay page's buttons post a plain HTML form; this parser lives only in this plugin's scope.
    acceptUrlEncodedForms(app);

    /** The order behind a signed simulator link, or 404 (a link the platform did not make). */
    const orderOf = async (order: string, sig: string) => {
      const found = simulator.orderSignatureMatches(order, sig)
        ? await service.gatewayOrder(BigInt(order))
        : undefined;
      if (!found || found.adapter !== SIMULATOR_ADAPTER) {
        throw new AppError('not_found', { message: `simulator order ${order}` });
      }
      return found;
    };

    app.get(
      '/sim/gateway/pay',
      {
        schema: {
          tags: ['gateway simulator'],
          summary: "The simulated gateway's pay page (HTML, EN/HI by `lang`)",
          querystring: z.object({ order: orderId, sig: signature, lang: langSchema.optional() }),
        },
      },
      async (request, reply) => {
        const { order, sig } = request.query;
        const lang: Lang = request.query.lang ?? 'en';
        const t = TEXTS[lang];
        const found = await orderOf(order, sig);
        const details = `<dl><dt>${escapeHtml(t.order)}</dt><dd>#${escapeHtml(order)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatMoney(found.amountMinor, found.currencySymbol))}</dd></dl>`;
        const body =
          found.status === 'pending'
            ? `${details}
<form method="post" action="/sim/gateway/complete">
<input type="hidden" name="order" value="${escapeHtml(order)}">
<input type="hidden" name="sig" value="${escapeHtml(sig)}">
<input type="hidden" name="lang" value="${lang}">
<div class="buttons">
<button class="pay" type="submit" name="outcome" value="pay">${escapeHtml(t.pay)}</button>
<button class="fail" type="submit" name="outcome" value="fail">${escapeHtml(t.fail)}</button>
</div>
</form>`
            : `${details}<p>${escapeHtml(t.decided)}</p><p><a href="${escapeHtml(depositPageOf(order))}">${escapeHtml(t.back)}</a></p>`;
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page(lang, body));
      },
    );

    app.post(
      '/sim/gateway/complete',
      {
        schema: {
          tags: ['gateway simulator'],
          summary:
            'Sends the signed gateway callback for a pay page button, then returns to the deposit page',
          body: z.object({
            order: orderId,
            sig: signature,
            outcome: z.enum(['pay', 'fail']),
            lang: z.string().optional(),
          }),
        },
      },
      async (request, reply) => {
        const { order, sig, outcome } = request.body;
        const found = await orderOf(order, sig);
        // One transaction id per order, so a double click sends the same callback and is answered the same.
        const body = JSON.stringify({
          orderId: order,
          gatewayTxnId: `sim-${order}`,
          amount: minorToDecimal(found.amountMinor),
          status: outcome === 'pay' ? 'success' : 'failed',
        });
        const url = simulator.callbackUrl(found.methodCode);
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: simulator.sign(body) },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          if (!response.ok) {
            request.log.warn({ status: response.status, order }, 'gateway simulator: callback refused');
          }
        } catch (error) {
          // The member's page shows the deposit as it is (still pending); the log says why.
          request.log.error({ err: error, order }, 'gateway simulator: callback not delivered');
        }
        return reply.redirect(depositPageOf(order), 303);
      },
    );
  };
}

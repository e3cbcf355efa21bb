import { createHmac, randomUUID } from 'node:crypto';

/**
 * The request sequences of each load (autocannon `requests`). Each autocannon connection keeps a context;
 * per-connection data (a player's token, a vendor session) is handed out round-robin on its first request,
 * so the connections act like different players. `bad` counts answers that are 2xx on the wire but not
 * what a working server says (the envelope's success flag, the vendor protocol's status "OK"): the "0 errors"
 * target counts them too.
 */

export function scenarioRequests(scenario, data, tally) {
  const check = (expected) => (status, body) => {
    if (status >= 200 && status < 300 && (expected === null || body.includes(expected))) return;
    if (status >= 200 && status < 300) tally.bad += 1;
    // A refusal is counted by its code (the envelope's message): an in-play burst meets suspended markets.
    const code = `${status} ${/"message":"([a-z_]+)"/.exec(String(body))?.[1] ?? '?'}`;
    tally.refusals[code] = (tally.refusals[code] ?? 0) + 1;
    if (tally.samples.length < 5) tally.samples.push({ status, body: String(body).slice(0, 300) });
  };
  let handedOut = 0;
  const nextOf = (list) => list[handedOut++ % list.length];

  switch (scenario) {
    case 'hello':
      return [{ method: 'GET', path: '/', onResponse: check('"hello"') }];

    case 'balance':
      return [
        {
          method: 'GET',
          path: '/wps/v2/wallets/balance',
          setupRequest(request, context) {
            context.token ??= nextOf(data.tokens);
            return { ...request, headers: { ...request.headers, authorization: `Bearer ${context.token}` } };
          },
          onResponse: check('"success":true'),
        },
      ];

    case 'gameList':
      return [
        {
          method: 'POST',
          path: '/wps/relay/GCSGAME_gameList',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pageNo: 1, pageSize: 20, language: 'EN' }),
          onResponse: check('"success":true'),
        },
      ];

    case 'vendorRound': {
      // Unique per run: txn and round ids must never repeat in the database (a repeat would be a replay).
      const tag = `b${randomUUID().slice(0, 8)}`;
      let rounds = 0;
      const signed = (request, payload) => {
        const body = JSON.stringify(payload);
        const signature = `sha256=${createHmac('sha256', data.secret).update(body).digest('hex')}`;
        return {
          ...request,
          body,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'x-vendor-code': data.vendorCode,
            'x-signature': signature,
          },
        };
      };
      return [
        {
          method: 'POST',
          path: '/vendor-api/v1/debit',
          setupRequest(request, context) {
            context.player ??= nextOf(data.players);
            rounds += 1;
            context.round = `${tag}-${rounds}`;
            return signed(request, {
              timestamp: Date.now(),
              playerId: context.player.playerId,
              sessionToken: context.player.sessionToken,
              txnId: `${context.round}-d`,
              roundId: context.round,
              gameCode: data.gameCode,
              amountMinor: data.amountMinor,
            });
          },
          onResponse: check('"status":"OK"'),
        },
        {
          method: 'POST',
          path: '/vendor-api/v1/credit',
          setupRequest(request, context) {
            return signed(request, {
              timestamp: Date.now(),
              playerId: context.player.playerId,
              sessionToken: context.player.sessionToken,
              txnId: `${context.round}-c`,
              roundId: context.round,
              gameCode: data.gameCode,
              amountMinor: data.amountMinor,
              roundClosed: true,
            });
          },
          onResponse: check('"status":"OK"'),
        },
      ];
    }

    case 'lotterySlip': {
      // Issue 20: one slip of 1–3 lô lines per request on one draw; numbers as players pick them: a third
      // of the picks on ten "hot" numbers, the rest uniform over 00–99. Each request its own requestId.
      const tag = randomUUID().slice(0, 8);
      let slips = 0;
      const pick = () => {
        const n =
          Math.random() < 1 / 3
            ? [7, 9, 13, 27, 36, 39, 68, 79, 86, 99][Math.floor(Math.random() * 10)]
            : Math.floor(Math.random() * 100);
        return String(n).padStart(2, '0');
      };
      return [
        {
          method: 'POST',
          path: '/lotto/api/slips',
          setupRequest(request, context) {
            context.session ??= nextOf(data.sessions);
            slips += 1;
            const count = 1 + Math.floor(Math.random() * 3);
            const chosen = [...new Set(Array.from({ length: count }, pick))];
            return {
              ...request,
              headers: {
                ...request.headers,
                'content-type': 'application/json',
                'x-lottery-session': context.session,
              },
              body: JSON.stringify({
                requestId: `${tag}-${slips}`,
                drawId: data.drawId,
                lines: chosen.map((selection) => ({ betType: 'lo2', selection, stakeMinor: '100' })),
              }),
            };
          },
          onResponse: check('"success":true'),
        },
      ];
    }

    case 'sportsbookBet': {
      // Issue 21: an in-play burst on one event. Most requests are singles on the event's popular markets
      // (data.singles: match result, next goal, totals), a share (data.multiShare) 2-leg accumulators with a
      // second event (data.pairs); acceptance rule 'any' so a price that moved is taken, not refused.
      const tag = randomUUID().slice(0, 8);
      let bets = 0;
      const any = (list) => list[Math.floor(Math.random() * list.length)];
      return [
        {
          method: 'POST',
          path: '/sportsbook/api/bets',
          setupRequest(request, context) {
            context.session ??= nextOf(data.sessions);
            bets += 1;
            const multi = data.pairs.length > 0 && Math.random() < data.multiShare;
            const legs = multi ? any(data.pairs) : [any(data.singles)];
            return {
              ...request,
              headers: {
                ...request.headers,
                'content-type': 'application/json',
                'x-sportsbook-session': context.session,
              },
              body: JSON.stringify({
                requestId: `${tag}-${bets}`,
                kind: multi ? 'multi' : 'single',
                stakeMinor: data.stakeMinor,
                acceptRule: 'any',
                legs,
              }),
            };
          },
          onResponse: check('"success":true'),
        },
      ];
    }

    case 'fishingBatch': {
      // Issue 22: one fishing batch per request (data.shots shots of 0.10 at one fish each). Each session's
      // scene came with its time (data.sessions[i].startedAt, the wall clock of scene time 0) and, per whole
      // second of scene time, fish alive for that whole second (fishing-bench.ts computes them with
      // packages/games: this child runs plain Node). Every shot is fired "now", half a second back.
      const tag = randomUUID().slice(0, 8);
      let batches = 0;
      return [
        {
          method: 'POST',
          path: '/originals/api/fishing/batches',
          setupRequest(request, context) {
            context.session ??= nextOf(data.sessions);
            const session = context.session;
            batches += 1;
            const at = Math.max(0, Date.now() - session.startedAt - 500);
            const alive = session.alive[Math.floor(at / 1000)] ?? [];
            if (alive.length === 0) tally.exhausted = true;
            const shots = Array.from({ length: data.shots }, (_, i) => ({
              fishId: alive[i % Math.max(1, alive.length)] ?? 0,
              bulletMinor: '10',
              at,
            }));
            return {
              ...request,
              headers: {
                ...request.headers,
                'content-type': 'application/json',
                'x-originals-session': session.token,
                'idempotency-key': `${tag}-${batches}`,
              },
              body: JSON.stringify({ shots }),
            };
          },
          onResponse: check('"success":true'),
        },
      ];
    }

    case 'login': {
      // Each login spends a single-use human-check challenge, so every request has its own sealed body,
      // made before the load starts (bench/lib/players.ts).
      let cursor = 0;
      return [
        {
          method: 'POST',
          path: '/wps/session/login',
          headers: { 'content-type': 'application/json', 'user-agent': 'lotus-bench' },
          setupRequest(request) {
            const body = data.bodies[cursor];
            cursor += 1;
            if (body === undefined) tally.exhausted = true;
            return { ...request, body: JSON.stringify(body ?? data.bodies[0]) };
          },
          onResponse: check('"success":true'),
        },
      ];
    }

    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
}

import { execFile } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { leadingZeroBits } from '@lotus/shared/human-check';
import { type SealedPayload, sealPayload } from '@lotus/shared/sealed-payload';
import { queryOnce } from './postgres.mjs';
import { repoRoot } from './results.mjs';

/**
 * Bench players, made the way real players are: one-click registration over HTTP (sealed body, human
 * check), money through the operator CLI (`wallet:adjust`, a journal entry from the house), game sessions
 * through the launch call and the vendor protocol's `authenticate`. Nothing is written to the database
 * behind the server's back; the only direct read is the LOTUS vendor's wallet secret, which an operator
 * would hand to the vendor.
 */

export type Player = { username: string; password: string; token: string; ip: string };
export type VendorSession = { playerId: string; sessionToken: string };

const run = promisify(execFile);

async function json(response: Response, what: string): Promise<{ value: unknown }> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 500)}`);
  const body = JSON.parse(text);
  if (body && typeof body === 'object' && 'success' in body && body.success !== true)
    throw new Error(`${what}: ${text.slice(0, 500)}`);
  return body;
}

const keys = new Map<string, string>();
async function spkiOf(url: string): Promise<string> {
  const known = keys.get(url);
  if (known) return known;
  const body = (await json(await fetch(`${url}/wps/system/publicKey`), 'public key')) as {
    value: { spki: string };
  };
  keys.set(url, body.value.spki);
  return body.value.spki;
}

/**
 * A solved human-check challenge. The same rule as `solveHumanChallenge` (SHA-256 of `challenge:nonce` with
 * `difficulty` leading zero bits), with node:crypto's synchronous hash because the login bench prepares
 * hundreds of them.
 */
async function humanSolution(url: string, headers: Record<string, string> = {}) {
  const body = (await json(await fetch(`${url}/wps/verification/human`, { headers }), 'human challenge')) as {
    value: { challenge: string; difficulty: number };
  };
  const { challenge, difficulty } = body.value;
  for (let nonce = 0; ; nonce += 1) {
    const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
    if (leadingZeroBits(digest) >= difficulty) return { challenge, nonce: String(nonce) };
  }
}

/** An address of its own per player (one-click registration allows 3 per IP per hour). */
function addressOf(index: number): string {
  return `10.201.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.all(batch.map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

/** Registers `count` players through `POST /wps/member/register/oneClick`, each from its own address. */
export async function registerPlayers(url: string, count: number, firstIndex = 0): Promise<Player[]> {
  const spki = await spkiOf(url);
  const indexes = Array.from({ length: count }, (_, index) => firstIndex + index);
  return inBatches(indexes, 4, async (index) => {
    const ip = addressOf(index);
    const headers = { 'x-forwarded-for': ip, 'user-agent': 'lotus-bench' };
    // 12 letters and digits: the brand's password rule (pattern 5) and the one-click length.
    const password = `bench${String(index).padStart(6, '0')}x`;
    const body = await sealPayload(spki, { password, humanVerification: await humanSolution(url, headers) });
    const response = await fetch(`${url}/wps/member/register/oneClick`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const value = (
      (await json(response, `register player ${index}`)) as { value: { token: string; username: string } }
    ).value;
    return { username: value.username, password, token: value.token, ip };
  });
}

/** Credits each player's main wallet with `amountMajor` rupees through the operator CLI (the built one). */
export async function fundPlayers(
  databaseUrl: string,
  players: Player[],
  amountMajor: string,
): Promise<void> {
  const cli = path.join(repoRoot(), 'apps/server/dist/ops-cli.js');
  await inBatches(players, 4, (player) =>
    run(process.execPath, [cli, 'wallet:adjust', player.username, amountMajor, 'benchmark float'], {
      cwd: repoRoot(),
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
      },
    }),
  );
}

/** The first game of the in-house studio in the public game list: its nodeId and game code. */
export async function inhouseGame(url: string): Promise<{ nodeId: string; gameCode: string }> {
  const response = await fetch(`${url}/wps/relay/GCSGAME_gameList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ vassalage: 'LOTUS', pageNo: 1, pageSize: 20, language: 'EN' }),
  });
  const body = (await json(response, 'game list')) as {
    value: { list: { nodeId: string | number; gameCode: string; gameType: string }[] };
  };
  const game = body.value.list.find((entry) => entry.gameType === 'RNG') ?? body.value.list[0];
  if (!game) throw new Error('no LOTUS game in the game list');
  return { nodeId: String(game.nodeId), gameCode: game.gameCode };
}

/** The LOTUS vendor's wallet secret (vendors.wallet_secret), as the operator would give it to the vendor. */
export async function vendorSecret(databaseUrl: string): Promise<string> {
  const rows = (await queryOnce(
    databaseUrl,
    "SELECT wallet_secret FROM vendors WHERE vassalage = 'LOTUS' AND wallet_secret IS NOT NULL LIMIT 1",
  )) as unknown as { wallet_secret: string }[];
  const secret = rows[0]?.wallet_secret;
  if (!secret) throw new Error('the LOTUS vendor has no wallet secret');
  return secret;
}

/** Signs and posts one vendor-protocol call (docs/vendor-protocol.md). */
export async function vendorCall(
  url: string,
  secret: string,
  call: string,
  payload: Record<string, unknown>,
) {
  const body = JSON.stringify({ timestamp: Date.now(), ...payload });
  const response = await fetch(`${url}/vendor-api/v1/${call}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-vendor-code': 'LOTUS',
      'x-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`vendor ${call}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Launches the game for each player (`GET /wps/game/launchGame`) and authenticates its launch token. */
export async function vendorSessions(
  url: string,
  secret: string,
  players: Player[],
  nodeId: string,
): Promise<VendorSession[]> {
  return inBatches(players, 4, async (player) => {
    const launch = (await json(
      await fetch(`${url}/wps/game/launchGame?nodeId=${nodeId}&trial=0&language=EN`, {
        headers: { authorization: `Bearer ${player.token}` },
      }),
      `launch for ${player.username}`,
    )) as { value: { content: string } };
    const launchToken = new URL(launch.value.content, url).searchParams.get('token');
    if (!launchToken) throw new Error(`launch URL without a token: ${launch.value.content}`);
    const answer = await vendorCall(url, secret, 'authenticate', { launchToken });
    if (answer.status !== 'OK') throw new Error(`authenticate: ${JSON.stringify(answer)}`);
    return { playerId: String(answer.playerId), sessionToken: String(answer.sessionToken) };
  });
}

/**
 * `count` sealed username-login bodies, round-robin over `players`, each with its own solved challenge
 * (single use, valid 5 minutes: make them just before the load).
 */
export async function loginBodies(url: string, players: Player[], count: number): Promise<SealedPayload[]> {
  const spki = await spkiOf(url);
  const indexes = Array.from({ length: count }, (_, index) => index);
  return inBatches(indexes, 8, async (index) => {
    const player = players[index % players.length] as Player;
    return sealPayload(spki, {
      type: 'username',
      username: player.username,
      password: player.password,
      humanVerification: await humanSolution(url),
    });
  });
}

/**
 * A studio session per player: launch the vendor's catalogue game `gameCode` (`GET /wps/game/launchGame`),
 * then open the studio's session from the launch token (`POST <sessionPath> { launchToken }`), as the
 * studio's page does.
 */
async function studioSessions(
  url: string,
  players: Player[],
  studio: { vassalage: string; gameCode: string; sessionPath: string },
): Promise<string[]> {
  const { vassalage, gameCode, sessionPath } = studio;
  const list = (await json(
    await fetch(`${url}/wps/relay/GCSGAME_gameList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vassalage, pageNo: 1, pageSize: 50, language: 'EN' }),
    }),
    `${vassalage} game list`,
  )) as { value: { list: { nodeId: string | number; gameCode: string }[] } };
  const game = list.value.list.find((entry) => entry.gameCode === gameCode);
  if (!game) throw new Error(`no ${vassalage} game ${gameCode} in the game list`);
  return inBatches(players, 4, async (player) => {
    const launch = (await json(
      await fetch(`${url}/wps/game/launchGame?nodeId=${game.nodeId}&trial=0&language=EN`, {
        headers: { authorization: `Bearer ${player.token}`, 'x-forwarded-for': player.ip },
      }),
      `${gameCode} launch for ${player.username}`,
    )) as { value: { content: string } };
    const launchToken = new URL(launch.value.content, url).searchParams.get('token');
    if (!launchToken) throw new Error(`launch URL without a token: ${launch.value.content}`);
    const session = (await json(
      await fetch(`${url}${sessionPath}`, {
        method: 'POST',
        // Each player from its own address: opening a session is rate-limited per address in both studios.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': player.ip },
        body: JSON.stringify({ launchToken }),
      }),
      `${gameCode} session for ${player.username}`,
    )) as { value: { sessionToken: string } };
    return session.value.sessionToken;
  });
}

/** A lottery session per player (issue 20): launch the lottery game, then `POST /lotto/api/session`. */
export function lotterySessions(url: string, players: Player[], gameCode: string): Promise<string[]> {
  return studioSessions(url, players, { vassalage: 'LOTTO', gameCode, sessionPath: '/lotto/api/session' });
}

/**
 * A sportsbook session per player (issue 21): launch the catalogue game `sports` of vendor SPORTSBOOK, then
 * `POST /sportsbook/api/session` (docs/sportsbook.md "Bets through the protocol", step 1).
 */
export function sportsbookSessions(url: string, players: Player[]): Promise<string[]> {
  return studioSessions(url, players, {
    vassalage: 'SPORTSBOOK',
    gameCode: 'sports',
    sessionPath: '/sportsbook/api/session',
  });
}

/** A studio session of a fishing title per player (issue 22): launch it, then `POST /originals/api/sessions`. */
export function fishingSessions(url: string, players: Player[], gameCode: string): Promise<string[]> {
  return studioSessions(url, players, {
    vassalage: 'LOTUS',
    gameCode,
    sessionPath: '/originals/api/sessions',
  });
}

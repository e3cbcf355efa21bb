/**
 * The human-verification step (SPEC §4 "Username login runs a human-verification step"; the "bot check" of
 * registration and SMS sends): a proof of work. The server hands out a random `challenge` and a
 * `difficulty`; the browser finds a `nonce` such that SHA-256(`<challenge>:<nonce>`) starts with
 * `difficulty` zero bits, which costs a browser a fraction of a second and a bot farm real CPU per attempt.
 * Challenges are single-use and short-lived on the server (docs/accounts-contract.md "Human verification").
 *
 * WebCrypto only, no zod: the browser and the server run this same file.
 */

export type HumanChallenge = { challenge: string; difficulty: number; expiresAt: string };
export type HumanSolution = { challenge: string; nonce: string };

const encoder = new TextEncoder();

/** Count of leading zero bits of a digest. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

async function digest(challenge: string, nonce: string): Promise<Uint8Array> {
  const buffer = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${nonce}`));
  return new Uint8Array(buffer);
}

/** Whether `nonce` solves `challenge` at `difficulty` (the server's check). */
export async function isHumanSolution(
  challenge: string,
  nonce: string,
  difficulty: number,
): Promise<boolean> {
  if (!/^[0-9]{1,12}$/.test(nonce)) return false;
  return leadingZeroBits(await digest(challenge, nonce)) >= difficulty;
}

/**
 * Finds a nonce (the browser's side). Expected work is 2^difficulty digests; `signal` stops a search the
 * user abandoned (modal closed).
 */
export async function solveHumanChallenge(
  { challenge, difficulty }: Pick<HumanChallenge, 'challenge' | 'difficulty'>,
  signal?: AbortSignal,
): Promise<HumanSolution> {
  for (let attempt = 0; ; attempt += 1) {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    const nonce = String(attempt);
    if (leadingZeroBits(await digest(challenge, nonce)) >= difficulty) return { challenge, nonce };
  }
}

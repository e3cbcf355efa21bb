import { hashPassword, needsRehash } from '../../lib/password.ts';

/**
 * scrypt hashes of the public demo passwords (README "Demo accounts"), made once at the production
 * parameters. Hashing them on every cold start cost about 128 MiB and 0.3 CPU-s each, six at once: most of
 * the first start's peak memory (issue 15). The passwords are public, so a stored hash of them reveals
 * nothing; each has its own salt. A real deployment disables these accounts (README).
 *
 * Remake one after changing a password or `CURRENT_PARAMS` (a test fails until then):
 *   node -e "import('./apps/server/src/lib/password.ts').then(async (m) => console.log(await m.hashPassword('…')))"
 */
export const PRECOMPUTED_DEMO_HASHES: Readonly<Record<string, string>> = {
  'Lotus-Player-2026!':
    'scrypt$v1$N=131072,r=8,p=1$xoxbpj2EhXkB4uwNPz-arA$tL3ydg8cRgbqd6wISNTv4qKT3CWHW3cpjRWr4oBhZH4',
  'Lotus-Agent-2026!':
    'scrypt$v1$N=131072,r=8,p=1$2cY-xU1Fz6WESQVJdbP42A$R2uQxQSoJiNvGysFDf-FV3z0-8MBTK5jx_erSOvaXUo',
  'Lotus-SubAgent-2026!':
    'scrypt$v1$N=131072,r=8,p=1$4qRwd1PrnmGfs40w-BHW5w$OWcur82kxAQYHXjniVRZMPwiE6t1WNGopJv8-VFJtME',
  'Lotus-Player2-2026!':
    'scrypt$v1$N=131072,r=8,p=1$1fGeKb0O7R02jsF5pojxpA$U8T7Ril1kL2hQ_uflkNYlKzZDSaEHtwt3EL-BKse0uQ',
  'Lotus-Welcome-2026!':
    'scrypt$v1$N=131072,r=8,p=1$BIchCAiLd_lrOZzWXDMupw$vOZZI9H8gfVsmTOeu6_SSdsxrtp3fvFPIEE9DTPGH1A',
  'Lotus-Ops-2026!':
    'scrypt$v1$N=131072,r=8,p=1$HDab1K0OgSJYiQi6WikmiA$CPrLQ0EGAK4CcC9fBHu2P7OSOQt5mwXp0Y27y9IbPIg',
};

/** The precomputed hash when it has the parameters new hashes get now; otherwise a fresh hash. */
export async function demoPasswordHash(password: string): Promise<string> {
  const known = PRECOMPUTED_DEMO_HASHES[password];
  return known !== undefined && !needsRehash(known) ? known : hashPassword(password);
}

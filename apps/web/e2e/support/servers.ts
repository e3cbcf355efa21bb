/**
 * The server instances the journeys run against. Each is the production bundle
 * (`node apps/server/dist/main.js`) on its own embedded PGlite folder, prepared by the operator CLI before it
 * starts (PGlite has a single connection, so the CLI cannot run while the server holds the folder).
 *
 * Ports are fixed so that the Playwright config (evaluated before the global setup) and every worker agree
 * on them; `E2E_PORT_BASE` moves the whole block when the default range is taken.
 */

export type ServerName = 'normal' | 'maintenance' | 'guard' | 'chrome' | 'sms-register' | 'wallet';

export type ServerSpec = {
  name: ServerName;
  /** Offset from the port base. */
  portOffset: number;
  /** Operator commands run (in order) on the empty data folder before the server starts. */
  ops: string[][];
  /** Test-data presets of prepare-content.ts, applied after the operator commands. */
  content?: string[];
  /** `value.status` that `/wps/system/status` must answer from the loopback address once started. */
  expectedStatus: 0 | 1 | 2;
  purpose: string;
  /** Gets OIDC_* / TELEGRAM_* pointing at the local identity stub (identity-stub.ts). */
  identityStub?: boolean;
  /** Extra environment of the server process (e.g. DEV_INBOX for the developer inbox the journeys read). */
  env?: Record<string, string>;
  /** Runs on PostgreSQL: this database on the TEST_DATABASE_URL server, made afresh (postgres-database.ts). */
  postgresDatabase?: string;
};

export const SERVER_SPECS: readonly ServerSpec[] = [
  {
    name: 'normal',
    portOffset: 0,
    ops: [],
    // The greeting pop-ups would cover home in every journey; chrome.spec.ts meets them on its own server.
    content: ['quiet-greetings'],
    expectedStatus: 0,
    identityStub: true,
    // Journeys read SMS / e-mail codes and captcha answers from /dev/outbox and /dev/captcha.
    env: { DEV_INBOX: '1' },
    purpose: 'seeded demo brand without greeting pop-ups (region restriction on for US, GB, FR, NL, AU, SG)',
  },
  {
    name: 'maintenance',
    portOffset: 1,
    ops: [['brand:set', 'maintenance', 'true']],
    expectedStatus: 1,
    purpose: 'demo brand in maintenance',
  },
  {
    name: 'guard',
    portOffset: 2,
    ops: [['brand:set', 'loggedInToHomePage', 'true']],
    expectedStatus: 0,
    purpose: "demo brand with the 'logged-in to home page' guard on",
  },
  {
    name: 'chrome',
    portOffset: 3,
    ops: [],
    content: ['chrome-extras'],
    expectedStatus: 0,
    purpose: 'seeded demo brand with its greeting pop-ups, two pages of notices, XSS probes, no help banners',
  },
  {
    name: 'sms-register',
    portOffset: 4,
    // REGMOBVERF3 changes every registration (an SMS code for both tabs): its own server, so the other
    // journeys keep the seeded brand.
    ops: [['flag:set', 'REGMOBVERF3', 'on']],
    content: ['quiet-greetings', 'newbie-twins'],
    expectedStatus: 0,
    env: { DEV_INBOX: '1' },
    purpose:
      'demo brand with SMS verification of registrations (REGMOBVERF3 on), newbie twins, developer inbox',
  },
  {
    name: 'wallet',
    portOffset: 5,
    ops: [],
    content: ['quiet-greetings'],
    expectedStatus: 0,
    // PostgreSQL, so the wallet journeys can approve and pay with the operator CLI while the server runs.
    // Named after the port block, which concurrent runs already keep apart, so they never drop each other's.
    get postgresDatabase() {
      return `lotus_e2e_wallet_${portBase()}`;
    },
    // The servers run with NODE_ENV=production, where the simulator needs its own secret (issue 14); it
    // calls back to 127.0.0.1:<PORT>, the address these servers listen on.
    env: {
      DEV_INBOX: '1',
      GATEWAY_SIMULATOR: '1',
      GATEWAY_SIMULATOR_SECRET: 'e2e-gateway-simulator-secret-2026',
    },
    purpose: 'demo brand on PostgreSQL with the payment-gateway simulator (wallet journeys)',
  },
];

const DEFAULT_PORT_BASE = 18181;

export function portBase(): number {
  const raw = process.env.E2E_PORT_BASE;
  if (raw === undefined || raw === '') return DEFAULT_PORT_BASE;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 1024 || parsed > 65000) {
    throw new Error(`E2E_PORT_BASE must be an integer port between 1024 and 65000, got "${raw}"`);
  }
  return parsed;
}

export function serverPort(name: ServerName): number {
  const spec = SERVER_SPECS.find((s) => s.name === name);
  if (!spec) throw new Error(`unknown e2e server ${name}`);
  return portBase() + spec.portOffset;
}

export function serverUrl(name: ServerName): string {
  return `http://127.0.0.1:${serverPort(name)}`;
}

/**
 * Addresses sent as `X-Forwarded-For` (the servers trust 127.0.0.1 as a proxy). Checked against the
 * geoip-country database the server uses: 8.8.8.8 maps to US (restricted by the demo brand), 49.207.0.1
 * to IN (allowed).
 */
export const RESTRICTED_VISITOR_IP = '8.8.8.8';
export const ALLOWED_VISITOR_IP = '49.207.0.1';

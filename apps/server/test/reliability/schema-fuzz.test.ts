import { randomUUID } from 'node:crypto';
import { INHOUSE_GAMES } from '@lotus/games/play';
import { CONTRACT_RELAY_PATHS } from '@lotus/shared/agent-contracts.schema';
import { httpStatusOf, isErrorCode } from '@lotus/shared/error-codes';
import { ORIGINALS_SESSION_HEADER } from '@lotus/shared/originals.schema';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { systemClock } from '../../src/lib/clock.ts';
import { inhouseFixture } from '../../src/modules/inhouse-vendor/inhouse-vendor.fixture.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { operatorTokenFor } from '../helpers/operator-helper.ts';
import { testBackends } from '../helpers/test-database.ts';
import { WithdrawalFixture } from '../helpers/withdrawal-fixture.ts';
import { type ApiRoute, apiRoutes } from './route-inventory.ts';
import { arbitraryOf, type JsonSchema, jsonSchemaOf, propertiesOf, wrongTypeOf } from './schema-arbitrary.ts';

/**
 * Issue 7 reliability item 3: every API route fuzzed from its own zod schema. Valid requests (generated
 * from the body / query / params schemas) and malformed ones (invalid JSON, wrong content type, oversize,
 * wrong types, missing required fields, huge strings): no answer is a 5xx unless listed below with its
 * reason, every malformed request is refused with a 4xx, every answer matches the route's declared
 * response schema (2xx) or the error envelope with the status of its code (4xx/5xx).
 * Issue 14: control characters (NUL, the other C0 controls, DEL, and tab / line breaks) are injected into
 * every string of every route (body, query, path parameters, multipart fields, an extra query parameter):
 * the ones no text may hold must be refused with a 4xx, tab and line breaks may be accepted, and neither
 * may ever be a 5xx (a NUL reaching PostgreSQL was a 500).
 * RELIABILITY_FULL=1: 1,000 valid + 1,000 malformed + 300 control-character requests per route;
 * otherwise 5 + 5 + 8.
 */

vi.mock('fastify', async (original) =>
  (await import('./route-inventory.ts')).wrapFastifyModule(await original()),
);

const FULL = process.env.RELIABILITY_FULL === '1';
const VALID_PER_ROUTE = FULL ? 1000 : 5;
const MALFORMED_PER_ROUTE = FULL ? 1000 : 5;
const CONTROL_PER_ROUTE = FULL ? 300 : 8;
/**
 * Characters no text may hold (packages/shared/src/text.ts `hasForbiddenCharacters`): always refused. The
 * lone surrogate last goes into JSON bodies only (a URL or a multipart form cannot carry it: NUL there).
 */
const FORBIDDEN_CONTROLS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\ud83d',
];
/** Allowed in multi-line text, refused by single-line fields: either answer, never a 5xx. */
const LINE_CONTROLS = ['\t', '\n', '\r'];
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const BODY_LIMIT = 1_048_576;

/**
 * 5xx answers that are the design, not a bug: `key` → the codes allowed and why. Anything else is a failure.
 * Empty today: in the test app every upstream is in process and up (the studio's wallet, the outbox SMS and
 * mail providers), so no route has a reason to answer service_unavailable, sms_send_failed or
 * game_maintenance. A fuzz of a deployment with a gateway down would list those routes here.
 */
const DESIGNED_5XX: Record<string, { codes: string[]; reason: string }> = {};

/** Answers that are not the JSON envelope by design: `key` → why. Their status is still checked. */
const NON_ENVELOPE: Record<string, string> = {
  'GET /wps/ws':
    "the WebSocket upgrade route; a plain GET gets @fastify/websocket's bare 404 (realtime tests cover the socket)",
};

/** Routes that end the caller's session: each request gets a fresh one so later routes keep theirs. */
const SESSION_ENDING = new Set([
  'DELETE /wps/session/logout',
  'DELETE /wps/ops/session',
  'POST /wps/member/protection/exclusions',
]);

const backend = testBackends().at(-1) ?? 'pglite';
const harness = await buildTestApp({
  backend,
  config: { rateLimitMax: 1_000_000_000, bodyLimitBytes: BODY_LIMIT },
});
const { app, database } = harness;
const routes = apiRoutes();

type Credentials = {
  member: () => Promise<string>;
  operator: () => Promise<string>;
  originals: () => Promise<string>;
  /** A member or operator session of its own, for routes that end the session they are called with. */
  freshMember: () => Promise<string>;
  freshOperator: () => Promise<string>;
  /** An agent (type 1): the agent centre refuses anyone else before reading the input. */
  agent: () => Promise<string>;
};

let credentials: Credentials;
/** Real ids and names, mixed into generated path parameters so some requests reach real rows. */
const known: Record<string, string[]> = {};
/**
 * A route's own real names instead of `known`: an operator's exclusion ends every session of the member
 * it names, so it names a member kept for it, never the player whose session the other routes use.
 */
const knownFor: Record<string, Record<string, string[]>> = {};

beforeAll(async () => {
  const fixture = new WithdrawalFixture(app, database.db, systemClock);
  await fixture.init();
  const player = await fixture.readyMember(5_000_000n);
  const withdrawal = await fixture.pendingWithdrawal(player, '100');
  const adminToken = await operatorTokenFor(app, database.db, 'admin');
  const agent = await fixture.member({ memberType: 1 });
  const studio = await inhouseFixture(app, database);
  const gameCode = Object.keys(INHOUSE_GAMES)[0] as string;
  const studioSession = await studio.open(player.id, gameCode);
  known.id = [player.accountId, withdrawal, '1'];
  known.username = [player.username, 'demo_player'];
  known.provider = ['google', 'facebook', 'telegram'];
  known.method = ['upi', 'bank', 'usdt'];
  known.roundId = ['1'];
  const excludable = await fixture.member();
  knownFor['POST /wps/ops/members/:username/exclusions'] = { username: [excludable.username] };
  credentials = {
    member: async () => player.token,
    operator: async () => adminToken,
    originals: async () => studioSession.token,
    freshMember: async () => (await fixture.member()).token,
    freshOperator: () => operatorTokenFor(app, database.db, 'admin'),
    agent: async () => agent.token,
  };
});

/** Requests sent, for the closing summary line. */
const sent = { routes: 0, valid: 0, malformed: 0, control: 0 };

afterAll(async () => {
  console.info(
    `[fuzz] ${sent.routes} routes: ${sent.valid} valid + ${sent.malformed} malformed + ${sent.control} control-character requests`,
  );
  await harness.close();
});

/** Routes only an agent gets past the door of (their input is read after the agent check). */
const AGENT_CENTRE_ROUTES = new Set([
  'GET /wps/agent/team/overview',
  'GET /wps/agent/downlines',
  'POST /wps/agent/downlines',
  'GET /wps/agent/transfers',
  'GET /wps/agent/team/betting',
  'GET /wps/agent/team/loss',
  'GET /wps/agent/income',
  ...Object.values(CONTRACT_RELAY_PATHS).flatMap((path) => [`GET ${path}`, `POST ${path}`]),
  'GET /wps/agent/consolidated',
  'GET /wps/agent/contracts/settlements',
]);

async function authHeaders(route: ApiRoute): Promise<Record<string, string>> {
  const ending = SESSION_ENDING.has(route.key);
  switch (route.auth) {
    case 'member':
      if (AGENT_CENTRE_ROUTES.has(route.key)) return { authorization: `Bearer ${await credentials.agent()}` };
      return { authorization: `Bearer ${await (ending ? credentials.freshMember() : credentials.member())}` };
    case 'operator':
      return {
        authorization: `Bearer ${await (ending ? credentials.freshOperator() : credentials.operator())}`,
      };
    case 'originals':
      return { [ORIGINALS_SESSION_HEADER]: await credentials.originals() };
    default:
      return {};
  }
}

/** A request's parts before it is turned into an inject call. */
type Parts = {
  params: Record<string, unknown>;
  query: Record<string, unknown> | null;
  body: unknown;
  /** Replaces the JSON body: raw bytes and their content type. */
  raw?: { payload: string | Buffer; contentType: string };
  headers?: Record<string, string>;
  /** Send no credentials (a malformed credential case sets its own). */
  anonymous?: boolean;
};

function queryString(query: Record<string, unknown> | null): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      search.append(name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The query as the server sees it (every value a string, repeats as arrays), to check it with zod. */
function queryAsSent(query: Record<string, unknown> | null): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(queryString(query).slice(1))) {
    const previous = parsed[name];
    parsed[name] = previous === undefined ? value : ([] as unknown[]).concat(previous, value);
  }
  return parsed;
}

function urlOf(route: ApiRoute, params: Record<string, unknown>): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? 'x')),
  );
}

async function injectOf(route: ApiRoute, parts: Parts): Promise<InjectOptions> {
  const headers: Record<string, string> = {
    'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
    'idempotency-key': randomUUID(),
    ...(parts.anonymous ? {} : await authHeaders(route)),
    ...parts.headers,
  };
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: `${urlOf(route, parts.params)}${queryString(parts.query)}`,
    headers,
  };
  if (parts.raw) {
    options.payload = parts.raw.payload;
    headers['content-type'] = parts.raw.contentType;
  } else if (parts.body !== undefined) {
    options.payload = JSON.stringify(parts.body);
    headers['content-type'] = 'application/json';
  }
  return options;
}

const accepts = (schema: ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;

const isMultipart = (route: ApiRoute) =>
  (route.schema.consumes ?? []).some((type) => type.startsWith('multipart/'));
const takesBody = (route: ApiRoute) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

function sample<T>(arbitrary: fc.Arbitrary<T>, count: number, offset: number): T[] {
  return fc.sample(arbitrary, { numRuns: count, seed: SEED + offset });
}

function knownOrGenerated(
  route: ApiRoute,
  name: string,
  schema: JsonSchema,
  root: JsonSchema,
): fc.Arbitrary<unknown> {
  const generated = arbitraryOf(schema, root);
  const real = (knownFor[route.key] ?? known)[name];
  return real && real.length > 0 ? fc.oneof(generated, fc.constantFrom(...real)) : generated;
}

/** Valid requests: body, query and params drawn from their schemas and kept when zod accepts them. */
function validRequests(
  route: ApiRoute,
  count: number,
  offset: number,
): { parts: Parts[]; schemaValid: number } {
  const { body, querystring, params } = route.schema;
  const bodyJson = body ? jsonSchemaOf(body) : null;
  const queryJson = querystring ? jsonSchemaOf(querystring) : null;
  const paramsJson = params ? jsonSchemaOf(params) : null;
  const paramRecord: Record<string, fc.Arbitrary<unknown>> = {};
  if (paramsJson) {
    for (const [name, property] of Object.entries(propertiesOf(paramsJson))) {
      paramRecord[name] = knownOrGenerated(route, name, property, paramsJson);
    }
  } else {
    for (const [, name] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
      paramRecord[name as string] = fc.oneof(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(...(known[name as string] ?? ['1'])),
      );
    }
  }
  const arbitrary = fc.record({
    params: fc.record(paramRecord),
    query: queryJson ? (arbitraryOf(queryJson) as fc.Arbitrary<Record<string, unknown>>) : fc.constant(null),
    body: bodyJson
      ? arbitraryOf(bodyJson)
      : takesBody(route) && !isMultipart(route)
        ? fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
        : fc.constant(undefined),
  });
  const pool = sample(arbitrary, count * 4, offset);
  const isValid = (parts: (typeof pool)[number]) =>
    accepts(body, parts.body) &&
    accepts(querystring, queryAsSent(parts.query)) &&
    accepts(params, Object.fromEntries(Object.entries(parts.params).map(([k, v]) => [k, String(v)])));
  const good = pool.filter(isValid);
  // Refinements JSON Schema cannot say (e.g. cross-field rules) may reject every draw: send drafts then.
  const chosen = [...good, ...pool.filter((parts) => !isValid(parts))].slice(0, count);
  const parts = chosen.map((entry) => {
    if (isMultipart(route)) {
      const form = multipartBody({ message: 'fuzz feedback text long enough', amount: '100', note: 'x' });
      return {
        ...entry,
        body: undefined,
        raw: { payload: form.payload, contentType: form.headers['content-type'] as string },
      };
    }
    return entry as Parts;
  });
  return { parts, schemaValid: Math.min(good.length, count) };
}

/** A credential header of the route's kind that names no session (or is not even a bearer token). */
function forgedCredentials(route: ApiRoute, index: number): Record<string, string> {
  if (route.auth === 'originals') {
    return { [ORIGINALS_SESSION_HEADER]: `forged-${index}-${'z'.repeat(index % 200)}` };
  }
  return {
    authorization:
      index % 2 ? `Bearer ${randomUUID().replaceAll('-', '')}` : `Basic ${'y'.repeat(index % 300)}`,
  };
}

/** Malformed requests the route must refuse with a 4xx, each checked to be invalid before it is sent. */
function malformedRequests(
  route: ApiRoute,
  count: number,
  offset: number,
  base: Parts[],
): { kind: string; parts: Parts }[] {
  const { body, querystring, params } = route.schema;
  const candidates: { kind: string; make: (seed: Parts, index: number) => Parts | null }[] = [];
  const seedParts = base[0] ?? { params: {}, query: null, body: undefined };
  const huge = (size: number) => 'Ω'.repeat(size);

  if (route.auth !== 'none') {
    candidates.push(
      { kind: 'no credentials', make: (seed) => ({ ...seed, anonymous: true }) },
      {
        kind: 'forged credentials',
        make: (seed, index) => ({ ...seed, anonymous: true, headers: forgedCredentials(route, index) }),
      },
    );
  }
  if (takesBody(route)) {
    candidates.push(
      {
        kind: 'invalid JSON',
        make: (seed, index) => ({
          ...seed,
          raw: { payload: `{"a":${'['.repeat(index % 50)}`, contentType: 'application/json' },
        }),
      },
      {
        kind: 'wrong content type',
        make: (seed, index) => ({
          ...seed,
          raw: {
            payload: `a=${index}&b=${encodeURIComponent(JSON.stringify(seed.body ?? {}))}`,
            contentType: index % 2 ? 'application/x-www-form-urlencoded' : 'application/xml',
          },
        }),
      },
      {
        kind: 'oversize',
        make: (seed) => ({
          ...seed,
          raw: { payload: JSON.stringify({ blob: huge(BODY_LIMIT) }), contentType: 'application/json' },
        }),
      },
    );
  }
  if (takesBody(route) && isMultipart(route)) {
    candidates.push({
      kind: 'broken multipart',
      make: (seed, index) => ({
        ...seed,
        raw: {
          payload: `--nope\r\nContent-Disposition: form-data; name="x"\r\n\r\n${index}`,
          contentType: 'multipart/form-data; boundary=other',
        },
      }),
    });
  }
  if (body && takesBody(route)) {
    const json = jsonSchemaOf(body);
    const properties = propertiesOf(json);
    const names = Object.keys(properties);
    const required = json.required ?? [];
    candidates.push({
      kind: 'body not an object',
      // Not null: the catalogue reads a null or absent POST body as `{}` on purpose (its preValidation hook).
      make: (seed, index) => ({ ...seed, body: [42, 'text', [1, 2], true][index % 4] }),
    });
    if (required.length > 0) {
      candidates.push({
        kind: 'missing required field',
        make: (seed, index) => {
          const copy = { ...(seed.body as Record<string, unknown>) };
          delete copy[required[index % required.length] as string];
          return { ...seed, body: copy };
        },
      });
    }
    if (names.length > 0) {
      const wrong = names.map((name) => sample(wrongTypeOf(properties[name] as JsonSchema), 8, offset));
      candidates.push(
        {
          kind: 'wrong type',
          make: (seed, index) => {
            const slot = index % names.length;
            const values = wrong[slot] as unknown[];
            return {
              ...seed,
              body: { ...(seed.body as object), [names[slot] as string]: values[index % values.length] },
            };
          },
        },
        {
          kind: 'huge string',
          make: (seed, index) => ({
            ...seed,
            body: {
              ...(seed.body as object),
              [names[index % names.length] as string]: huge(100_000 + index),
            },
          }),
        },
      );
    }
  }
  if (querystring) {
    const json = jsonSchemaOf(querystring);
    const properties = propertiesOf(json);
    const names = Object.keys(properties);
    if (names.length > 0) {
      const wrong = names.map((name) => sample(wrongTypeOf(properties[name] as JsonSchema), 8, offset + 1));
      candidates.push(
        {
          kind: 'query wrong type',
          make: (seed, index) => {
            const slot = index % names.length;
            const values = wrong[slot] as unknown[];
            return {
              ...seed,
              query: { ...(seed.query ?? {}), [names[slot] as string]: values[index % values.length] },
            };
          },
        },
        {
          kind: 'query huge string',
          make: (seed, index) => ({
            ...seed,
            query: { ...(seed.query ?? {}), [names[index % names.length] as string]: huge(5_000 + index) },
          }),
        },
      );
    }
  }
  if (route.url.includes(':')) {
    candidates.push({
      kind: 'param too long',
      make: (seed, index) => ({
        ...seed,
        params: Object.fromEntries(Object.keys(seed.params).map((name) => [name, 'p'.repeat(150 + index)])),
      }),
    });
    if (params) {
      candidates.push({
        kind: 'param wrong shape',
        make: (seed, index) => ({
          ...seed,
          params: Object.fromEntries(
            Object.keys(seed.params).map((name) => [name, ['-1', '../etc', '%00', ' ', '1e999'][index % 5]]),
          ),
        }),
      });
    }
  }

  const invalid = (parts: Parts): boolean => {
    if (parts.anonymous || parts.raw) return true;
    const paramStrings = Object.fromEntries(Object.entries(parts.params).map(([k, v]) => [k, String(v)]));
    if (Object.values(paramStrings).some((value) => value.length > 100)) return true;
    return !(
      accepts(body, parts.body) &&
      accepts(querystring, queryAsSent(parts.query)) &&
      accepts(params, paramStrings)
    );
  };
  const out: { kind: string; parts: Parts }[] = [];
  if (candidates.length === 0) return out;
  for (let index = 0; out.length < count && index < count * 4; index += 1) {
    const candidate = candidates[index % candidates.length] as (typeof candidates)[number];
    const made = candidate.make(base[index % base.length] ?? seedParts, index);
    if (made && invalid(made)) out.push({ kind: candidate.kind, parts: made });
  }
  return out;
}

/** Where a control character can go in a request: a string already in it, or one the route declares. */
type ControlSlot =
  | { part: 'body' | 'query'; path: (string | number)[] }
  | { part: 'params'; name: string }
  | { part: 'form'; name: string }
  | { part: 'extra query' };

/** Paths of the string leaves of a JSON value. */
function stringPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (typeof value === 'string') out.push(path);
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) stringPaths(item, [...path, index], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) stringPaths(item, [...path, name], out);
  }
  return out;
}

function stringPropertyNames(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  return Object.entries(propertiesOf(json))
    .filter(([, property]) => {
      const types = Array.isArray(property.type) ? property.type : [property.type];
      return types.includes('string') || (property.anyOf ?? []).some((option) => option.type === 'string');
    })
    .map(([name]) => name);
}

/** A copy of `root` with the value at `path` replaced (objects and arrays copied along the way). */
function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (
    Array.isArray(root)
      ? [...root]
      : typeof root === 'object' && root !== null
        ? { ...(root as Record<string, unknown>) }
        : {}
  ) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined,
    root,
  );
}

const MULTIPART_FIELDS = { message: 'fuzz feedback text long enough', amount: '100', note: 'x' };

/** `text` with `control` put in at a position chosen by `index`, never inside a surrogate pair. */
function inject(text: string, control: string, index: number): string {
  let at = index % (text.length + 1);
  if (/[\udc00-\udfff]/.test(text.charAt(at))) at += 1;
  return `${text.slice(0, at)}${control}${text.slice(at)}`;
}

/**
 * Requests carrying one control character each, in every string slot of the route in turn: `forbidden`
 * ones must be refused with a 4xx, the others (tab, line breaks) may be accepted; none may be a 5xx.
 */
function controlRequests(
  route: ApiRoute,
  count: number,
  base: Parts[],
): { kind: string; parts: Parts; forbidden: boolean }[] {
  const slotsOf = (seed: Parts): ControlSlot[] => {
    const slots: ControlSlot[] = [{ part: 'extra query' }];
    if (isMultipart(route)) {
      for (const name of Object.keys(MULTIPART_FIELDS)) slots.push({ part: 'form', name });
    } else if (typeof seed.body === 'object' && seed.body !== null) {
      const leaves = stringPaths(seed.body);
      for (const path of leaves) slots.push({ part: 'body', path });
      for (const name of stringPropertyNames(route.schema.body)) {
        if (!leaves.some((path) => path.length === 1 && path[0] === name))
          slots.push({ part: 'body', path: [name] });
      }
    }
    const queryLeaves = stringPaths(seed.query ?? {});
    for (const path of queryLeaves) slots.push({ part: 'query', path });
    for (const name of stringPropertyNames(route.schema.querystring)) {
      if (!queryLeaves.some((path) => path[0] === name)) slots.push({ part: 'query', path: [name] });
    }
    for (const name of Object.keys(seed.params)) slots.push({ part: 'params', name });
    return slots;
  };
  const out: { kind: string; parts: Parts; forbidden: boolean }[] = [];
  for (let index = 0; index < count; index += 1) {
    const seed = base[index % base.length] ?? { params: {}, query: null, body: undefined };
    const slots = slotsOf(seed);
    const slot = slots[(index * 7 + Math.floor(index / slots.length)) % slots.length] as ControlSlot;
    const controls = index % 4 === 3 ? LINE_CONTROLS : FORBIDDEN_CONTROLS;
    const drawn = controls[index % controls.length] as string;
    const control = slot.part !== 'body' && /[\ud800-\udfff]/.test(drawn) ? '\u0000' : drawn;
    const forbidden = controls === FORBIDDEN_CONTROLS;
    const text = (value: unknown) => inject(typeof value === 'string' ? value : 'fuzz', control, index);
    let parts: Parts;
    switch (slot.part) {
      case 'extra query':
        parts = { ...seed, query: { ...(seed.query ?? {}), fuzz: text('text') } };
        break;
      case 'query':
        parts = {
          ...seed,
          query: setAt(seed.query ?? {}, slot.path, text(getAt(seed.query, slot.path))) as Parts['query'],
        };
        break;
      case 'body':
        parts = { ...seed, body: setAt(seed.body, slot.path, text(getAt(seed.body, slot.path))) };
        break;
      case 'params':
        parts = {
          ...seed,
          params: { ...seed.params, [slot.name]: text(String(seed.params[slot.name] ?? 'x')) },
        };
        break;
      case 'form': {
        const form = multipartBody({
          ...MULTIPART_FIELDS,
          [slot.name]: text(MULTIPART_FIELDS[slot.name as keyof typeof MULTIPART_FIELDS]),
        });
        parts = {
          ...seed,
          raw: { payload: form.payload, contentType: form.headers['content-type'] as string },
        };
        break;
      }
    }
    const where = slot.part === 'params' || slot.part === 'form' ? `${slot.part}.${slot.name}` : slot.part;
    out.push({
      kind: `control U+${control.charCodeAt(0).toString(16).padStart(4, '0')} in ${where}`,
      parts,
      forbidden,
    });
  }
  return out;
}

type Finding = { kind: string; status: number; request: string; body: string; problem: string };

function describeRequest(options: InjectOptions): string {
  const payload = options.payload;
  const shown =
    typeof payload === 'string'
      ? payload.slice(0, 160)
      : payload
        ? `<${(payload as Buffer).length} bytes>`
        : '';
  return `${options.method} ${String(options.url).slice(0, 200)} ${shown}`;
}

/** The problem with an answer, or null when it is what the route declares. */
function checkAnswer(route: ApiRoute, response: LightMyRequestResponse, malformed: boolean): string | null {
  const status = response.statusCode;
  let json: unknown;
  try {
    json = response.body === '' ? undefined : JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  if (status >= 500) {
    const code = (json as { message?: unknown } | undefined)?.message;
    const designed = DESIGNED_5XX[route.key];
    if (!designed || typeof code !== 'string' || !designed.codes.includes(code))
      return `server error ${status}`;
  }
  if (malformed && (status < 400 || status >= 500)) return `malformed request answered ${status}`;
  if (status >= 400) {
    if (NON_ENVELOPE[route.key]) return null;
    const envelope = json as { success?: unknown; message?: unknown; value?: unknown } | undefined;
    if (envelope?.success !== false || !isErrorCode(envelope.message)) return 'not the error envelope';
    if (httpStatusOf(envelope.message) !== status) return `status ${status} but code ${envelope.message}`;
    if (envelope.value !== null && (typeof envelope.value !== 'object' || Array.isArray(envelope.value)))
      return 'envelope value is not an object';
    return null;
  }
  const declared = route.schema.response?.[String(status)] ?? route.schema.response?.['2xx'];
  if (declared && route.method !== 'HEAD') {
    const parsed = declared.safeParse(json);
    if (!parsed.success)
      return `answer does not match the declared ${status} schema: ${parsed.error.message.slice(0, 300)}`;
  }
  return null;
}

describe(`schema fuzz of every API route (${FULL ? 'full' : 'small'}: ${VALID_PER_ROUTE} valid + ${MALFORMED_PER_ROUTE} malformed + ${CONTROL_PER_ROUTE} control-character per route, seed ${SEED})`, () => {
  it('finds the API routes', () => {
    // A regression guard: the route walk must see the whole app, members, back office and studio alike.
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((route) => route.auth === 'member').length).toBeGreaterThan(20);
    expect(routes.filter((route) => route.auth === 'operator').length).toBeGreaterThan(8);
  });

  it('keeps the answers to the requests that used to fail with a 5xx', async () => {
    const answer = async (options: InjectOptions) => {
      const response = await app.inject(options);
      return [response.statusCode, (response.json() as { message: string }).message];
    };
    // An integer filter beyond the column's range was a PostgreSQL error (22003) → 500.
    for (const payload of [{ minLineNum: 6_018_151_424_044_213 }, { minBet: '99999999999999999999' }]) {
      expect(await answer({ method: 'POST', url: '/wps/relay/GCSGAME_gameList', payload })).toEqual([
        400,
        'invalid_request',
      ]);
    }
    // A launch token outside printable ASCII was refused by the wallet protocol (400), read as 503.
    expect(
      await answer({
        method: 'POST',
        url: '/originals/api/sessions',
        payload: { launchToken: 'ŧẪ'.repeat(10) },
      }),
    ).toEqual([401, 'not_logged_in']);
    // Busboy's "Unexpected end of multipart data" was an unhandled error → 500.
    expect(
      await answer({
        method: 'PUT',
        url: '/wps/feedback',
        headers: { 'content-type': 'multipart/form-data; boundary=other' },
        payload: '--nope\r\nContent-Disposition: form-data; name="x"\r\n\r\n3',
      }),
    ).toEqual([400, 'invalid_request']);
  });

  it.each(routes.map((route, index) => [route.key, route, index] as const))(
    '%s',
    async (_, route, index) => {
      const offset = index * 7919;
      const { parts: valid, schemaValid } = validRequests(route, VALID_PER_ROUTE, offset);
      const malformed = malformedRequests(route, MALFORMED_PER_ROUTE, offset, valid);
      const findings: Finding[] = [];
      const run = async (kind: string, parts: Parts, isMalformed: boolean) => {
        const options = await injectOf(route, parts);
        const response = await app.inject(options);
        const problem = checkAnswer(route, response, isMalformed);
        if (problem) {
          findings.push({
            kind,
            status: response.statusCode,
            request: describeRequest(options),
            body: response.body.slice(0, 300),
            problem,
          });
        }
      };
      for (const parts of valid) await run('valid', parts, false);
      for (const { kind, parts } of malformed) await run(kind, parts, true);
      const controls = controlRequests(route, CONTROL_PER_ROUTE, valid);
      for (const { kind, parts, forbidden } of controls) await run(kind, parts, forbidden);
      sent.routes += 1;
      sent.valid += valid.length;
      sent.malformed += malformed.length;
      sent.control += controls.length;

      expect(findings.slice(0, 5), `${findings.length} bad answers`).toEqual([]);
      expect(valid.length).toBe(VALID_PER_ROUTE);
      // Every route that reads input has malformed cases; the few that read none are logged below.
      if (malformed.length < MALFORMED_PER_ROUTE) {
        console.info(`[fuzz] ${route.key}: ${malformed.length} malformed cases (route reads no input)`);
      }
      if (schemaValid < valid.length) {
        console.info(
          `[fuzz] ${route.key}: ${schemaValid}/${valid.length} generated requests pass its zod schema`,
        );
      }
    },
    FULL ? 3_600_000 : 30_000,
  );
});

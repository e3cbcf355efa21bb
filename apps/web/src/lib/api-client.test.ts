import { errorCodes } from '@lotus/shared/error-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiGet,
  apiSend,
  BROWSER_ONLY_ERROR_KEYS,
  isApiErrorCode,
  NETWORK_ERROR,
} from './api-client.ts';
import { STORAGE_KEYS } from './storage.ts';

const englishErrors = Object.values(
  import.meta.glob<Record<string, string>>('../locales/en/errors.json', { eager: true, import: 'default' }),
)[0] as Record<string, string>;

function answer(body: unknown, status = 200) {
  const fetchStub = vi.fn(async () =>
    typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiGet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('unwraps the value of a successful envelope', async () => {
    answer({ success: true, message: 'ok', value: { status: 0 } });
    await expect(apiGet('/wps/system/status')).resolves.toEqual({ status: 0 });
  });

  it('raises the envelope ErrorCode with the HTTP status', async () => {
    answer({ success: false, message: 'info_maintenance', value: null }, 503);
    const error = await failureOf(apiGet('/wps/system/whitelabel'));
    expect([error.code, error.status]).toEqual(['info_maintenance', 503]);
  });

  it('knows every code of the error table, and no text the browser only says of itself', () => {
    const ownKeys = Object.keys(englishErrors).filter((key) => !Object.hasOwn(errorCodes, key));
    expect([...BROWSER_ONLY_ERROR_KEYS].sort()).toEqual(ownKeys.sort());
    for (const code of Object.keys(errorCodes)) expect(isApiErrorCode(code), code).toBe(true);
    for (const key of BROWSER_ONLY_ERROR_KEYS) expect(isApiErrorCode(key), key).toBe(false);
  });

  it('maps an unknown message to unknown_error rather than showing a raw string', async () => {
    answer({ success: false, message: 'Something internal', value: null }, 500);
    expect((await failureOf(apiGet('/x'))).code).toBe('unknown_error');
  });

  it('reports network_error when the server cannot be reached or answers non-JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await failureOf(apiGet('/x'))).code).toBe(NETWORK_ERROR);
    answer('<html>Bad gateway</html>', 502);
    expect((await failureOf(apiGet('/x'))).code).toBe(NETWORK_ERROR);
  });

  it('sends the session token as a bearer token when there is one', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.token, 'abc');
    const fetchStub = answer({ success: true, message: 'ok', value: null });
    await apiGet('/wps/member/info');
    const init = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });
});

describe('apiSend', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the session token and unwraps the value', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.token, 'tok123');
    const fetchStub = answer({ success: true, message: 'ok', value: { done: true } });
    await expect(apiSend('POST', '/wps/example', { a: 1 })).resolves.toEqual({ done: true });
    const [, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok123');
    window.sessionStorage.clear();
  });

  it("keeps a failure's details (value) on the ApiError", async () => {
    answer({ success: false, message: 'login_failed', value: { captcha: true } }, 401);
    const error = await failureOf(apiSend('POST', '/wps/session/login', {}));
    expect([error.code, error.status, error.value]).toEqual(['login_failed', 401, { captcha: true }]);
  });
});

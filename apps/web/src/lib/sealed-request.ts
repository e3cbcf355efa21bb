import { sealPayload } from '@lotus/shared/sealed-payload';
import { apiGet, apiSend, type RequestOptions } from './api-client.ts';

/**
 * Calls whose bodies SPEC §7 marks as encrypted (login, register, register by mobile, change password, set
 * password by phone, free play) are sealed with the server's public key (docs/api.md "Sealed payloads").
 * The key is fetched once per page load; a `sealed_payload_invalid` answer (the operator rotated the key)
 * drops it so the next attempt fetches the new one.
 */
let publicKey: Promise<string> | null = null;

function currentKey(): Promise<string> {
  publicKey ??= apiGet<{ keyId: string; spki: string }>('/wps/system/publicKey').then(
    (value) => value.spki,
    (error: unknown) => {
      publicKey = null;
      throw error;
    },
  );
  return publicKey;
}

export async function postSealed<T>(
  path: string,
  payload: unknown,
  method: 'POST' | 'PUT' = 'POST',
  options: RequestOptions = {},
): Promise<T> {
  const sealed = await sealPayload(await currentKey(), payload);
  try {
    return await apiSend<T>(method, path, sealed, options);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'sealed_payload_invalid')
      publicKey = null;
    throw error;
  }
}

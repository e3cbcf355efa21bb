import { AppError } from '../app-error.ts';

/** A gateway that does not answer within this time counts as failed; the user may retry after the cooldown. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * POSTs `payload` as JSON to a gateway with an optional bearer token. Any network error, timeout or
 * non-2xx answer is `503 sms_send_failed` (the browser shows it in the send-failure dialog); the Error
 * message names the status for the log, never the payload (it holds the code).
 */
export async function postJson(
  url: string,
  token: string | null,
  payload: Record<string, unknown>,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new AppError('sms_send_failed', { message: 'gateway unreachable', cause: error });
  }
  // Drain the body so the connection can be reused; its content is not needed.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) {
    throw new AppError('sms_send_failed', { message: `gateway answered ${response.status}` });
  }
}

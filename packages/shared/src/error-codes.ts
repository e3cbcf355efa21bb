/**
 * Every error the API can return. Each code is also the i18n key the browser shows (SPEC §8), so a code
 * added here must be added to both locale files of apps/web (a test enforces it).
 */
export const errorCodes = {
  // generic
  invalid_request: 400,
  invalid_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_found: 404,
  method_not_allowed: 405,
  not_logged_in: 401,
  forbidden: 403,
  conflict: 409,
  too_many_requests: 429,
  unknown_error: 500,
  service_unavailable: 503,
  // system (SPEC §8)
  info_maintenance: 503,
  blockip: 403,
  brand_not_found: 404,
  // content and feedback (docs/content-contract.md)
  feedback_content_length: 400,
  upload_too_many: 400,
  upload_too_large: 413,
  upload_type: 415,
  // catalogue (SPEC §8: a vendor or game under maintenance)
  game_maintenance: 503,
  // accounts (docs/api.md "Accounts and sessions")
  sealed_payload_invalid: 400,
  login_failed: 401,
  account_locked: 423,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return errorCodes[code];
}

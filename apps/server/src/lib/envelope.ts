import type { ErrorCode } from '@lotus/shared/error-codes';

/** Success message of every envelope; failures carry an ErrorCode instead. */
export const OK_MESSAGE = 'ok';

export function ok<T>(value: T): { success: true; message: string; value: T } {
  return { success: true, message: OK_MESSAGE, value };
}

export function failure(
  code: ErrorCode,
  value: Record<string, unknown> | null = null,
): { success: false; message: ErrorCode; value: Record<string, unknown> | null } {
  return { success: false, message: code, value };
}

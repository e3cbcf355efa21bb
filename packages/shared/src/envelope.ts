import { z } from 'zod';

/**
 * Every API response is `{ success, message, value }` (ARCHITECTURE §3). On failure `message` is an
 * ErrorCode (an i18n key) and `value` may carry details the browser needs (e.g. the failing fields).
 */
export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({ success: z.boolean(), message: z.string(), value });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  value: z
    .object({
      issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
      requestId: z.string().optional(),
    })
    .nullable(),
});

export type Envelope<T> = { success: boolean; message: string; value: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

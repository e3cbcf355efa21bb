import { issueCodeOf } from '@lotus/shared/text';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Input the route schema could not check itself (an opened sealed body, a multipart form's text fields)
 * against its zod schema, at the edge: a mismatch is `400 invalid_request` naming the failing paths, as the
 * route schemas answer (plugins/error-handler.ts), so services receive typed input only.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, what = 'input'): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('invalid_request', {
      message: `${what} failed its schema`,
      details: {
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          code: issueCodeOf(issue),
        })),
      },
    });
  }
  return parsed.data;
}

/**
 * A unique violation (SQLSTATE 23505), of the named constraint when one is given. The error shapes of
 * `pg` and PGlite both carry `code`; `pg` names the constraint in `constraint`, PGlite only in the message.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const {
    code,
    constraint: name,
    message,
  } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return false;
  if (constraint === undefined) return true;
  return name === constraint || (typeof message === 'string' && message.includes(constraint));
}

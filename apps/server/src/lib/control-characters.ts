import { hasForbiddenCharacters, INVALID_CHARACTERS } from '@lotus/shared/text';
import { AppError } from './app-error.ts';

/**
 * Finds the first string inside a parsed request part (a JSON body, a query, the path parameters, a form's
 * fields, an opened sealed payload) that carries a character no text may hold (`hasForbiddenCharacters`: NUL
 * and the other C0 controls but tab and line breaks, DEL, a lone surrogate), in a key or in a value. Returns the path of that
 * value (`body.items.2.name`; a bad key names the object holding it, never the key itself), or null.
 *
 * Iterative, not recursive: a JSON body of a megabyte can nest half a million arrays deep, which would
 * overflow the call stack (a 500) where it should be one more value to look at.
 */
export function findControlCharacters(root: unknown, rootPath: string): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: rootPath }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (hasForbiddenCharacters(value)) return path;
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push({ value: value[index], path: joinPath(path, String(index)) });
      }
    } else if (isPlainRecord(value)) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] as [string, unknown];
        if (hasForbiddenCharacters(key)) return path;
        stack.push({ value: item, path: joinPath(path, key) });
      }
    }
  }
  return null;
}

const joinPath = (parent: string, name: string) => (parent ? `${parent}.${name}` : name);

/**
 * Only parsed data is walked: a raw body kept as bytes or text (the signed vendor and gateway callbacks) is
 * checked by its own parser after the signature, and a file upload is not text.
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  // Fastify's query and params objects are made by a constructor whose prototype has no prototype itself.
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** `invalid_request` naming where the control character is, in the shape the zod validation errors use. */
export function invalidCharacters(path: string): AppError {
  return new AppError('invalid_request', {
    message: `control character in ${path}`,
    details: { issues: [{ path, code: INVALID_CHARACTERS }] },
  });
}

/** Throws `invalidCharacters` for the first bad value of `value`, if any. */
export function assertNoControlCharacters(value: unknown, rootPath: string): void {
  const path = findControlCharacters(value, rootPath);
  if (path !== null) throw invalidCharacters(path);
}

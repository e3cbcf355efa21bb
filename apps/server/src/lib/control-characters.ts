import { hasForbiddenCharacters, INVALID_CHARACTERS } from '@lotus/shared/text';
import { AppError } from './app-error.ts';

/**
 * Finds the first string inside a parsed request part (a JSON body, a query, the path parameters, a form's
 * fields, an opened sealed payload) that carries a character no text may hold (`hasForbiddenCharacters`:
 * NUL and the other C0 controls but tab and line breaks, DEL, a lone surrogate), in a key or in a value.
 * Returns the path of that value (`body.items.2.name`; a bad key names the object holding it, never the
 * key itself), or null.
 *
 * Iterative, not recursive: a JSON body of a megabyte can nest half a million arrays deep, which would
 * overflow the call stack (a 500) where it should be one more value to look at. Only containers go on the
 * stack, and a path is spelled out only for the value that fails, so a long array costs one pass.
 */
export function findControlCharacters(root: unknown, rootPath: string): string | null {
  if (typeof root === 'string') return hasForbiddenCharacters(root) ? rootPath : null;
  type Container = { value: unknown; parent: Container | null; name: string };
  const pathOf = (container: Container, name?: string): string => {
    const names = name === undefined ? [] : [name];
    for (let at: Container | null = container; at !== null; at = at.parent) names.push(at.name);
    return names.reverse().filter(Boolean).join('.');
  };
  const stack: Container[] = [{ value: root, parent: null, name: rootPath }];
  /** The path of `item` if it is a bad string; a container is queued for later. */
  const check = (container: Container, name: string, item: unknown): string | null => {
    if (typeof item === 'string') return hasForbiddenCharacters(item) ? pathOf(container, name) : null;
    if (typeof item === 'object' && item !== null) stack.push({ value: item, parent: container, name });
    return null;
  };
  while (stack.length > 0) {
    const container = stack.pop() as Container;
    const { value } = container;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        const found = check(container, String(index), value[index]);
        if (found !== null) return found;
      }
    } else if (isPlainRecord(value)) {
      for (const name of Object.keys(value)) {
        if (hasForbiddenCharacters(name)) return pathOf(container);
        const found = check(container, name, value[name]);
        if (found !== null) return found;
      }
    }
  }
  return null;
}

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

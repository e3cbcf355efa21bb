/**
 * The room's state and events as stored (jsonb): the reducers' values hold bigints, which JSON does not,
 * so a bigint is written as `{ "$n": "123" }` and read back as 123n. Exact for any size, and a plain string
 * field never turns into a bigint by accident.
 */

export function encodeState(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? { $n: item.toString() } : item,
  );
}

/** Accepts the parsed jsonb (both drivers parse it) or its text. */
export function decodeState<T>(stored: unknown): T {
  const text = typeof stored === 'string' ? stored : JSON.stringify(stored);
  return JSON.parse(text, (_key, item: unknown) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const keys = Object.keys(item);
      const n = (item as { $n?: unknown }).$n;
      if (keys.length === 1 && typeof n === 'string' && /^-?[0-9]+$/.test(n)) return BigInt(n);
    }
    return item;
  }) as T;
}

/**
 * A kind's table config as `pvp_rooms.config` keeps it: numbers as they are, minor units as strings (JSON
 * has no bigint, and a readable string beats the state's `$n` wrapper in an operator's hands).
 */
export function storedConfigOf(config: Record<string, bigint | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key, typeof value === 'bigint' ? value.toString() : value]),
  );
}

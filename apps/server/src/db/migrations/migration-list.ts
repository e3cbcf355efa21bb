import type { Migration } from 'kysely/migration';
import * as brand from './0001_brand.ts';

/**
 * Every migration, in order, imported statically: the server bundle carries them (no directory scan at
 * run time, so tsup needs no special handling). Kysely sorts by name; names must never change once
 * released, and a new migration is a new file added at the end of this list.
 */
export const migrations: Record<string, Migration> = {
  '0001_brand': brand,
};

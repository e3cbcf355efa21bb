import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The monorepo root: the nearest folder at or above `start` whose package.json declares workspaces.
 * Default paths (data folder, built web app) are relative to it so the server finds them whether it was
 * started from the root (`npm start`) or from apps/server (`npm run dev -w @lotus/server`). Falls back to
 * `start` outside a checkout (e.g. a container image with only the bundle).
 */
export function findRepoRoot(start: string): string {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ('workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
      } catch {
        // An unreadable package.json is not a workspace root; keep walking up.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}

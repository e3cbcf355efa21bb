import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is PostgreSQL in one process: two processes opening the same data folder corrupt it. This lock
 * file (holding the owner's pid) makes the second opener fail with a clear message instead — typically the
 * operator CLI while the server runs. A lock whose process is gone (a crash) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(lockFile: string, pid: number) {
    super(
      `The database folder is in use by process ${pid} (lock ${lockFile}). PGlite allows one process at a time: ` +
        'stop the server first, or run on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  const pid = process.pid;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, String(pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8').trim() === String(pid)) rmSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== pid && isAlive(owner))
        throw new DataDirLockedError(lockFile, owner);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not take the database lock ${lockFile}`);
}

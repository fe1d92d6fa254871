import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Beacon process (pid ${pid}). ` +
        'Stop that process, or give this one its own DATA_DIR. ' +
        `If no Beacon process is running, delete ${path.join(dataDir, 'beacon.lock')}.`,
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

/**
 * Takes an exclusive lock on the embedded database's directory: a lock file created with O_EXCL,
 * holding our pid. A lock left by a process that no longer runs (kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'beacon.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      // Two processes taking over one stale lock at once: only the one whose pid stayed wins.
      if (readFileSync(file, 'utf8').trim() !== String(process.pid)) continue;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      // Remove the stale lock only if it still names the dead process.
      try {
        if (readFileSync(file, 'utf8').trim() === String(pid)) rmSync(file, { force: true });
      } catch {
        // Someone else removed it first: try again.
      }
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

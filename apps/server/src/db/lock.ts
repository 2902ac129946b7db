import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Whether a process of this number exists (EPERM: it does, and belongs to another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, in clock ticks since boot (Linux), or '' where /proc does not say. With
 * the process id it names one process: after a restart (a container's, say) another process may
 * have the old number.
 */
function startTime(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/** Whether the holder named in a lock file (`pid` or `pid start-time`) still runs. */
function holderRuns(text: string): number | undefined {
  const [pidText, started] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !processAlive(pid)) return undefined;
  if (started && startTime(pid) && startTime(pid) !== started) return undefined;
  return pid;
}

/**
 * Takes the data directory for this process. The embedded PostgreSQL of a data directory belongs
 * to one app process, which starts and stops it: a second app would stop the first one's server as
 * a leftover, so it is refused with a clear message. A lock left by a process that died is taken
 * over. Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'logoschool.lock');
  const mine = `${process.pid} ${startTime(process.pid)}`.trim();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderRuns(fs.readFileSync(file, 'utf8'));
      if (holder) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Logoschool process (pid ${holder}). ` +
            'Its embedded database belongs to one app process: stop that one, or set DATA_DIR to another ' +
            'directory (or DATABASE_URL to use a PostgreSQL server that several app processes can share).',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

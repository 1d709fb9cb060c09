// One `judge run` at a time per data directory: a lock file made with O_EXCL
// holding the owner's pid. A lock whose process is gone is stale and taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface Lock {
  release(): void;
}

export type LockResult = { ok: true; lock: Lock } | { ok: false; holder: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireLock(dir: string, name = 'run.lock', at = new Date()): LockResult {
  const file = join(dir, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid} ${at.toISOString()}\n`);
      closeSync(fd);
      return {
        ok: true,
        lock: {
          release: () => {
            // Only remove our own lock.
            if (readFileSync(file, 'utf8').startsWith(`${process.pid} `)) rmSync(file, { force: true });
          },
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let content = '';
      try {
        content = readFileSync(file, 'utf8').trim();
      } catch {
        continue; // removed meanwhile: try again
      }
      const pid = Number(content.split(' ')[0]);
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) return { ok: false, holder: content };
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  return { ok: false, holder: 'unknown (lock file keeps coming back)' };
}

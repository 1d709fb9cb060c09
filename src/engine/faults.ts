// Fault injection for crash tests: JUDGE_FAULT=<point> kills the process
// (SIGKILL, no clean-up) or throws (JUDGE_FAULT=<point>:throw) at that point.
// JUDGE_FAULT=<point>:sleep<ms> blocks there for that long (a slow step, for
// the concurrency tests). JUDGE_FAULT=<point>:wait<file> writes <file>.reached
// there and blocks until <file> exists (at most a minute): a test orders what
// other processes do while this one is in the middle of a step.
// JUDGE_FAULT=<point>:kill<n> kills the process the n-th time it gets there.
import { existsSync, writeFileSync } from 'node:fs';

/** How often a `kill<n>` fault's point was reached. */
let reached = 0;

export function fault(point: string): void {
  const f = process.env.JUDGE_FAULT;
  if (!f) return;
  const wait = /^(.*?):wait(.+)$/.exec(f);
  if (wait) {
    if (wait[1] !== point) return;
    writeFileSync(`${wait[2]}.reached`, point);
    const until = Date.now() + 60_000;
    while (!existsSync(wait[2]!) && Date.now() < until)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    return;
  }
  const sleep = /^(.*):sleep(\d+)$/.exec(f);
  if (sleep) {
    if (sleep[1] === point) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(sleep[2]));
    return;
  }
  const nth = /^(.*):kill(\d+)$/.exec(f);
  if (nth) {
    if (nth[1] === point && ++reached === Number(nth[2])) process.kill(process.pid, 'SIGKILL');
    return;
  }
  const [where, how] = f.split(':throw');
  if (where !== point) return;
  if (how !== undefined) throw new Error(`injected fault at ${point}`);
  process.kill(process.pid, 'SIGKILL');
}

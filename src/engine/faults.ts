// Fault injection for crash tests: JUDGE_FAULT=<point> kills the process
// (SIGKILL, no clean-up) or throws (JUDGE_FAULT=<point>:throw) at that point.
// JUDGE_FAULT=<point>:sleep<ms> blocks there for that long (a slow step, for
// the concurrency tests).
export function fault(point: string): void {
  const f = process.env.JUDGE_FAULT;
  if (!f) return;
  const sleep = /^(.*):sleep(\d+)$/.exec(f);
  if (sleep) {
    if (sleep[1] === point) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(sleep[2]));
    return;
  }
  const [where, how] = f.split(':throw');
  if (where !== point) return;
  if (how !== undefined) throw new Error(`injected fault at ${point}`);
  process.kill(process.pid, 'SIGKILL');
}

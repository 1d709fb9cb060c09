// Fault injection for crash tests: JUDGE_FAULT=<point> kills the process
// (SIGKILL, no clean-up) or throws (JUDGE_FAULT=<point>:throw) at that point.
export function fault(point: string): void {
  const f = process.env.JUDGE_FAULT;
  if (!f) return;
  const [where, how] = f.split(':throw');
  if (where !== point) return;
  if (how !== undefined) throw new Error(`injected fault at ${point}`);
  process.kill(process.pid, 'SIGKILL');
}

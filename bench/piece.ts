// What a benchmark piece is: one kind of work measured twice on the same
// data — with the bare libraries the judge is built on, and through the
// judge's real code path — each repetition in a fresh child process.
// bench/run.ts runs them, prints one line per piece and checks the goals.

export interface BenchEnv {
  /**
   * Dovecot on 127.0.0.1, started by the harness. Its static passdb takes any
   * user name with this password: a fresh user (the run's tag) is a fresh empty mailbox.
   */
  imap: { host: string; port: number; password: string };
  /** SMTP sinks on 127.0.0.1 in the harness process: fast greets at once, slow pauses 100 ms before its greeting. */
  smtp: { fast: number; slow: number };
}

export interface RunArgs {
  /** Items for this run (mails, reports, units …). */
  size: number;
  rep: number;
  variant: 'bare' | 'judge';
  /** Unique per child run, [a-z0-9-]: mailbox user names, Message-ID tags. */
  tag: string;
  /** A fresh empty directory for this run. */
  dir: string;
  env: BenchEnv;
}

export interface Measured {
  /** Wall milliseconds of the timed part only (generation, setup and checks excluded). */
  ms: number;
  /** Items handled in the timed part. */
  items: number;
  /** null when the outcome was right; else what was wrong ("9,998 of 10,000 mails stored"). */
  wrong: string | null;
  /** Message-IDs (without <>) the run sent to a sink: the harness checks that each arrived exactly once. */
  sent?: string[];
  /** The size of what the run answered with (intake: the acknowledgements' text), printed and checked against goals.maxBytes. */
  bytes?: { what: string; mean: number; max: number };
}

export interface Goals {
  /** judge median ms / bare median ms. */
  maxRatio?: number;
  /** judge median ms, absolute. */
  maxMs?: number;
  /** judge median ms − bare median ms. */
  maxExtraMs?: number;
  /** The judge side's largest answer (Measured.bytes.max), in bytes. */
  maxBytes?: number;
  /** judge peak RSS / bare peak RSS. */
  maxRssRatio?: number;
  /** Cost growth of the judge side: exponent log(t_last/t_first)/log(n_last/n_first) over these sizes. */
  growth?: { short: number[]; full: number[]; maxExponent: number };
}

export interface Piece {
  name: string;
  /** One line: what is measured ("10,000 order mails from Dovecot"). */
  what: string;
  sizes: { short: number; full: number };
  goals: Goals;
  /** Repetitions of each side (default 3 short, 5 full). */
  reps?: { short: number; full: number };
  bare(a: RunArgs): Promise<Measured>;
  judge(a: RunArgs): Promise<Measured>;
}

/**
 * Run the timed part of a side; with `npm run bench -- --profile DIR` (the
 * harness sets BENCH_PROFILE_DIR), under V8's CPU profiler, written to
 * DIR/<name>.cpuprofile (open it in Chrome's DevTools or speedscope).
 */
export async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return fn();
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

// `npm run bench:ab`: intake (`judge poll` of the `ingest` piece's 10,000 mails)
// of two or more builds, or of one build under other Node options, run in
// turns on the same machine minutes. On a shared machine the bench's medians
// move by a third from one run to the next (docs/benchmarks.md); runs taken in
// turns, A B B A A B …, see the same load, so a change of a few per cent shows.
// The mailbox is filled once (the piece's own setup, untimed); before each run
// its mails go back from Processed to INBOX and the data directory is copied
// from the one the piece made, so every run finds the same store and mailbox.
//
//   npm run bench:ab -- --variant base=bin/judge.js --variant other=../other/bin/judge.js
//   npm run bench:ab -- --variant base=bin/judge.js --variant noinl=bin/judge.js,--no-turbo-inlining --rounds 6
//
// --variant name=judge.js[,node option…]   a build's CLI, with options for node before it
// --rounds N                               runs of each variant (default 5)
// --passwords                              the `ingest-passwords` mailbox instead
// --keep-output DIR                        each run's standard output in DIR/<round>-<variant>.out (V8's --trace-deopt …)
// Every variant must read the store this checkout makes (its schema): an older build refuses a newer one.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ImapFlow } from 'imapflow';
import { startDovecot } from '../tests/integration/dovecot.js';
import { pieces } from './pieces/index.js';
import { PASSWORD_ENV } from './pieces/ingest.js';

const argv = process.argv.slice(2);
const values = (f: string) => argv.flatMap((a, i) => (a === f && argv[i + 1] ? [argv[i + 1]!] : []));
const variants = values('--variant').map((v) => {
  const [name, rest] = [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)];
  const [bin, ...args] = rest.split(',');
  return { name, bin: resolve(bin!), args };
});
const rounds = Number(values('--rounds')[0] ?? 5);
const keepOutput = values('--keep-output')[0];
if (variants.length < 1 || variants.some((v) => !v.name) || !(rounds > 0)) {
  console.error(
    'usage: npm run bench:ab -- --variant name=path/to/bin/judge.js[,node option…] … [--rounds N] [--passwords]',
  );
  process.exit(2);
}
const piece = pieces.find((p) => p.name === (argv.includes('--passwords') ? 'ingest-passwords' : 'ingest'))!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
/**
 * The CPU time (user + system, ms) of the children this process has waited for, on Linux
 * (/proc/self/stat's cutime and cstime, in clock ticks of 10 ms): the judge's CPU, which load from
 * other work on the machine moves much less than its wall time. Null elsewhere.
 */
const childCpu = (): number | null => {
  if (!existsSync('/proc/self/stat')) return null;
  const s = readFileSync('/proc/self/stat', 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return (Number(f[13]) + Number(f[14])) * 10;
};

const dovecot = await startDovecot();
const user = `ab${process.pid}`;
const work = mkdtempSync(join(tmpdir(), 'judge-ab-'));
try {
  const kept = join(work, 'kept');
  process.env.BENCH_KEEP_DATA = kept;
  const env = {
    imap: { host: dovecot.host, port: dovecot.port, password: dovecot.password },
    smtp: { fast: 0, slow: 0 },
  };
  const size = piece.sizes.full;
  mkdirSync(join(work, 'first'));
  const first = await piece.judge({ size, rep: 0, variant: 'judge', tag: user, dir: join(work, 'first'), env });
  console.log(
    `the piece's own run (this checkout): ${Math.round(first.ms)} ms${first.wrong ? `, WRONG: ${first.wrong}` : ''}`,
  );
  const back = async () => {
    const c = new ImapFlow({
      ...{ host: dovecot.host, port: dovecot.port, secure: false, doSTARTTLS: false, logger: false },
      auth: { user, pass: dovecot.password },
    });
    c.on('error', () => {});
    await c.connect();
    const lock = await c.getMailboxLock('Processed');
    try {
      await c.messageMove('1:*', 'INBOX');
    } finally {
      lock.release();
    }
    await c.logout();
  };
  const times = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  const cpus = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let r = 0; r < rounds; r++)
    // Every other round in the reverse order: no variant always runs first.
    for (const v of r % 2 ? [...variants].reverse() : variants) {
      await back();
      const dir = join(work, `run-${r}-${v.name}`);
      cpSync(kept, dir, { recursive: true });
      const t0 = performance.now();
      const c0 = childCpu();
      const res = spawnSync(process.execPath, [...v.args, v.bin, 'poll', '--data', dir], {
        env: { ...process.env, [PASSWORD_ENV]: dovecot.password, JUDGE_DATA: '', BENCH_KEEP_DATA: '' },
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      const ms = performance.now() - t0;
      const c1 = childCpu();
      const cpu = c0 === null || c1 === null ? null : c1 - c0;
      const handled = (res.stdout.match(/^ingest #\d+: /gm) ?? []).length;
      if (keepOutput) {
        mkdirSync(keepOutput, { recursive: true });
        writeFileSync(join(keepOutput, `${r + 1}-${v.name}.out`), res.stdout);
      }
      rmSync(dir, { recursive: true, force: true });
      if (res.status !== 0 || handled !== size) {
        console.error(`${v.name}: exit ${res.status}, ${handled} of ${size} mails handled: ${res.stderr.slice(-400)}`);
        process.exitCode = 1;
      }
      times.get(v.name)!.push(ms);
      if (cpu !== null) cpus.get(v.name)!.push(cpu);
      console.log(
        `round ${r + 1} ${v.name}: ${Math.round(ms).toLocaleString('en-US')} ms${cpu === null ? '' : `, CPU ${cpu.toLocaleString('en-US')} ms`}`,
      );
    }
  const base = median(times.get(variants[0]!.name)!);
  const baseCpu = cpus.get(variants[0]!.name)!;
  for (const [name, ts] of times) {
    const cs = cpus.get(name)!;
    const cpu = cs.length
      ? `; CPU median ${median(cs).toLocaleString('en-US')} ms (${((median(cs) / median(baseCpu)) * 100).toFixed(1)} %)`
      : '';
    console.log(
      `${name.padEnd(12)} median ${Math.round(median(ts)).toLocaleString('en-US')} ms (${((median(ts) / base) * 100).toFixed(1)} % of ${variants[0]!.name})${cpu}; each: ${ts.map((t) => Math.round(t)).join(', ')}`,
    );
  }
} finally {
  await dovecot.stop();
  rmSync(work, { recursive: true, force: true });
}

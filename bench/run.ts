// `npm run bench`: every piece of bench/pieces measured beside its bare-library
// baseline in the same run. Each repetition is a fresh child process; bare
// and judge repetitions are interleaved (the order alternates), and medians
// are compared. One line per piece: ratio, throughput, peak RSS, goal.
//
//   npm run bench                 full sizes; exits 1 when a goal is missed or an outcome is wrong
//   npm run bench -- --short      small sizes (CI): prints the ratios; fails only on wrong outcomes
//   npm run bench -- --only send,startup-status   some pieces
//   --strict                      with --short: fail on missed goals too
//   --reps N                      repetitions of each side
//   --profile DIR                 write a CPU profile of each side's timed part to DIR (pieces that support it)
//   --each                        print every repetition's times too (in the order they ran), to see the noise
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDovecot } from '../tests/integration/dovecot.js';
import { pieces } from './pieces/index.js';
import type { BenchEnv, Measured, Piece } from './piece.js';
import { startSink, type Sink } from './sinks.js';

interface Result extends Measured {
  rssKb: number;
}

const argv = process.argv.slice(2);
const flag = (f: string) => argv.includes(f);
const value = (f: string) => {
  const i = argv.indexOf(f);
  return i >= 0 ? argv[i + 1] : undefined;
};
const short = flag('--short');
const strict = flag('--strict') || !short;
const only = value('--only')?.split(',');
const repsOverride = value('--reps') ? Number(value('--reps')) : undefined;
const mode = short ? 'short' : 'full';
const profileDir = value('--profile');
const each = flag('--each');

const root = join(import.meta.dirname, '..');
let tags = 0;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function runChild(p: Piece, variant: 'bare' | 'judge', size: number, rep: number, env: BenchEnv): Promise<Result> {
  const tag = `b${process.pid}-${++tags}-${variant}`;
  const dir = mkdtempSync(join(tmpdir(), `judge-bench-${tag}-`));
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'bench', 'child.ts'),
        p.name,
        variant,
        String(size),
        String(rep),
        tag,
        dir,
        JSON.stringify(env),
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'production', ...(profileDir ? { BENCH_PROFILE_DIR: profileDir } : {}) },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => {
      rmSync(dir, { recursive: true, force: true });
      const line = out.split('\n').find((l) => l.startsWith('BENCH-RESULT '));
      if (!line)
        return resolve({
          ms: 0,
          items: 0,
          wrong: `child exited ${code} without a result: ${err.slice(-600)}`,
          rssKb: 0,
        });
      resolve(JSON.parse(line.slice('BENCH-RESULT '.length)) as Result);
    });
  });
}

function checkSent(results: Result[], sinks: Sink[]): string | null {
  for (const r of results) {
    if (!r.sent) continue;
    const missing: string[] = [];
    const twice: string[] = [];
    for (const id of r.sent) {
      const n = sinks.reduce((a, s) => a + (s.seen.get(id) ?? 0), 0);
      if (n === 0) missing.push(id);
      if (n > 1) twice.push(id);
    }
    if (missing.length || twice.length)
      return `${missing.length} of ${r.sent.length} mails never arrived, ${twice.length} arrived twice`;
  }
  return null;
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main(): Promise<number> {
  const selected = pieces.filter((p) => !only || only.includes(p.name));
  if (only && selected.length !== only.length) {
    console.error(
      `bench: unknown piece(s): ${only.filter((n) => !pieces.some((p) => p.name === n)).join(', ')}; known: ${pieces.map((p) => p.name).join(', ')}`,
    );
    return 2;
  }
  // The built CLI as users run it (tsc, then the bundle bin/judge.js runs).
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return 2;
  const dovecot = await startDovecot();
  const fast = await startSink(0);
  const slow = await startSink(100);
  const env: BenchEnv = {
    imap: { host: dovecot.host, port: dovecot.port, password: dovecot.password },
    smtp: { fast: fast.port, slow: slow.port },
  };
  console.log(
    `pbem-judge bench (${mode}): node ${process.version}, ${cpus().length} cores, ${new Date().toISOString()}`,
  );
  let failed = 0;
  try {
    for (const p of selected) {
      const size = p.sizes[mode];
      const reps = repsOverride ?? p.reps?.[mode] ?? (short ? 3 : 5);
      const bare: Result[] = [];
      const judge: Result[] = [];
      for (let rep = 0; rep < reps; rep++) {
        const order: ('bare' | 'judge')[] = rep % 2 ? ['judge', 'bare'] : ['bare', 'judge'];
        for (const v of order) (v === 'bare' ? bare : judge).push(await runChild(p, v, size, rep, env));
      }
      const problems: string[] = [];
      const wrong =
        [...bare, ...judge].map((r) => r.wrong).find((w) => w) ?? checkSent([...bare, ...judge], [fast, slow]);
      const b = median(bare.map((r) => r.ms));
      const jm = median(judge.map((r) => r.ms));
      const ratio = jm / b;
      const bRss = Math.max(...bare.map((r) => r.rssKb)) / 1024;
      const jRss = Math.max(...judge.map((r) => r.rssKb)) / 1024;
      const items = judge[0]?.items ?? 0;
      const g = p.goals;
      const goalText: string[] = [];
      if (g.maxRatio !== undefined) {
        goalText.push(`≤ ${g.maxRatio}×`);
        if (!(ratio <= g.maxRatio)) problems.push(`ratio ${fmt(ratio, 2)}× > ${g.maxRatio}×`);
      }
      if (g.maxMs !== undefined) {
        goalText.push(`≤ ${g.maxMs} ms`);
        if (!(jm <= g.maxMs)) problems.push(`${fmt(jm)} ms > ${g.maxMs} ms`);
      }
      if (g.maxExtraMs !== undefined) {
        goalText.push(`≤ +${g.maxExtraMs} ms`);
        if (!(jm - b <= g.maxExtraMs)) problems.push(`+${fmt(jm - b)} ms > +${g.maxExtraMs} ms`);
      }
      if (g.maxRssRatio !== undefined) {
        goalText.push(`RSS ≤ ${g.maxRssRatio}×`);
        if (!(jRss / bRss <= g.maxRssRatio)) problems.push(`RSS ${fmt(jRss / bRss, 2)}× > ${g.maxRssRatio}×`);
      }
      // What the judge answered with, over its repetitions (the same mails each time).
      const sized = judge.filter((r) => r.bytes);
      let bytesText = '';
      if (sized.length) {
        const { what } = sized[0]!.bytes!;
        const mean = median(sized.map((r) => r.bytes!.mean));
        const max = Math.max(...sized.map((r) => r.bytes!.max));
        bytesText = ` | ${what} ${fmt(mean / 1024, 1)} KB mean, ${fmt(max / 1024, 1)} KB largest`;
        if (g.maxBytes !== undefined) {
          goalText.push(`largest ≤ ${fmt(g.maxBytes / 1024)} KB`);
          if (!(max <= g.maxBytes)) problems.push(`largest ${fmt(max / 1024, 1)} KB > ${fmt(g.maxBytes / 1024)} KB`);
        }
      }
      let growthText = '';
      if (g.growth) {
        const sizes = g.growth[mode];
        const times: number[] = [];
        for (const n of sizes) {
          const rs: Result[] = [];
          for (let rep = 0; rep < Math.max(1, Math.ceil(reps / 2)); rep++)
            rs.push(await runChild(p, 'judge', n, rep, env));
          const w = rs.map((r) => r.wrong).find((x) => x);
          if (w && !wrong) problems.push(`at ${n}: ${w}`);
          times.push(median(rs.map((r) => r.ms)));
        }
        const exp = Math.log(times.at(-1)! / times[0]!) / Math.log(sizes.at(-1)! / sizes[0]!);
        growthText = ` | growth ${sizes.map((n, i) => `${fmt(n)}:${fmt(times[i]!)}ms`).join(' ')} → exponent ${fmt(exp, 2)}`;
        goalText.push(`exponent ≤ ${g.growth.maxExponent}`);
        if (!(exp <= g.growth.maxExponent)) problems.push(`exponent ${fmt(exp, 2)} > ${g.growth.maxExponent}`);
      }
      const verdict = wrong ? `WRONG: ${wrong}` : problems.length ? `MISSED: ${problems.join('; ')}` : 'ok';
      console.log(
        `${p.name.padEnd(20)} judge ${fmt(jm).padStart(7)} ms  bare ${fmt(b).padStart(7)} ms  ratio ${fmt(ratio, 2).padStart(6)}× | ` +
          `${fmt(items / (jm / 1000))} items/s (${fmt(items)} ${p.what}) | peak RSS ${fmt(jRss)}/${fmt(bRss)} MB${bytesText}${growthText} | goal ${goalText.join(', ')} | ${verdict}`,
      );
      if (each)
        console.log(
          `${''.padEnd(20)} each: judge ${judge.map((r) => fmt(r.ms)).join(', ')} ms; bare ${bare.map((r) => fmt(r.ms)).join(', ')} ms`,
        );
      if (wrong || (problems.length && strict)) failed++;
    }
  } finally {
    await Promise.all([fast.stop(), slow.stop(), dovecot.stop()]);
  }
  if (failed) console.log(`bench: ${failed} piece(s) ${strict ? 'missed a goal or went wrong' : 'went wrong'}`);
  return failed ? 1 : 0;
}

process.exitCode = await main();

// One repetition of one side of one piece, in a process of its own (so its
// peak RSS is its own). Prints one line: BENCH-RESULT {json}.
import { pieces } from './pieces/index.js';
import type { BenchEnv, RunArgs } from './piece.js';
import { loadRules } from '../src/games/registry.js';

const [name, variant, size, rep, tag, dir, env] = process.argv.slice(2);
const piece = pieces.find((p) => p.name === name);
if (!piece) {
  console.error(`bench child: no piece ${name}`);
  process.exit(2);
}
const args: RunArgs = {
  size: Number(size),
  rep: Number(rep),
  variant: variant as RunArgs['variant'],
  tag: tag!,
  dir: dir!,
  env: JSON.parse(env!) as BenchEnv,
};
try {
  // Every game kind's code, before anything is timed (the CLI loads the kinds a command needs; pieces call the engine directly).
  await loadRules();
  const m = await (args.variant === 'bare' ? piece.bare(args) : piece.judge(args));
  const rssKb = process.resourceUsage().maxRSS;
  process.stdout.write(`\nBENCH-RESULT ${JSON.stringify({ ...m, rssKb })}\n`);
  process.exit(0);
} catch (e) {
  process.stdout.write(
    `\nBENCH-RESULT ${JSON.stringify({ ms: 0, items: 0, wrong: `crashed: ${(e as Error).stack ?? e}`, rssKb: 0 })}\n`,
  );
  process.exit(0);
}

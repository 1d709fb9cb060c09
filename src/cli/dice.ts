// `judge dice roll|dist`: the dice module from the command line, for GMs who
// want a fair roll or the exact odds of one (the same parser as ROLL orders).
import { randomUUID } from 'node:crypto';
import { Command, Option } from 'commander';
import { SeededRng } from '../engine/rng.js';
import type { Lang } from '../engine/types.js';
import { table } from '../render/text.js';
import {
  distribution,
  formatRoll,
  formatSpec,
  outcomeLabel,
  outcomeOf,
  parseSpecList,
  rollSpec,
  specErrorMessage,
  type DiceSpec,
  type Distribution,
} from '../dice/index.js';
import { CliError } from './errors.js';

const GRAMMAR = `
Dice specs (case-insensitive; several specs may follow each other):
  NdM[+/-K]      standard dice: 3d6+2, d20, 2d10-1 (N 1..100, M 2..1000)
  NdF[+/-K]      FUDGE dice, faces -1 0 +1: 4dF+1
  NdS            success dice (faces 0,0,0,1,1,2); the result is the successes: 5dS
  gauss20[+/-K]  GaussD20 = round(3d20/3): gauss20+10
Options after a spec:
  luck:N         GaussD20 luck 1..9 (default 5)
  vs:D           a check: NdS difficulty (successes needed, criticals at +/-3),
                 gauss20 difficulty from the 001 ladder (+4 ... -24, added to K),
                 NdM/NdF success when the result is at least D
  adv / dis      advantage / disadvantage: roll twice, keep the best / worst
Write modifiers glued to the dice (3d6-2), or the shell option parser takes "-2".`;

const examples = (...lines: string[]) => `${GRAMMAR}\n\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

function specsOf(words: string[]): DiceSpec[] {
  const r = parseSpecList(words.join(' '));
  if (!r.ok) throw new CliError(`bad dice spec: ${specErrorMessage(r.error)}`, 2);
  return r.specs;
}

/** A bigint as a JSON number when exact, else as a decimal string. */
const jsonInt = (n: bigint): number | string => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString());

function percent(p: number): string {
  if (p === 0) return '0';
  const pct = p * 100;
  return pct >= 0.01 ? pct.toFixed(2) : pct.toPrecision(3);
}

function distText(spec: DiceSpec, d: Distribution, lang: Lang): string {
  const max = Math.max(...d.rows.map((r) => r.p));
  const gaussValues = spec.form === 'gauss20' && d.kind === 'values';
  const headers = [d.kind === 'values' ? 'value' : 'outcome', 'count', '%', '', ...(gaussValues ? ['outcome'] : [])];
  const rows = d.rows.map((r) => [
    typeof r.value === 'number' ? r.value : outcomeLabel(r.value, lang),
    r.count.toString(),
    percent(r.p),
    '#'.repeat(Math.round((r.p / max) * 40)),
    ...(gaussValues ? [outcomeLabel(outcomeOf(spec, r.value as number)!, lang)] : []),
  ]);
  return `${d.spec}: ${d.total} equally likely rolls\n${table(headers, rows, [d.kind === 'values' ? 'right' : 'left', 'right', 'right', 'left', 'left'])}`;
}

const langOption = () => new Option('--lang <lang>', 'language of the output').choices(['en', 'cs', 'ru']).default('en');

export function diceCommand(): Command {
  const dice = new Command('dice').description('roll dice and compute exact odds (NdM, NdF, NdS, gauss20)');

  dice
    .command('roll')
    .description('roll dice specs with a seeded generator and print every die')
    .argument('<spec...>', 'one or more dice specs with their options')
    .option('--seed <seed>', 'the seed (default: a fresh random one, printed so the roll can be repeated)')
    .option('--json', 'print JSON')
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(
        'judge dice roll 3d6+2',
        'judge dice roll gauss20+10 vs:-8 luck:7 --seed 42',
        'judge dice roll 5dS vs:3 adv',
        'judge dice roll 4dF+1 d20 --lang ru',
        'judge dice roll 2d6 --seed 42 --json',
      ),
    )
    .action((words: string[], opts: { seed?: string; json?: boolean; lang: Lang }) => {
      const specs = specsOf(words);
      const seed = opts.seed ?? randomUUID();
      const rng = new SeededRng(seed);
      const rolls = specs.map((s) => rollSpec(s, rng));
      if (opts.json) {
        const out = rolls.map((r) => ({ spec: formatSpec(r.spec), result: r.result, outcome: r.outcome, kept: r.kept, attempts: r.attempts, text: formatRoll(r, opts.lang) }));
        process.stdout.write(JSON.stringify({ seed, rolls: out }, null, 2) + '\n');
        return;
      }
      for (const r of rolls) process.stdout.write(formatRoll(r, opts.lang) + '\n');
      process.stdout.write(`(seed ${seed})\n`);
    });

  dice
    .command('dist')
    .description('print the exact distribution of dice specs (outcomes for a check with vs:)')
    .argument('<spec...>', 'one or more dice specs with their options')
    .option('--json', 'print JSON: { spec, total, rows: [{ value, count, p }] } (an array for several specs)')
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(
        'judge dice dist gauss20',
        'judge dice dist gauss20+10 vs:-8 luck:3',
        'judge dice dist 4dF 3dS vs:2 adv',
        'judge dice dist 2d6 --json',
      ),
    )
    .action((words: string[], opts: { json?: boolean; lang: Lang }) => {
      const specs = specsOf(words);
      const dists = specs.map((s) => distribution(s));
      if (opts.json) {
        const out = dists.map((d) => ({
          spec: d.spec,
          total: jsonInt(d.total),
          rows: d.rows.map((r) => ({ value: r.value, count: jsonInt(r.count), p: r.p })),
        }));
        process.stdout.write(JSON.stringify(out.length === 1 ? out[0] : out, null, 2) + '\n');
        return;
      }
      process.stdout.write(specs.map((s, i) => distText(s, dists[i]!, opts.lang)).join('\n\n') + '\n');
    });

  return dice;
}

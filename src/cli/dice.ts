// `judge dice roll|dist`: the dice module from the command line, for GMs who
// want a fair roll or the exact odds of one (the same parser as ROLL orders).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { diceLog } from '../engine/dice-log.js';
import { openCommitments } from '../engine/dice-trust.js';
import { requireGame } from '../store/games.js';
import { currentPhase } from '../store/phases.js';
import { examples as exampleLines, judgeFor, printJson } from './shared.js';
import { successDifficulty } from '../games/rpg/trials.js';
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
  diceLines,
  GAUSS_TABLE,
  medianDistribution,
  opposedDistribution,
  teamDistribution,
  TRIAL_KINDS,
  trialDistribution,
  verifyDiceLog,
  type OutcomeKey,
  type TrialKind,
} from '../dice/index.js';
import { CliError } from './errors.js';
import { counted } from '../render/plural.js';

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
Write modifiers glued to the dice (3d6-2), or the shell option parser takes "-2".
Mechanics (dist only; exact, by enumeration):
  median R|A-B [outside] [+N|-N]   001 median roll: the window 11-R..10+R (or A-B),
                                   widened (+N) or narrowed (-N); outside = the inverse roll
  madness [+N|-N] / horror [+N|-N] 001 madness (9-12) and horror (10-11) checks, N = the
                                   window modifier (intellect-5 + luck-5 + situation),
                                   always with its sign: "madness 2" is refused
  opposed [att:N] [def:N]          001 opposed check, defender first: the attacker's and
                                   the defender's bonuses
  team P P … vs:D                  004 team check: pools P, difficulty D + 2 per participant
  trial pool:P vs:D progress:N risk:M [kind:standard|harder|easier] [adv|dis]
                                   004 trial: how it ends and after how many checks`;

/** `judge dice verify`: nothing could be recomputed yet (every roll waits for its key). */
const PENDING_EXIT = 3;

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
    typeof r.value === 'number' ? r.value : outcomeLabel(r.value as OutcomeKey, lang),
    r.count.toString(),
    percent(r.p),
    '#'.repeat(Math.round((r.p / max) * 40)),
    ...(gaussValues ? [outcomeLabel(outcomeOf(spec, r.value as number)!, lang)] : []),
  ]);
  return `${d.spec}: ${d.total} equally likely rolls\n${table(headers, rows, [d.kind === 'values' ? 'right' : 'left', 'right', 'right', 'left', 'left'])}`;
}

/** A mechanic of 001/004 for `dice dist` (median, madness, horror, opposed, team, trial), or null for dice specs. */
function mechanicDist(words: string[]): Distribution | null {
  const [head = '', ...rest] = words.map((w) => w.toLowerCase());
  const opt = (name: string) => rest.find((w) => w.startsWith(`${name}:`))?.slice(name.length + 1);
  const intOf = (v: string | undefined, what: string, dflt?: number): number => {
    if (v === undefined && dflt !== undefined) return dflt;
    if (v === undefined || !/^[+-]?\d+$/.test(v)) throw new CliError(`${head}: ${what} must be a whole number`, 2);
    return Number(v);
  };
  // The window modifier of median, madness and horror is signed (+2, -1); any other word is refused, never ignored.
  const mod = (skip: string[]) => {
    const bad = rest.find((w) => !skip.includes(w) && !/^[+-]\d+$/.test(w));
    if (bad !== undefined)
      throw new CliError(
        /^\d+$/.test(bad)
          ? `${head}: "${bad}" has no sign: write +${bad} (a wider window) or -${bad} (a narrower one)`
          : `${head}: "${bad}" is not a window modifier (+N or -N)`,
        2,
      );
    return rest.filter((w) => /^[+-]\d+$/.test(w)).reduce((a, w) => a + Number(w), 0);
  };
  switch (head) {
    case 'median': {
      const w = rest[0] ?? '';
      const r = /^\d+$/.exec(w);
      const ab = /^(\d+)-(\d+)$/.exec(w);
      const window = r
        ? { low: GAUSS_TABLE.median.centreLow - Number(w), high: GAUSS_TABLE.median.centreHigh + Number(w) }
        : ab
          ? { low: Number(ab[1]), high: Number(ab[2]) }
          : null;
      if (!window) throw new CliError('median: give a half-width (1..10) or a window like 9-12', 2);
      return medianDistribution({ window, outside: rest.includes('outside'), modifier: mod([w, 'outside']) });
    }
    case 'madness':
    case 'horror': {
      const t = GAUSS_TABLE[head];
      return medianDistribution({ window: { low: t.low, high: t.high }, outside: false, modifier: mod([]) });
    }
    case 'opposed':
      return opposedDistribution({
        attackerBonus: intOf(opt('att'), 'att:N', 0),
        defenderBonus: intOf(opt('def'), 'def:N', 0),
      });
    case 'team': {
      const pools = rest.filter((w) => /^\d+$/.test(w)).map(Number);
      const d = successDifficulty(opt('vs') ?? '');
      if (!pools.length || d === null) throw new CliError('team: give the pools and vs:D, e.g. team 3 4 vs:3', 2);
      return teamDistribution(pools, d);
    }
    case 'trial': {
      const kind = (opt('kind') ?? 'standard') as TrialKind;
      if (!TRIAL_KINDS.includes(kind) || kind === 'exploration' || kind === 'survival')
        throw new CliError('trial: kind is standard, harder or easier', 2);
      const d = successDifficulty(opt('vs') ?? '');
      if (d === null) throw new CliError('trial: vs:D is needed', 2);
      const adv = rest.includes('adv') ? 'adv' : rest.includes('dis') ? 'dis' : 'none';
      return trialDistribution(
        { kind, progress: intOf(opt('progress'), 'progress:N'), risk: intOf(opt('risk'), 'risk:N'), difficulty: d },
        intOf(opt('pool'), 'pool:P'),
        adv,
      );
    }
    default:
      return null;
  }
}

function mechanicText(d: Distribution): string {
  const max = Math.max(...d.rows.map((r) => r.p));
  const rows = d.rows.map((r) => [
    String(r.value),
    r.count.toString(),
    percent(r.p),
    '#'.repeat(Math.round((r.p / max) * 40)),
  ]);
  return `${d.spec}: ${d.total} equally likely rolls\n${table(['outcome', 'count', '%', ''], rows, ['left', 'right', 'right', 'left'])}`;
}

const langOption = () =>
  new Option('--lang <lang>', 'language of the output').choices(['en', 'cs', 'ru']).default('en');

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
        const out = rolls.map((r) => ({
          spec: formatSpec(r.spec),
          result: r.result,
          outcome: r.outcome,
          kept: r.kept,
          attempts: r.attempts,
          text: formatRoll(r, opts.lang),
        }));
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
        'judge dice dist median 2',
        'judge dice dist median 6-15 outside',
        'judge dice dist madness -1',
        'judge dice dist opposed att:2 def:3',
        'judge dice dist team 3 4 vs:3',
        'judge dice dist trial pool:4 vs:3 progress:5 risk:3 kind:harder',
      ),
    )
    .action((words: string[], opts: { json?: boolean; lang: Lang }) => {
      const mech = mechanicDist(words);
      if (mech) {
        if (opts.json)
          printJson({
            spec: mech.spec,
            total: jsonInt(mech.total),
            rows: mech.rows.map((r) => ({ value: r.value, count: jsonInt(r.count), p: r.p })),
          });
        else process.stdout.write(mechanicText(mech) + '\n');
        return;
      }
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

  dice
    .command('verify')
    .description(
      'recompute every roll of a log from the revealed keys or seed: saved report mails (.eml or text) or `judge dice log` output',
    )
    .argument('<file...>', 'files with #dice lines (mails as received, or a log)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `${examples(
        'judge dice verify report-round-1.eml report-round-2.eml',
        'judge dice log tavern --reveal > log.txt && judge dice verify log.txt',
      )}
Exit codes:
  0  every roll that can be recomputed was, and at least one was; none was altered
  1  verification failed: a roll, a key or a round's list of rolls does not match
     (a die, a request or a result changed, a roll or a round left out), or no #dice lines
  ${PENDING_EXIT}  nothing could be recomputed yet: the rounds' keys and the game's seed are still kept
  2  bad usage (a file that cannot be read)
`,
    )
    .action(async (files: string[], opts: { json?: boolean }) => {
      const lines: string[] = [];
      for (const f of files) {
        let raw: Buffer;
        try {
          raw = readFileSync(f);
        } catch (e) {
          throw new CliError(`cannot read ${f}: ${(e as Error).message}`, 2);
        }
        const head = raw.subarray(0, 4096).toString('latin1');
        // A saved mail: its text, decoded (quoted-printable, base64, charsets) as a mail reader shows it.
        const text =
          /^[\w-]+:\s/m.test(head.split(/\r?\n\r?\n/)[0] ?? '') &&
          /^(subject|from|message-id|content-type):/im.test(head)
            ? ((await (await import('mailparser')).simpleParser(raw)).text ?? '')
            : raw.toString('utf8');
        lines.push(...diceLines(text));
      }
      const r = verifyDiceLog(lines);
      if (opts.json) printJson(r);
      else {
        for (const p of r.problems) process.stdout.write(`FAIL ${p}\n`);
        for (const n of r.notes) process.stdout.write(`note: ${n}\n`);
        const head = r.verdict === 'verified' ? 'OK' : r.verdict === 'pending' ? 'NOT YET VERIFIABLE' : 'FAILED';
        process.stdout.write(
          `${head}: ${counted(r.checked, 'roll')} recomputed${r.pending ? `, ${r.pending} not yet verifiable` : ''}${r.problems.length ? `, ${counted(r.problems.length, 'problem')}` : ''}\n`,
        );
      }
      if (r.verdict === 'failed')
        throw new CliError(`dice verification failed: ${counted(r.problems.length, 'problem')}`, 1);
      if (r.verdict === 'pending')
        throw new CliError(
          `nothing could be verified yet: ${counted(r.pending, 'roll')} ${r.pending === 1 ? 'waits for its key' : 'wait for their keys'}`,
          PENDING_EXIT,
        );
    });

  dice
    .command('log')
    .description("a game's dice log for `judge dice verify`: every phase's key and every roll with its stream and dice")
    .argument('<game>', 'the game id')
    .option(
      '--reveal',
      "include the game's seed and every roll, hidden ones too (the GM's reveal: after it every roll of the game can be recomputed, and predicted)",
    )
    .option('--hidden', 'include hidden rolls (without the seed: for the GM)')
    .option('--out <file>', 'write to a file instead of stdout')
    .addHelpText(
      'after',
      examples('judge dice log tavern', 'judge dice log tavern --reveal --hidden --out tavern-dice.txt'),
    )
    .action(function (this: Command, game: string, opts: { reveal?: boolean; hidden?: boolean; out?: string }) {
      const j = judgeFor(this);
      const text = diceLog(j, game, { reveal: opts.reveal, hidden: opts.hidden }).join('\n') + '\n';
      if (opts.out) writeFileSync(opts.out, text);
      else process.stdout.write(text);
    });

  dice
    .command('commitment')
    .description(
      "the commitments to publish before the first roll: sha256 of the game's seed and of the open phase's key",
    )
    .addHelpText('after', exampleLines('judge dice commitment krepost'))
    .argument('<game>', 'the game id')
    .option('--json', 'print JSON')
    .action(function (this: Command, game: string, opts: { json?: boolean }) {
      const j = judgeFor(this);
      const g = requireGame(j.db, game);
      const p = currentPhase(j.db, game);
      if (!p) throw new CliError(`game "${game}" has no phase`, 1);
      const c = openCommitments(g, p);
      if (opts.json) printJson(c);
      else
        process.stdout.write(
          `game ${game}: sha256 of the seed ${c.masterCommitment}\nphase ${c.phase}: sha256 of the key ${c.commitment}\n`,
        );
    });

  return dice;
}

// `judge gm …`: the GM in the loop on the command line — the same checks and
// records as a GM mail (src/engine/gm-loop.ts), echoed line by line.
import { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { gameSettings } from '../engine/settings.js';
import { formatDeadline } from '../render/time.js';
import { requireGame } from '../store/games.js';
import { gmInputHistory } from '../store/gm-inputs.js';
import { currentPhase, livePhase, type PhaseRow } from '../store/phases.js';
import type { Judge } from '../context.js';
import { CliError } from './errors.js';
import { gmLinkCommand } from './serve.js';
import { examples, intArg, judgeFor, printJson } from './shared.js';

// The engine's GM loop, loaded when a command runs (start-up time: issue #15).
const loop = () => import('../engine/gm-loop.js');

function phaseOf(j: Judge, gameId: string, n?: number): PhaseRow {
  const p = n === undefined ? currentPhase(j.db, gameId) : livePhase(j.db, gameId, n);
  if (!p) throw new CliError(n === undefined ? `game ${gameId} has no phase` : `game ${gameId} has no phase ${n}`, 2);
  return p;
}

/** Record GM lines and print each with its result; exit 1 when a line was refused. */
async function apply(cmd: Command, gameId: string, lines: string[], phase?: number): Promise<void> {
  const { recordGmLines } = await loop();
  const j = judgeFor(cmd);
  const game = requireGame(j.db, gameId);
  const p = phaseOf(j, gameId, phase);
  if (p.processed_at && lines.some((l) => !/^\s*(worksheet)\s*$/i.test(l)))
    throw new CliError(
      `phase ${p.number} of ${gameId} is processed; correct it with \`judge rerun ${gameId} --phase ${p.number} --gm "…"\``,
      2,
    );
  const results = recordGmLines(j, game, p, lines, 'cli', null);
  let failed = false;
  for (const r of results) {
    if (r.other) {
      failed = true;
      console.log(
        `${r.text}\n    ! not a GM input line (DECIDE, NARRATIVE, BULLETIN, ROLL, HOLD, RELEASE, WORKSHEET, PREVIEW)`,
      );
      continue;
    }
    if (!r.ok) failed = true;
    console.log(r.text ? `${r.text}\n    ${r.ok ? '=' : '!'} ${r.result}` : `${r.result}`);
  }
  if (failed) process.exitCode = 1;
}

const gameArg = (c: Command) => c.argument('<game>');

export function gmLoopCommand(): Command {
  const gm = new Command('gm').description(
    "the GM in the loop: a phase's worksheet, decisions, narrative, bulletin, hidden rolls, hold and release",
  );
  gameArg(gm.command('worksheet'))
    .description('print the worksheet of the open phase (what the GM got by mail), or of phase N')
    .option('--phase <n>', 'phase number', intArg('--phase'))
    .addHelpText('after', examples('judge gm worksheet nat1'))
    .action(async function (this: Command, gameId: string, o: { phase?: number }) {
      const j = judgeFor(this);
      const { worksheetMail } = await loop();
      const m = worksheetMail(j, requireGame(j.db, gameId), phaseOf(j, gameId, o.phase));
      console.log(`Subject: ${m.subject}\n\n${m.text}`);
    });
  gameArg(gm.command('status'))
    .description('does the open phase wait for the GM, which decisions are open, the GM deadline')
    .addHelpText('after', examples('judge gm status nat1', 'judge gm status nat1 --json'))
    .option('--json', 'machine-readable output')
    .action(async function (this: Command, gameId: string, o: { json?: boolean }) {
      const j = judgeFor(this);
      const { gmStatus } = await loop();
      const game = requireGame(j.db, gameId);
      const p = phaseOf(j, gameId);
      const st = gmStatus(j, game, p);
      const tz = gameSettings(game).timezone;
      const out = {
        phase: p.number,
        waiting: !!p.gm_opened_at && !p.processed_at,
        since: p.gm_opened_at ?? null,
        gmDeadline: p.gm_deadline ?? null,
        hold: st.hold,
        released: st.released,
        decisions: st.specs.map((s) => ({ id: s.id, ask: s.ask, default: s.default, open: st.open.includes(s) })),
      };
      if (o.json) return printJson(out);
      console.log(
        `phase ${p.number}: ${out.waiting ? `waits for the GM since ${formatDeadline(out.since, tz, 'en')}` : st.needed ? 'the players are ordering; the GM is asked after their deadline' : 'needs no GM decision'}`,
      );
      if (out.gmDeadline) console.log(`GM deadline: ${formatDeadline(out.gmDeadline, tz, 'en')}`);
      if (st.hold) console.log('HOLD: waits for RELEASE');
      for (const d of out.decisions)
        console.log(
          `  ${d.open ? (d.default === null ? '!' : '?') : '='} ${d.id}: ${d.ask}${d.default !== null ? ` (default ${d.default})` : ''}`,
        );
    });
  gameArg(gm.command('decide'))
    .description('answer decisions of the open phase: <id>=<value> …')
    .argument('<answers...>', 'id=value pairs, e.g. A1.dif=2 S1.time=4')
    .addHelpText(
      'after',
      examples(
        'judge gm decide nat1 A1.dif=2 S1.time=4',
        'judge gm decide nat1 A1.dif=-   # take the answer back',
        "judge gm decide krepost 'trial:gate=Break the gate; progress 3; risk 2; difficulty medium; kind harder'   # rpg: open a trial",
        'judge gm decide krepost trial:gate=success   # rpg: the cheat is met (or failure, close)',
      ),
    )
    .action(function (this: Command, gameId: string, answers: string[]) {
      const bad = answers.find((a) => !a.includes('='));
      if (bad) throw new CliError(`"${bad}" is not id=value`, 2);
      return apply(
        this,
        gameId,
        answers.map((a) => `DECIDE ${a.replace('=', ' ')}`),
      );
    });
  gameArg(gm.command('narrative'))
    .description(
      "attach narrative to an action or outcome of the open phase (shown to whoever sees it); '-' removes it",
    )
    .argument('<target>')
    .argument('<text...>')
    .addHelpText('after', examples('judge gm narrative nat1 A3 "The swamps are drained for twenty years."'))
    .action(function (this: Command, gameId: string, target: string, text: string[]) {
      return apply(this, gameId, [`NARRATIVE ${target} ${text.join(' ')}`]);
    });
  gameArg(gm.command('bulletin'))
    .description("the public bulletin of the open phase (every player gets it); '-' removes it")
    .argument('<text...>')
    .addHelpText('after', examples('judge gm bulletin nat1 "A comet was seen over the capital."'))
    .action(function (this: Command, gameId: string, text: string[]) {
      return apply(this, gameId, [`BULLETIN ${text.join(' ')}`]);
    });
  gameArg(gm.command('roll'))
    .description('a hidden roll only the GM sees, recorded with the phase')
    .argument('<dice>')
    .argument('[label...]')
    .addHelpText('after', examples('judge gm roll nat1 4dF weather', 'judge gm roll nat1 3d6'))
    .action(function (this: Command, gameId: string, dice: string, label: string[]) {
      return apply(this, gameId, [`ROLL ${dice} ${label.join(' ')}`.trim()]);
    });
  for (const [name, what] of [
    ['hold', 'keep the open phase waiting for the GM until RELEASE (or the GM deadline)'],
    ['release', 'let the open phase proceed at the next run (defaults where nothing was answered)'],
  ] as const)
    gameArg(gm.command(name))
      .description(what)
      .addHelpText('after', examples(`judge gm ${name} nat1`))
      .action(function (this: Command, gameId: string) {
        return apply(this, gameId, [name.toUpperCase()]);
      });
  gameArg(gm.command('preview'))
    .description('print the resolution as it would be now (nothing is stored or sent)')
    .addHelpText('after', examples('judge gm preview nat1'))
    .action(async function (this: Command, gameId: string) {
      const j = judgeFor(this);
      const { previewMail } = await loop();
      const m = previewMail(j, requireGame(j.db, gameId), phaseOf(j, gameId));
      console.log(`Subject: ${m.subject}\n\n${m.text}`);
    });
  gameArg(gm.command('apply'))
    .description('record a file of GM lines (as in a GM mail block, without the GM … END lines)')
    .requiredOption('--file <file>', 'the lines')
    .option('--phase <n>', 'phase number (default: the open one)', intArg('--phase'))
    .addHelpText('after', examples('judge gm apply nat1 --file answers.txt'))
    .action(function (this: Command, gameId: string, o: { file: string; phase?: number }) {
      if (!existsSync(o.file)) throw new CliError(`no such file: ${o.file}`, 2);
      return apply(this, gameId, readFileSync(o.file, 'utf8').split(/\r?\n/), o.phase);
    });
  gameArg(gm.command('inputs'))
    .description('every GM input recorded for a phase (decisions, narrative, bulletin, rolls), oldest first')
    .addHelpText('after', examples('judge gm inputs nat1', 'judge gm inputs nat1 --phase 2 --json'))
    .option('--phase <n>', 'phase number (default: the open one)', intArg('--phase'))
    .option('--json', 'machine-readable output')
    .action(function (this: Command, gameId: string, o: { phase?: number; json?: boolean }) {
      const j = judgeFor(this);
      const p = phaseOf(j, gameId, o.phase);
      const rows = gmInputHistory(j.db, gameId, p.number).map((r) => ({
        ...r,
        value: JSON.parse(r.value_json) as unknown,
        value_json: undefined,
      }));
      if (o.json) return printJson(rows);
      for (const r of rows) console.log(`#${r.id} ${r.at} ${r.actor} ${r.kind} ${r.key}: ${JSON.stringify(r.value)}`);
    });
  gmLinkCommand(gm);
  return gm;
}

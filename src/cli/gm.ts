// The GM's toolbox on the command line: pause, resume, extend, hand over,
// eject, end, resend, show orders, export a game's history, read the audit log.
import { Command, InvalidArgumentError, Option } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { DateTime } from 'luxon';
import { nowIso } from '../context.js';
import { DeadlineError } from '../engine/deadline.js';
import type { MovedDeadline } from '../engine/gm.js';
import { durationText, MAX_DURATION_DAYS, parseDuration } from '../engine/schedule.js';
import { gameSettings } from '../engine/settings.js';
import { getRules } from '../games/registry.js';
import { formatDeadline } from '../render/time.js';
import { audit, auditLog } from '../store/audit.js';
import { getPlayer, listPlayers, requireGame } from '../store/games.js';
import { currentPhase, livePhase, livePhases } from '../store/phases.js';
import { playerSubmissions, submissionHistory } from '../store/submissions.js';
import { currentOrders } from '../engine/orders.js';
import { phaseMessages } from '../store/messages.js';
import { gmInputHistory } from '../store/gm-inputs.js';
import { CliError } from './errors.js';
import { examples, intArg, judgeFor, printJson } from './shared.js';
import { counted } from '../render/plural.js';

// The engine's GM actions, loaded when a command runs (start-up time: issue #15).
const gm = () => import('../engine/gm.js');

/** A progress bar on a terminal (stderr), nothing elsewhere (cron logs stay clean). */
export async function progress(total: number, label: string): Promise<{ tick(): void; done(): void }> {
  if (!process.stderr.isTTY || total < 2) return { tick() {}, done() {} };
  const { Presets, SingleBar } = await import('cli-progress');
  const bar = new SingleBar(
    { format: `${label} [{bar}] {value}/{total}`, stream: process.stderr, hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return { tick: () => bar.increment(), done: () => bar.stop() };
}

function durationArg(v: string): number {
  try {
    return parseDuration(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

export function pauseCommand(): Command {
  return new Command('pause')
    .argument('<game>')
    .description('pause a game: nothing is processed until `judge resume`; players are told')
    .addHelpText('after', examples('judge pause tavern'))
    .action(async function (this: Command, gameId: string) {
      const { pauseGame } = await gm();
      pauseGame(judgeFor(this), gameId, 'cli');
      console.log(`${gameId} paused`);
    });
}

export function resumeCommand(): Command {
  return new Command('resume')
    .argument('<game>')
    .description("resume a paused game; the open phase's deadline moves by the time it was paused")
    .addHelpText('after', examples('judge resume tavern'))
    .action(async function (this: Command, gameId: string) {
      const j = judgeFor(this);
      const { resumeGame } = await gm();
      const d = resumeGame(j, gameId, 'cli');
      console.log(
        `${gameId} resumed${d ? `; deadline ${formatDeadline(d, gameSettings(requireGame(j.db, gameId)).timezone, 'en')}` : ''}`,
      );
    });
}

export function extendCommand(): Command {
  return new Command('extend')
    .argument('<game>')
    .description("move the open phase's deadline (later or earlier); players are told the new absolute time")
    .option('--by <duration>', 'add this to the current deadline (e.g. 24h, 2d, 1h30m; at most 365d)', durationArg)
    .option('--to <time>', "set the deadline to this ISO time (local to the game's time zone when it has no offset)")
    .option('--force', 'take a deadline that has already passed: the phase falls due at the next run')
    .addHelpText(
      'after',
      examples(
        'judge extend fandi1 --by 24h',
        'judge extend mafia --to 2026-12-05T21:00',
        'judge extend mafia --to 2026-11-29T12:00 --force   # already past: process at the next run',
      ) +
        `
A deadline already past is refused without --force; one more than 365 days
ahead always. Reminders (schedule.reminders) that an earlier deadline leaves
without their time are listed here and in the GM's notice of the new deadline.
`,
    )
    .action(async function (this: Command, gameId: string, o: { by?: number; to?: string; force?: boolean }) {
      const j = judgeFor(this);
      const { currentDeadline, moveDeadline } = await gm();
      if (o.by !== undefined && o.to !== undefined) throw new CliError('give --by <duration> or --to <time>, not both');
      if (o.by === undefined && o.to === undefined) throw new CliError('give --by <duration> or --to <time>');
      const game = requireGame(j.db, gameId);
      const tz = gameSettings(game).timezone;
      let to: Date;
      if (o.by !== undefined) {
        const current = currentDeadline(j, gameId);
        to = new Date((current ? Date.parse(current) : j.clock().getTime()) + o.by);
      } else {
        const d = DateTime.fromISO(o.to!, { zone: tz });
        if (!d.isValid) throw new CliError(`--to "${o.to}" is not an ISO date-time`);
        to = d.toJSDate();
      }
      let m: MovedDeadline;
      try {
        m = moveDeadline(j, gameId, to, 'cli', o.force);
      } catch (e) {
        if (!(e instanceof DeadlineError)) throw e;
        const when = `${formatDeadline(e.deadline, tz, 'en')} (now ${formatDeadline(e.now, tz, 'en')})`;
        throw new CliError(
          e.reason === 'past'
            ? `${gameId}: the new deadline ${when} has already passed; give a later time, or add --force to let the phase fall due at the next run`
            : `${gameId}: the new deadline ${when} is more than ${MAX_DURATION_DAYS} days ahead, further than a game can use`,
        );
      }
      console.log(`${gameId}: deadline ${formatDeadline(m.deadline, tz, 'en')}`);
      for (const r of m.lost)
        console.log(
          `  reminder ${durationText(r.before)} before the deadline (${formatDeadline(r.at, tz, 'en')}): ${
            r.why === 'before-open'
              ? 'that is before the phase opened, so it is not sent'
              : 'that time has passed, so it goes out late, with the next run'
          }`,
        );
    });
}

export function endCommand(): Command {
  return new Command('end')
    .argument('<game>')
    .description('end a game now (no more phases); everybody is told')
    .addHelpText('after', examples('judge end tavern'))
    .action(async function (this: Command, gameId: string) {
      const { endGame } = await gm();
      endGame(judgeFor(this), gameId, 'cli');
      console.log(`${gameId} ended`);
    });
}

export function resendCommand(): Command {
  return new Command('resend')
    .arguments('<game> <player>')
    .description("queue a player's (or 'gm') report of a processed phase again (default: the last one)")
    .addHelpText('after', examples('judge resend tavern alice', 'judge resend tavern gm --phase 2'))
    .option('--phase <n>', 'the processed phase', intArg('--phase'))
    .action(async function (this: Command, gameId: string, player: string, o: { phase?: number }) {
      const { resendReport } = await gm();
      const id = resendReport(judgeFor(this), gameId, player, o.phase, 'cli');
      console.log(`queued as outbox #${id}; run \`judge send\``);
    });
}

export function ordersCommand(): Command {
  return new Command('orders')
    .arguments('<game> <player>')
    .description("a player's current orders for the open phase (or --phase N), as sent and as understood")
    .addHelpText('after', examples('judge orders tavern alice', 'judge orders tavern alice --phase 2 --history'))
    .option('--phase <n>', 'phase number', intArg('--phase'))
    .option('--history', 'every block the player sent for the phase, oldest first')
    .option('--json', 'machine-readable output')
    .action(function (
      this: Command,
      gameId: string,
      playerId: string,
      o: { phase?: number; history?: boolean; json?: boolean },
    ) {
      const j = judgeFor(this);
      const p = getPlayer(j.db, gameId, playerId);
      if (!p) throw new CliError(`game ${gameId} has no player ${playerId}`);
      const phase = o.phase ?? currentPhase(j.db, gameId)?.number;
      if (phase === undefined) throw new CliError(`game ${gameId} has no phase`);
      const all = playerSubmissions(j.db, gameId, phase, p.id);
      const game = requireGame(j.db, gameId);
      const phaseRow = livePhase(j.db, gameId, phase);
      const current = phaseRow
        ? currentOrders(getRules(game.kind), JSON.parse(phaseRow.state_json), all)
        : { orders: [], echo: [] };
      const rows = o.history ? all : all.filter((s) => !s.replaced_by);
      if (o.json)
        return printJson({
          current: current.orders,
          understood: current.echo,
          mails: rows.map((r) => ({
            ...r,
            orders: JSON.parse(r.orders_json),
            errors: JSON.parse(r.errors_json),
            echo: JSON.parse(r.echo_json),
          })),
        });
      if (!all.length) return console.log(`${p.id} has sent no orders for phase ${phase}`);
      console.log(`${p.id}, phase ${phase}: the orders that stand now`);
      for (const e of current.echo) console.log(`  ${e.text}\n      = ${e.understood}`);
      for (const r of rows) {
        console.log(
          `--- #${r.id} received ${r.received_at}${r.replaced_by ? ` (replaced by #${r.replaced_by})` : ' (live)'}${r.final ? ' FINAL' : ''}`,
        );
        console.log(r.text);
        for (const e of JSON.parse(r.errors_json) as { line: number; reason: string }[])
          console.log(`  ! line ${e.line}: ${e.reason}`);
      }
    });
}

export function auditCommand(): Command {
  return new Command('audit')
    .description('the audit log: every GM action (create, process, rerun, pause, replace, …) with who and when')
    .addHelpText('after', examples('judge audit', 'judge audit --game tavern --json'))
    .option('--game <game>', 'only this game')
    .option('--json', 'machine-readable output')
    .action(function (this: Command, o: { game?: string; json?: boolean }) {
      const rows = auditLog(judgeFor(this).db, o.game);
      if (o.json) return printJson(rows.map((r) => ({ ...r, details: JSON.parse(r.details_json) })));
      for (const r of rows)
        console.log(
          `${r.at} ${r.actor.padEnd(12)} ${(r.game_id ?? '-').padEnd(12)} ${r.action} ${r.details_json === '{}' ? '' : r.details_json}`,
        );
    });
}

/** A file name from an id: path separators, dots leading the way up, control characters out. */
export function safeName(name: string): string {
  const s = name.replace(/[/\\\u0000-\u001f]/g, '_').replace(/^\.+/, (d) => '_'.repeat(d.length));
  return s || '_';
}

export function exportCommand(): Command {
  return new Command('export')
    .argument('<game>')
    .description(
      "write a game's whole history as files: per phase the state, events, every player's orders, relayed messages, the GM's inputs and every report, plus the audit log",
    )
    .requiredOption('--out <dir>', 'the folder to write into')
    .addHelpText('after', examples('judge export fandi1 --out /tmp/fandi1-history'))
    .action(async function (this: Command, gameId: string, o: { out: string }) {
      const j = judgeFor(this);
      const { reportMail } = await import('../engine/reports.js');
      const game = requireGame(j.db, gameId);
      const rules = getRules(game.kind);
      const phases = livePhases(j.db, gameId);
      const players = listPlayers(j.db, gameId);
      const bar = await progress(phases.length, 'export');
      mkdirSync(o.out, { recursive: true });
      const root = resolve(o.out);
      // Every file name built from an id is checked to stay inside --out (an id like "../x" from an old store cannot escape).
      const inside = (...parts: string[]): string => {
        const f = resolve(root, ...parts.map(safeName));
        if (f !== root && !f.startsWith(root + sep))
          throw new CliError(`export: ${parts.join('/')} would leave ${root}`);
        return f;
      };
      for (const p of phases) {
        const dir = inside(`phase-${String(p.number).padStart(3, '0')}`);
        mkdirSync(join(dir, 'orders'), { recursive: true });
        const { state_json, events_json, ...meta } = p;
        writeFileSync(join(dir, 'phase.json'), JSON.stringify(meta, null, 2) + '\n');
        writeFileSync(join(dir, 'state.json'), JSON.stringify(JSON.parse(state_json), null, 2) + '\n');
        if (events_json)
          writeFileSync(join(dir, 'events.json'), JSON.stringify(JSON.parse(events_json), null, 2) + '\n');
        for (const s of submissionHistory(j.db, gameId, p.number))
          writeFileSync(
            join(dir, 'orders', safeName(`${s.player_id}-${s.id}${s.replaced_by ? '' : '-live'}.txt`)),
            s.text + '\n',
          );
        const msgs = phaseMessages(j.db, gameId, p.number);
        if (msgs.length) writeFileSync(join(dir, 'messages.json'), JSON.stringify(msgs, null, 2) + '\n');
        const gmInputs = gmInputHistory(j.db, gameId, p.number).map(({ value_json, ...r }) => ({
          ...r,
          value: JSON.parse(value_json) as unknown,
        }));
        if (gmInputs.length) writeFileSync(join(dir, 'gm-inputs.json'), JSON.stringify(gmInputs, null, 2) + '\n');
        const next = livePhase(j.db, gameId, p.number + 1);
        if (p.processed_at && next) {
          mkdirSync(join(dir, 'reports'), { recursive: true });
          for (const reader of [...players.filter((x) => x.status !== 'ejected'), 'gm' as const]) {
            const mail = reportMail({
              rules,
              game,
              phase: p,
              next,
              events: JSON.parse(events_json ?? '[]'),
              reader,
              correction: false,
              db: j.db,
            });
            writeFileSync(
              join(dir, 'reports', safeName(`${reader === 'gm' ? 'gm' : reader.id}.txt`)),
              `Subject: ${mail.subject}\n\n${mail.text}`,
            );
          }
        }
        bar.tick();
      }
      bar.done();
      writeFileSync(join(o.out, 'audit.json'), JSON.stringify(auditLog(j.db, gameId), null, 2) + '\n');
      writeFileSync(
        join(o.out, 'game.json'),
        JSON.stringify(
          { ...game, setup: JSON.parse(game.setup_json), setup_json: undefined, gm_password_hash: undefined },
          null,
          2,
        ) + '\n',
      );
      audit(j.db, nowIso(j), 'cli', gameId, 'game.export', { out: o.out, phases: phases.length });
      console.log(`exported ${counted(phases.length, 'phase')} of ${gameId} into ${o.out}`);
    });
}

export function playerGmCommands(player: Command): void {
  player
    .command('replace <game> <id>')
    .description(
      'hand a position to someone else: new address and password; the position goes on (FanDi: "Hru je mozno kdykoli predat nekomu jinemu")',
    )
    .requiredOption('--email <address>', "the new player's address")
    .option(
      '--password <password>',
      'the new password (stored hashed); without it the judge makes one and mails it to the new player alone',
    )
    .option('--name <name>', "the new player's name")
    .addOption(new Option('--lang <lang>', 'language of mails').choices(['en', 'cs', 'ru']))
    .addOption(
      new Option(
        '--gender <gender>',
        "the new player's grammatical gender in mails (default: inferred from the new name)",
      ).choices(['f', 'm']),
    )
    .addHelpText(
      'after',
      examples(
        'judge player replace fandi1 brana --email newbie@example.org --name Nováček',
        'judge player replace fandi1 brana --email newbie@example.org --password s3cret --name Nováček',
        'judge player replace gf1 p05 --email anna@example.ru --password s3cret --name Саша --gender f',
      ),
    )
    .action(async function (
      this: Command,
      gameId: string,
      id: string,
      o: { email: string; password?: string; name?: string; lang?: 'en' | 'cs' | 'ru'; gender?: 'f' | 'm' },
    ) {
      const { replacePlayer } = await gm();
      const p = replacePlayer(judgeFor(this), gameId, id, o, 'cli');
      console.log(
        `${gameId}/${p.id} is now played by ${p.name} <${p.email}>; the new player's mail (${p.generatedPassword ? 'a password the judge made, ' : ''}the position as it stands) is queued`,
      );
    });
  player
    .command('eject <game> <id>')
    .description('remove a player: no more orders taken, no more reports sent')
    .addHelpText('after', examples('judge player eject tavern boris'))
    .action(async function (this: Command, gameId: string, id: string) {
      const { ejectPlayer } = await gm();
      ejectPlayer(judgeFor(this), gameId, id, 'cli');
      console.log(`${gameId}/${id} ejected`);
    });
}

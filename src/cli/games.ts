// Game commands: create games and seats, adjudicate, rerun, and look inside.
import { Command, Option } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { nowIso } from '../context.js';
import { commitment } from '../engine/dice-trust.js';
import { getRules, knownKinds, loadRules } from '../games/registry.js';
import { getPlayer, isPlaying, listGames, listPlayers, requireGame } from '../store/games.js';
import { gameSettings } from '../engine/settings.js';
import { formatDeadline } from '../render/time.js';
import { allPhaseRows, currentPhase, livePhase, livePhases } from '../store/phases.js';
import { liveSubmissions } from '../store/submissions.js';
import { seatGuesses, senderLocks, type Guesser } from '../store/auth-failures.js';
import { ambiguousMail } from '../store/outbox.js';
import { ambiguousWindow } from '../mail/outbound/ambiguous.js';
import { CliError } from './errors.js';
import { playerGmCommands, progress } from './gm.js';
import { playerLinkCommand } from './serve.js';
import { playerFormatCommand } from './mail-format.js';
import { examples, intArg, judgeFor, printJson } from './shared.js';
import { seatStatus, seatStatusLines } from '../engine/seat-status.js';
import { counted } from '../render/plural.js';

export function gameCommand(): Command {
  const game = new Command('game').description('create and list games');
  game
    .command('create <id>')
    .description('create a game from a setup file (YAML or JSON); every error in the file is reported at once')
    .addOption(new Option('--kind <kind>', 'game kind').choices(knownKinds()).makeOptionMandatory())
    .requiredOption('--setup <file>', "setup file: seats (players) and the game kind's own data")
    .option(
      '--seed <n>',
      'game seed (all dice derive from it); random when omitted. For a kind with verifiable dice (rpg) it is combined with a random secret of the judge, so that it cannot be guessed from its published commitment',
    )
    .option(
      '--quiet',
      'mail nobody: no start mails (you send your own); the passwords the judge generates are then printed here',
    )
    .addHelpText(
      'after',
      examples(
        'judge game create fandi1 --kind fandi --setup games/fandi/setups/default.json --seed 42',
        'judge game create dice --kind rpg --setup my-table.yaml',
        'judge game create dice --kind rpg --setup my-table.yaml --quiet',
      ),
    )
    .addHelpText(
      'after',
      '\nEvery player gets a start mail in his language (his id, his password when the judge made it, the first\ndeadline, how to write orders, his starting position) and the GM a summary of every seat; `judge send` sends them.',
    )
    .action(async function (
      this: Command,
      id: string,
      o: { kind: string; setup: string; seed?: string; quiet?: boolean },
    ) {
      const j = judgeFor(this);
      const [{ createGame }, { readSetupFile }] = await Promise.all([
        import('../engine/create-game.js'),
        import('../engine/setup-file.js'),
      ]);
      const r = createGame(j, {
        id,
        kind: o.kind,
        setup: readSetupFile(o.setup),
        setupFile: o.setup,
        seed: o.seed,
        actor: 'cli',
        mail: !o.quiet,
      });
      // A game with verifiable dice keeps its seed secret until the GM reveals it: the console shows its commitment.
      const verifiable = !!getRules(r.game.kind).verifiableDice;
      const seedText = verifiable ? `seed commitment ${commitment(r.game.seed)}` : `seed ${r.game.seed}`;
      console.log(
        r.phase
          ? `created game ${r.game.id} (${r.game.kind}, ${seedText}); phase 1 "${r.phase.label}" is open for orders`
          : `created game ${r.game.id} (${r.game.kind}, ${seedText}); open for sign-up by mail: ${(await import('./seats.js')).signupLine(j, r.game)}`,
      );
      if (r.seedCombined)
        console.log(
          `  the seed ${o.seed} was combined with a random secret of the judge: the dice of ${r.game.kind} are verifiable and a seed given by hand could be guessed from its published commitment; the combined seed is stored (reruns reproduce it) and revealed by the GM (judge dice log ${r.game.id} --reveal)`,
        );
      else if (o.seed === undefined && verifiable)
        console.log('  the seed is 128 random bits, kept secret until the GM reveals it (DECIDE dice:reveal yes)');
      // The judge mails a generated password to its player; only a GM who sends his own start mails needs to see it.
      if (!r.phase) {
        // Sign-up: nothing to mail yet; each player gets his mails as he joins, everybody the start mail at the start.
      } else if (o.quiet)
        for (const [p, pw] of Object.entries(r.generatedPasswords)) console.log(`  generated password for ${p}: ${pw}`);
      else
        console.log(
          `  start mails queued for every player${r.game.gm_email ? ' and the GM' : ''}${Object.keys(r.generatedPasswords).length ? ' (generated passwords go to their players only)' : ''}; \`judge send\` sends them`,
        );
      for (const w of r.warnings) console.log(`  warning: ${w}`);
    });
  game
    .command('list')
    .description('list the games on this judge')
    .addHelpText('after', examples('judge game list', 'judge game list --json'))
    .option('--json', 'machine-readable output')
    .action(function (this: Command, o: { json?: boolean }) {
      const j = judgeFor(this);
      const rows = listGames(j.db).map((g) => ({
        id: g.id,
        kind: g.kind,
        title: g.title,
        status: g.status,
        phase: currentPhase(j.db, g.id)?.number ?? null,
      }));
      if (o.json) return printJson(rows);
      for (const r of rows)
        console.log(
          `${r.id.padEnd(16)} ${r.kind.padEnd(8)} ${r.status.padEnd(7)} ${r.phase === null ? 'no phase' : `phase ${r.phase}`}  ${r.title}`,
        );
    });
  return game;
}

export function playerCommand(): Command {
  const player = new Command('player').description('manage the players (seats) of a game');
  player
    .command('add <game> <id>')
    .description(
      'add a player to a game whose kind lets players join after the start (e.g. rpg); the player gets his start mail',
    )
    .requiredOption('--email <address>', "the player's address of record")
    .option(
      '--password <password>',
      'the password for the order block (stored hashed); without it the judge makes one and mails it to the player',
    )
    .option('--name <name>', 'display name (default: the id)')
    .addOption(new Option('--lang <lang>', 'language of mails').choices(['en', 'cs', 'ru']))
    .option('--quiet', 'no start mail (you tell the player yourself); a password the judge makes is printed here')
    .addHelpText(
      'after',
      examples(
        'judge player add dice carol --email carol@example.org --lang cs',
        'judge player add dice carol --email carol@example.org --password s3cret --lang cs',
      ),
    )
    .action(async function (
      this: Command,
      gameId: string,
      id: string,
      o: { email: string; password?: string; name?: string; lang?: 'en' | 'cs' | 'ru'; quiet?: boolean },
    ) {
      const j = judgeFor(this);
      const { addSeat } = await import('../engine/seat-add.js');
      const p = addSeat(j, gameId, { id, ...o }, 'cli', { mail: !o.quiet });
      console.log(`added ${p.id} <${p.email}> to ${gameId}`);
      if (o.quiet && p.generatedPassword) console.log(`  generated password for ${p.id}: ${p.generatedPassword}`);
      else if (!o.quiet) console.log('  start mail queued; `judge send` sends it');
    });
  player
    .command('list <game>')
    .description("list a game's players and whether they have sent orders for the open phase")
    .addHelpText('after', examples('judge player list tavern', 'judge player list tavern --json'))
    .option('--json', 'machine-readable output')
    .action(function (this: Command, gameId: string, o: { json?: boolean }) {
      const j = judgeFor(this);
      const phase = currentPhase(j.db, gameId);
      const sent = new Set(phase ? liveSubmissions(j.db, gameId, phase.number).map((s) => s.player_id) : []);
      const guesses = new Map(
        seatGuesses(j.db, gameId, nowIso(j), j.config.inbox.authFailures).map((l) => [l.player, l]),
      );
      const rows = listPlayers(j.db, requireGame(j.db, gameId).id).map((p) => {
        const l = guesses.get(p.id.toLowerCase());
        return {
          id: p.id,
          name: p.name,
          email: p.email,
          lang: p.lang,
          status: p.status,
          ordersSent: sent.has(p.id),
          // Its own wrong passwords in a row (they only slow it: never a lock), and until when its next try waits.
          ownWrongPasswords: l?.own ?? 0,
          waitUntil: l?.waitUntil ?? null,
          // Other addresses' wrong passwords for it; a blocked one's blocks for it go unchecked.
          othersWrongPasswords: l?.others ?? [],
        };
      });
      if (o.json) return printJson(rows);
      for (const r of rows)
        console.log(
          `${r.id.padEnd(12)} ${r.status.padEnd(7)} ${r.ordersSent ? 'orders in ' : 'no orders '} ${r.name} <${r.email}>` +
            (r.ownWrongPasswords
              ? `  own wrong passwords: ${r.ownWrongPasswords}${r.waitUntil ? ` (next try waits until ${r.waitUntil})` : ''}`
              : '') +
            (r.othersWrongPasswords.length ? `  guessed by: ${guessersText(r.othersWrongPasswords)}` : ''),
        );
    });
  player
    .command('unlock <game> [player]')
    .description(
      "forget wrong passwords: a seat's (its own slow-down, other addresses' blocks for it and its wrong CONFIRM codes; also a name in mail that is no seat: its id as the status shows it), or a sender address's",
    )
    .option('--sender <address>', "forget this sender address's wrong passwords (all games)")
    .addHelpText(
      'after',
      examples('judge player unlock fandi1 alfa', 'judge player unlock fandi1 --sender mallory@example.net'),
    )
    .action(async function (this: Command, gameId: string, playerId: string | undefined, o: { sender?: string }) {
      const j = judgeFor(this);
      if (!playerId && !o.sender) throw new CliError('name a player, or --sender <address>');
      const { unlock } = await import('../engine/gm.js');
      const n = unlock(j, gameId, { player: playerId, sender: o.sender }, 'cli');
      if (playerId)
        console.log(
          `${gameId}/${playerId}: ${counted(n.player ?? 0, 'wrong password')} no longer ${n.player === 1 ? 'counts' : 'count'}; unlocked`,
        );
      if (o.sender)
        console.log(
          `${o.sender.toLowerCase()}: ${counted(n.sender ?? 0, 'wrong password')} no longer ${n.sender === 1 ? 'counts' : 'count'}; unlocked`,
        );
    });
  playerGmCommands(player);
  playerLinkCommand(player);
  playerFormatCommand(player);
  return player;
}

/** "mallory@evil.example 5 BLOCKED until …, eve@evil.example 2": other addresses' wrong passwords for a seat. */
function guessersText(gs: Guesser[]): string {
  return gs.map((x) => `${x.sender} ${x.failures}${x.blocked ? ` BLOCKED until ${x.until}` : ''}`).join(', ');
}

export function processCommand(): Command {
  return new Command('process')
    .argument('<game>')
    .description(
      "adjudicate the game's open phase now (whatever its deadline), in one transaction, and queue every report; a phase that waits for the GM takes the defaults of unanswered decisions (one without a default stops it)",
    )
    .addHelpText('after', examples('judge process fandi1', 'judge process fandi1 && judge send'))
    .action(async function (this: Command, gameId: string) {
      const j = judgeFor(this);
      const { processPhase } = await import('../engine/pipeline.js');
      const r = processPhase(j, gameId);
      console.log(
        `processed ${gameId} phase ${r.phase}: state ${r.hash.slice(0, 12)}; phase ${r.next.number} "${r.next.label}" is open`,
      );
    });
}

export function rerunCommand(): Command {
  return new Command('rerun')
    .argument('<game>')
    .description(
      're-adjudicate phase N and every processed phase after it from the snapshot before N with the recorded orders and seeds; later phases are superseded (kept) and every player gets corrected reports',
    )
    .requiredOption('--phase <n>', 'the first phase to re-adjudicate', intArg('--phase'))
    .option('--reseed', 'roll new dice (new seeds) instead of the recorded ones')
    .option('--orders <file>', "replace one player's orders for phase N first (with --player)")
    .option('--player <id>', 'whose orders --orders replaces')
    .option(
      '--gm <line>',
      'a GM line recorded for phase N first, e.g. "DECIDE A1.dif 3" (repeatable): a rerun with a corrected GM decision',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .addHelpText(
      'after',
      examples(
        'judge rerun fandi1 --phase 5',
        'judge rerun fandi1 --phase 5 --reseed',
        'judge rerun fandi1 --phase 3 --player brana --orders brana-fixed.txt',
        'judge rerun nat1 --phase 4 --gm "DECIDE A2.dif 2" --gm "NARRATIVE A2 The dam holds."',
      ),
    )
    .action(async function (
      this: Command,
      gameId: string,
      o: { phase: number; reseed?: boolean; orders?: string; player?: string; gm: string[] },
    ) {
      const j = judgeFor(this);
      const { rerun } = await import('../engine/rerun.js');
      if (!!o.orders !== !!o.player) throw new CliError('--orders and --player go together');
      let text: string | undefined;
      if (o.orders) {
        if (!existsSync(o.orders)) throw new CliError(`no such file: ${o.orders}`);
        text = readFileSync(o.orders, 'utf8');
      }
      const processed = livePhases(j.db, gameId).filter((p) => p.processed_at && p.number >= o.phase).length;
      const bar = await progress(processed, 'rerun');
      const steps = rerun(j, gameId, o.phase, {
        reseed: o.reseed,
        replaceOrders: o.player && text !== undefined ? { player: o.player, text } : undefined,
        gmLines: o.gm,
        onStep: () => bar.tick(),
      });
      bar.done();
      for (const s of steps)
        console.log(
          `phase ${s.phase}: ${s.same ? 'same state' : 'CHANGED state'} ${s.newHash.slice(0, 12)}${s.same ? '' : ` (was ${s.oldHash?.slice(0, 12)})`}`,
        );
      console.log(`corrected reports queued; run \`judge send\``);
    });
}

export function stateCommand(): Command {
  return new Command('state')
    .argument('<game>')
    .description('print the state a phase was ordered against (default: the open phase)')
    .option('--phase <n>', 'phase number', intArg('--phase'))
    .option('--json', 'the state as JSON (with phase metadata)')
    .option('--all', 'with --json: every phase row, superseded ones included')
    .addHelpText('after', examples('judge state fandi1 --json', 'judge state fandi1 --phase 3 --json'))
    .action(function (this: Command, gameId: string, o: { phase?: number; json?: boolean; all?: boolean }) {
      const j = judgeFor(this);
      requireGame(j.db, gameId);
      if (o.all)
        return printJson(
          allPhaseRows(j.db, gameId).map(({ state_json, events_json, ...p }) => ({
            ...p,
            state: JSON.parse(state_json),
          })),
        );
      const p = o.phase === undefined ? currentPhase(j.db, gameId) : livePhase(j.db, gameId, o.phase);
      if (!p) throw new CliError(`game ${gameId} has no phase ${o.phase}`);
      const { state_json, events_json, ...meta } = p;
      const out = { ...meta, state: JSON.parse(state_json), events: events_json ? JSON.parse(events_json) : null };
      if (o.json) return printJson(out);
      console.log(
        `phase ${p.number} "${p.label}" hash ${p.state_hash}${p.processed_at ? ` processed ${p.processed_at} → ${p.result_hash}` : ' (open)'}`,
      );
      console.log(JSON.stringify(out.state, null, 2));
    });
}

export function statusCommand(): Command {
  return new Command('status')
    .argument('[game]')
    .description('every game (or one): open phase, deadline, who has and has not sent orders, mail waiting')
    .addHelpText('after', examples('judge status', 'judge status tavern', 'judge status tavern --json'))
    .option('--json', 'machine-readable output')
    .action(async function (this: Command, gameId: string | undefined, o: { json?: boolean }) {
      const j = judgeFor(this);
      const games = gameId ? [requireGame(j.db, gameId)] : listGames(j.db);
      // The kinds whose seats the status shows (a sign-up, open positions): only they need their game code.
      await loadRules(
        games
          .filter(
            (g) =>
              g.status === 'signup' ||
              listPlayers(j.db, g.id).some((p) => p.status === 'abandoned' || p.status === 'ejected'),
          )
          .map((g) => g.kind),
      );
      const rows = games.map((g) => {
        const p = currentPhase(j.db, g.id);
        const sent = new Set(p ? liveSubmissions(j.db, g.id, p.number).map((s) => s.player_id) : []);
        const players = listPlayers(j.db, g.id).filter(isPlaying);
        const tz = gameSettings(g).timezone;
        return {
          id: g.id,
          kind: g.kind,
          status: g.status,
          timezone: tz,
          phase: p
            ? {
                number: p.number,
                label: p.label,
                deadline: p.deadline,
                deadlineLocal: formatDeadline(p.deadline, tz, 'en'),
              }
            : null,
          nmr: Object.fromEntries(
            players
              .filter((x) => x.nmr_total)
              .map((x) => [x.id, { streak: x.nmr_streak, total: x.nmr_total, status: x.status }]),
          ),
          processedPhases: livePhases(j.db, g.id).filter((x) => x.processed_at).length,
          ordersIn: players.filter((x) => sent.has(x.id)).map((x) => x.id),
          ordersMissing: players.filter((x) => !sent.has(x.id)).map((x) => x.id),
          // Seats (and names that are no seat) with wrong passwords in the window: their own (a slow-down), others' for them.
          guesses: seatGuesses(j.db, g.id, nowIso(j), j.config.inbox.authFailures),
          // Sign-up, what waits for your approval, open positions, absences (issue #31).
          seats: seatStatus(j, g, 'en', j.clock()),
          seatLines: seatStatusLines(j, g, 'en', j.clock()),
        };
      });
      const mail = j.db.prepare('SELECT status, count(*) AS n FROM outbox_head GROUP BY status').all() as {
        status: string;
        n: number;
      }[];
      // Ambiguous mail (data sent, no answer): sent again by itself after the window, or the GM's.
      const ambiguous = ambiguousMail(j.db, ambiguousWindow(j));
      const senders = senderLocks(j.db, nowIso(j), j.config.inbox.authFailures).filter((x) => x.locked);
      const quarantined = j.db
        .prepare("SELECT id, reason FROM inbound WHERE status = 'quarantined' ORDER BY id")
        .all() as { id: number; reason: string }[];
      if (o.json)
        return printJson({
          games: rows.map(({ seatLines: _l, ...r }) => r),
          outbox: Object.fromEntries(mail.map((m) => [m.status, m.n])),
          ambiguousMail: ambiguous,
          blockedSenders: senders,
          quarantined,
        });
      if (!rows.length) console.log('no games yet: `judge game create` or `judge demo`');
      for (const { seatLines, ...r } of rows) {
        console.log(
          r.phase
            ? `${r.id} (${r.kind}, ${r.status}) phase ${r.phase.number} "${r.phase.label}" deadline ${r.phase.deadlineLocal ?? 'none (process by hand)'}`
            : `${r.id} (${r.kind}, ${r.status}) no phase yet`,
        );
        for (const l of seatLines) console.log(`  ${l}`);
        console.log(`  orders in: ${r.ordersIn.join(', ') || '-'}   missing: ${r.ordersMissing.join(', ') || '-'}`);
        const nmr = Object.entries(r.nmr).map(
          ([id, n]) =>
            `${id} ${n.streak} in a row/${n.total}${n.status === 'abandoned' ? ' (abandoned: replace?)' : ''}`,
        );
        if (nmr.length) console.log(`  missed phases: ${nmr.join(', ')}`);
        const slowed = r.guesses.filter((l) => l.waitUntil);
        if (slowed.length)
          console.log(
            `  slowed by their own wrong passwords (never locked): ${slowed.map((l) => `${l.player} (${l.own}, next try waits until ${l.waitUntil})`).join(', ')}`,
          );
        const guessed = r.guesses.filter((l) => l.others.length);
        if (guessed.length)
          console.log(
            `  wrong passwords from other addresses: ${guessed.map((l) => `${l.player} ← ${guessersText(l.others)}`).join('; ')} — judge player unlock ${r.id} --sender <address>`,
          );
      }
      if (senders.length)
        console.log(
          `senders no longer checked for positions not their own: ${senders.map((x) => `${x.sender} (${x.failures})`).join(', ')} — judge player unlock <game> --sender <address>`,
        );
      if (quarantined.length)
        console.log(`quarantined mail: ${quarantined.map((q) => `#${q.id}`).join(', ')} (judge inbound)`);
      console.log(`outbox: ${mail.map((m) => `${m.n} ${m.status}`).join(', ') || 'empty'}`);
      if (ambiguous.total)
        console.log(
          `  ambiguous (data sent, no answer read): ${ambiguous.total}; ${ambiguous.bySelf} to be sent again by itself with the same Message-ID${ambiguous.firstResendAt ? ` (the first from ${ambiguous.firstResendAt})` : ''}; ${ambiguous.forGm} for you: judge outbox --retry ambiguous, or --mark-sent ID`,
        );
    });
}

export function reportCommand(): Command {
  return new Command('report')
    .arguments('<game> <player>')
    .description("print the report a player (or 'gm') got for a processed phase (default: the last one)")
    .option('--phase <n>', 'the processed phase', intArg('--phase'))
    .addHelpText('after', examples('judge report fandi1 alfa', 'judge report fandi1 gm --phase 2'))
    .action(async function (this: Command, gameId: string, playerId: string, o: { phase?: number }) {
      const j = judgeFor(this);
      const { reportMail } = await import('../engine/reports.js');
      const g = requireGame(j.db, gameId);
      const processed = livePhases(j.db, g.id).filter((p) => p.processed_at);
      const phase = o.phase === undefined ? processed.at(-1) : processed.find((p) => p.number === o.phase);
      if (!phase)
        throw new CliError(
          o.phase === undefined
            ? `no phase of ${g.id} is processed yet`
            : `phase ${o.phase} of ${g.id} is not processed`,
        );
      const next = livePhase(j.db, g.id, phase.number + 1)!;
      const reader = playerId === 'gm' ? 'gm' : getPlayer(j.db, g.id, playerId);
      if (!reader) throw new CliError(`game ${g.id} has no player ${playerId}`);
      const mail = reportMail({
        rules: getRules(g.kind),
        game: g,
        phase,
        next,
        events: JSON.parse(phase.events_json ?? '[]'),
        reader,
        correction: false,
        db: j.db,
      });
      console.log(`Subject: ${mail.subject}\n\n${mail.text}`);
    });
}

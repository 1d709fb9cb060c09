// The `judge` program: a thin commander layer over the engine and the store.
import { InputError, SetupError } from '../errors.js';
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { CliError } from './errors.js';
import { globals } from './shared.js';
import { guardTerminal } from './terminal.js';
import { loadRules } from '../games/registry.js';
import { dataDir, dbPath, storedKinds } from '../store/db.js';

type Factories = Record<string, () => Command>;
/**
 * Every command, by name, with the module that defines it, in the order of
 * `judge --help`. A command's module (and all it imports) is loaded only when
 * that command runs, so `judge status` does not load the dice tables or the
 * demo's scenarios; `judge --help` and an unknown command load them all.
 */
const COMMANDS: [string, () => Promise<Factories>][] = [
  ['init', async () => ({ init: (await import('./init.js')).initCommand })],
  ['check', async () => ({ check: (await import('./check.js')).checkCommand })],
  ['game', async () => ({ game: (await import('./games.js')).gameCommand })],
  ['player', async () => ({ player: (await import('./games.js')).playerCommand })],
  ['ingest', async () => ({ ingest: (await import('./mail.js')).ingestCommand })],
  ['poll', async () => ({ poll: (await import('./poll.js')).pollCommand })],
  ['process', async () => ({ process: (await import('./games.js')).processCommand })],
  ['rerun', async () => ({ rerun: (await import('./games.js')).rerunCommand })],
  ['send', async () => ({ send: (await import('./mail.js')).sendCommand })],
  ['run', async () => ({ run: (await import('./mail.js')).runCommand })],
  ['status', async () => ({ status: (await import('./games.js')).statusCommand })],
  ['state', async () => ({ state: (await import('./games.js')).stateCommand })],
  ['inbound', async () => ({ inbound: (await import('./mail.js')).inboundCommand })],
  ['outbox', async () => ({ outbox: (await import('./mail.js')).outboxCommand })],
  ['report', async () => ({ report: (await import('./games.js')).reportCommand })],
  ['orders', async () => ({ orders: (await import('./gm.js')).ordersCommand })],
  ['pause', async () => ({ pause: (await import('./gm.js')).pauseCommand })],
  ['resume', async () => ({ resume: (await import('./gm.js')).resumeCommand })],
  ['extend', async () => ({ extend: (await import('./gm.js')).extendCommand })],
  ['end', async () => ({ end: (await import('./gm.js')).endCommand })],
  ['resend', async () => ({ resend: (await import('./gm.js')).resendCommand })],
  ['gm', async () => ({ gm: (await import('./gm-loop.js')).gmLoopCommand })],
  ['export', async () => ({ export: (await import('./gm.js')).exportCommand })],
  ['audit', async () => ({ audit: (await import('./gm.js')).auditCommand })],
  ['dice', async () => ({ dice: (await import('./dice.js')).diceCommand })],
  ['demo', async () => ({ demo: (await import('./demo.js')).demoCommand })],
  ['serve', async () => ({ serve: (await import('./serve.js')).serveCommand })],
  ['approve', async () => ({ approve: (await import('./seats.js')).approveCommand })],
  ['deny', async () => ({ deny: (await import('./seats.js')).denyCommand })],
  ['start', async () => ({ start: (await import('./seats.js')).startCommand })],
];
/** The names of every command. */
export const COMMAND_NAMES: readonly string[] = COMMANDS.map(([name]) => name);

/** The program's options that take a value (the command's name is the first word that is neither one nor its value). */
const VALUE_OPTIONS = new Set(['--data', '--config']);

/** The command named by argv (node, script, …args), or null for none (help, a version, an unknown word). */
export function commandName(argv: string[]): string | null {
  const args = argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return args[i + 1] && COMMAND_NAMES.includes(args[i + 1]!) ? args[i + 1]! : null;
    if (VALUE_OPTIONS.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    return COMMAND_NAMES.includes(a) ? a : null;
  }
  return null;
}

/** Commands that run no game code: they start without loading any game kind. */
const NO_GAME_CODE = new Set(['status', 'send', 'inbound', 'outbox', 'init', 'audit', 'check']);
/** Commands that may meet any kind: a new game's, the demo's, a game created while the web pages are up. */
const EVERY_KIND = new Set(['game create', 'demo', 'serve']);

/** Before a command's action: load the code of the game kinds it may run (those of the store's games). */
async function loadGameCode(action: Command): Promise<void> {
  const names: string[] = [];
  for (let c: Command | null = action; c?.parent; c = c.parent) names.unshift(c.name());
  const name = names.join(' ');
  if (NO_GAME_CODE.has(name)) return;
  if (EVERY_KIND.has(name)) return loadRules();
  await loadRules(storedKinds(dbPath(dataDir(globals(action).data))));
}

/** The judge's version, from its package.json (two levels up, from dist/cli/ and dist/bundle/ alike). */
export function judgeVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** The program with the given commands (default: all of them). */
export async function program(only?: readonly string[]): Promise<Command> {
  const p = new Command('judge')
    .description(
      'pbem-judge: a play-by-email game judge (FanDi 1.1, Наследие крестного отца, Интерактивная история, a dice server)',
    )
    .version(judgeVersion(), '-V, --version', 'print the version of the judge')
    .option('--data <dir>', 'data directory (default: $JUDGE_DATA or ./data)')
    .option('--config <file>', 'configuration file (default: <data>/judge.yaml)')
    .showHelpAfterError('(run with --help for usage)')
    .hook('preAction', (_root, action) => loadGameCode(action))
    .addHelpText(
      'after',
      `
Quick start:
  $ judge demo                          # a whole turn, no mail server needed
  $ judge init                          # data/: judge.yaml, the store, data/examples/
  $ judge check                         # judge.yaml, the store, the mail servers: every problem at once
  $ judge game create g1 --kind fandi --setup data/examples/fandi.json
  $ judge ingest --file data/examples/orders.eml && judge process g1 && judge send

Exit codes: 0 success, 1 the command failed, 2 bad usage or bad input.`,
    );
  const wanted = COMMANDS.filter(([name]) => !only || only.includes(name));
  const factories = await Promise.all(wanted.map(([, load]) => load()));
  wanted.forEach(([name], i) => p.addCommand(factories[i]![name]!()));
  return p;
}

/** Run the CLI; returns the exit code instead of exiting (tests call this in-process). */
export async function main(argv: string[]): Promise<number> {
  // Players' text on the GM's terminal: no escape sequences (terminal.ts).
  guardTerminal(process.stdout);
  const name = commandName(argv);
  const p = await program(name ? [name] : undefined);
  const override = (c: Command): void => {
    c.exitOverride();
    c.commands.forEach(override);
  };
  override(p);
  try {
    await p.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof CliError) {
      console.error(`judge: ${e.message}`);
      return e.exitCode;
    }
    if (e instanceof SetupError || e instanceof ConfigError || e instanceof InputError) {
      console.error(`judge: ${e.message}`);
      return 2;
    }
    console.error(`judge: ${(e as Error).message}`);
    if (process.env.JUDGE_DEBUG) console.error((e as Error).stack);
    return 1;
  }
}

// The `judge` program: a thin commander layer over the engine and the store.
import { InputError, SetupError } from '../errors.js';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { diceCommand } from './dice.js';
import { demoCommand } from './demo.js';
import { CliError } from './errors.js';
import { gameCommand, playerCommand, processCommand, reportCommand, rerunCommand, stateCommand, statusCommand } from './games.js';
import { auditCommand, endCommand, exportCommand, extendCommand, ordersCommand, pauseCommand, playerGmCommands, resendCommand, resumeCommand } from './gm.js';
import { initCommand } from './init.js';
import { gmLoopCommand } from './gm-loop.js';
import { pollCommand } from './poll.js';
import { serveCommand } from './serve.js';
import { globals } from './shared.js';
import { loadRules } from '../games/registry.js';
import { dataDir, dbPath, storedKinds } from '../store/db.js';
import { inboundCommand, ingestCommand, outboxCommand, runCommand, sendCommand } from './mail.js';

/** Commands that run no game code: they start without loading any game kind. */
const NO_GAME_CODE = new Set(['status', 'send', 'inbound', 'outbox', 'init', 'audit']);
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

export function program(): Command {
  const p = new Command('judge')
    .description('pbem-judge: a play-by-email game judge (FanDi 1.1, Наследие крестного отца, Интерактивная история, a dice server)')
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
  $ judge game create g1 --kind fandi --setup data/examples/fandi.json
  $ judge ingest --file data/examples/orders.eml && judge process g1 && judge send

Exit codes: 0 success, 1 the command failed, 2 bad usage or bad input.`,
    );
  for (const c of [
    initCommand(),
    gameCommand(),
    playerCommand(),
    ingestCommand(),
    pollCommand(),
    processCommand(),
    rerunCommand(),
    sendCommand(),
    runCommand(),
    statusCommand(),
    stateCommand(),
    inboundCommand(),
    outboxCommand(),
    reportCommand(),
    ordersCommand(),
    pauseCommand(),
    resumeCommand(),
    extendCommand(),
    endCommand(),
    resendCommand(),
    gmLoopCommand(),
    exportCommand(),
    auditCommand(),
    diceCommand(),
    demoCommand(),
    serveCommand(),
  ])
    p.addCommand(c);
  return p;
}

/** Run the CLI; returns the exit code instead of exiting (tests call this in-process). */
export async function main(argv: string[]): Promise<number> {
  const p = program();
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

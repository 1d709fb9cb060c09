// The `judge` program: a thin commander layer over the engine and the store.
import { InputError } from '../errors.js';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { SetupError } from '../engine/setup-file.js';
import { diceCommand } from './dice.js';
import { demoCommand } from './demo.js';
import { CliError } from './errors.js';
import { gameCommand, playerCommand, processCommand, reportCommand, rerunCommand, stateCommand, statusCommand } from './games.js';
import { auditCommand, endCommand, exportCommand, extendCommand, ordersCommand, pauseCommand, playerGmCommands, resendCommand, resumeCommand } from './gm.js';
import { initCommand } from './init.js';
import { gmLoopCommand } from './gm-loop.js';
import { pollCommand } from './poll.js';
import { inboundCommand, ingestCommand, outboxCommand, runCommand, sendCommand } from './mail.js';

export function program(): Command {
  const p = new Command('judge')
    .description('pbem-judge: a play-by-email game judge (FanDi 1.1, Наследие крестного отца, Интерактивная история, a dice server)')
    .option('--data <dir>', 'data directory (default: $JUDGE_DATA or ./data)')
    .option('--config <file>', 'configuration file (default: <data>/judge.yaml)')
    .showHelpAfterError('(run with --help for usage)')
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

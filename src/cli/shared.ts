// Helpers every command uses: the global options and opening the judge.
import { InvalidArgumentError, type Command } from 'commander';
import { openJudge, type Judge } from '../context.js';

export interface GlobalOptions {
  data?: string;
  config?: string;
}

/** The root program's --data/--config, wherever the subcommand sits. */
export function globals(cmd: Command): GlobalOptions {
  let c: Command | null = cmd;
  while (c?.parent) c = c.parent;
  return (c?.opts() ?? {}) as GlobalOptions;
}

export function judgeFor(cmd: Command): Judge {
  const g = globals(cmd);
  return openJudge({ data: g.data, config: g.config });
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function intArg(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n)) throw new InvalidArgumentError(`${name} must be a whole number, not "${v}"`);
    return n;
  };
}

export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

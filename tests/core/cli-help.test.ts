// README: "every command has `--help` with examples" — each command of the
// CLI, sub-commands included, and README's table of the CLI names each
// command the program has.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { program } from '../../src/cli/index.js';

/** Every leaf command's path and its whole --help text. */
async function helps(): Promise<{ path: string; help: string }[]> {
  const out: { path: string; help: string }[] = [];
  const walk = (c: Command, path: string[]) => {
    if (!c.commands.length) {
      let help = '';
      c.configureOutput({ writeOut: (s) => (help += s), writeErr: () => {} });
      c.outputHelp();
      out.push({ path: path.join(' '), help });
      return;
    }
    for (const s of c.commands) walk(s, [...path, s.name()]);
  };
  walk(await program(), []);
  return out;
}

describe('the CLI help', () => {
  it('every command has --help with examples of itself', async () => {
    const all = await helps();
    expect(all.length).toBeGreaterThan(40);
    for (const { path, help } of all) {
      expect(help, path).toMatch(/\nExamples:\n/);
      // An example may set the environment or a global option first (`JUDGE_IMAP_PASSWORD=… judge --data D poll`).
      expect(help, path).toMatch(new RegExp(`\\$ .*\\bjudge (--\\S+ \\S+ )*${path}\\b`));
    }
  });

  it("README's table of the CLI names every command", async () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('## The CLI'), readme.indexOf("### A game's setup file"));
    for (const { path } of await helps()) {
      const [first, second] = path.split(' ');
      // `judge gm <worksheet|status|…>` and `judge dice roll … / dist …` name their sub-commands together.
      const named =
        table.includes(`judge ${path}`) ||
        new RegExp(`judge ${first} <[^>]*\\b${second}\\b`).test(table) ||
        new RegExp(`judge ${first} ${second}\\b`).test(table);
      expect(named, path).toBe(true);
    }
  });
});

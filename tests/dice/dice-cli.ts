// `judge dice …` in-process, with its standard output captured (for the dice tests).
import { vi } from 'vitest';
import { diceCommand } from '../../src/cli/dice.js';

export async function diceCli(...args: string[]): Promise<string> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    const cmd = diceCommand();
    cmd.exitOverride();
    cmd.commands.forEach((c) => c.exitOverride());
    await cmd.parseAsync(args, { from: 'user' });
  } finally {
    spy.mockRestore();
  }
  return out;
}

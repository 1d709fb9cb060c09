// The rpg rule cases run through CaseSupport the way the case runner does:
// PRESTATE → state, ORDERS → parseOrders per player, DICE → forced dice,
// POSTSTATE → checkState. (A minimal reader of the case format, for these files only.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ForcedRng } from '../../src/engine/rng.js';
import { rules, type RpgOrder } from '../../src/games/rpg/index.js';

const dir = join(import.meta.dirname, '..', '..', 'games', 'rpg', 'cases');

interface Case {
  name: string;
  rules: string[];
  dice: number[];
  blocks: Record<'PRESTATE' | 'ORDERS' | 'POSTSTATE', string[]>;
}

function readCase(text: string): Case {
  const c: Case = { name: '', rules: [], dice: [], blocks: { PRESTATE: [], ORDERS: [], POSTSTATE: [] } };
  let block: keyof Case['blocks'] | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const [word, ...rest] = line.split(/\s+/);
    if (word === 'CASE') c.name = rest.join(' ');
    else if (word === 'RULE') c.rules.push(rest.join(' '));
    else if (word === 'DICE') c.dice = rest.map(Number);
    else if (word === 'PRESTATE' || word === 'ORDERS' || word === 'POSTSTATE') block = word;
    else if (word === 'END') block = null;
    else if (block && line !== '' && !line.startsWith('#')) c.blocks[block].push(line);
  }
  return c;
}

const files = readdirSync(dir).filter((f) => f.endsWith('.case'));

describe('rpg rule cases', () => {
  it('there are cases for the 000, 001 and 004 rules', () => {
    const tags = files.flatMap((f) => readCase(readFileSync(join(dir, f), 'utf8')).rules.map((r) => r.slice(0, 3)));
    expect(new Set(tags)).toEqual(new Set(['000', '001', '004']));
  });

  it.each(files)('%s', (file) => {
    const c = readCase(readFileSync(join(dir, file), 'utf8'));
    expect(c.name).toMatch(/^rpg\//);
    const state = rules.cases!.parseState(c.blocks.PRESTATE.join('\n'));
    const byPlayer = new Map<string, string[]>();
    for (const line of c.blocks.ORDERS) {
      const m = /^(\S+):\s*(.*)$/.exec(line)!;
      byPlayer.set(m[1]!, [...(byPlayer.get(m[1]!) ?? []), m[2]!]);
    }
    const orders = new Map<string, RpgOrder[]>();
    for (const [player, lines] of byPlayer) {
      const r = rules.parseOrders(lines.join('\n'), { state, player, lang: 'en' });
      expect(r.errors).toEqual([]);
      orders.set(player, r.orders);
    }
    const rng = new ForcedRng(c.dice);
    const after = rules.adjudicate(state, orders, rng, { phase: 1, deadline: null });
    expect(rules.cases!.checkState(after.state, c.blocks.POSTSTATE.join('\n'), after.events)).toEqual([]);
    expect(rng.unusedDice).toEqual([]);
  });

  it('checkState names each mismatch, parseState rejects bad input', () => {
    const state = rules.cases!.parseState('players: alfa\nluck: alfa=7');
    const after = rules.adjudicate(state, new Map([['alfa', rules.parseOrders('ROLL 2d6', { state, player: 'alfa', lang: 'en' }).orders]]), new ForcedRng([3, 4]), { phase: 1, deadline: null });
    expect(rules.cases!.checkState(after.state, 'round: 3\nroll alfa 1: 8\nroll alfa 2: 1\nfoo: 1', after.events)).toEqual([
      'round: 3: the round is 2',
      'roll alfa 1: 8: got 7',
      'roll alfa 2: 1: alfa has no roll 2 this round',
      expect.stringContaining('foo: 1: unknown POSTSTATE check'),
    ]);
    expect(() => rules.cases!.parseState('luck: alfa=7')).toThrow(/needs "players/);
    expect(() => rules.cases!.parseState('players: alfa\nluck: alfa=12')).toThrow(/luck of alfa "12" must be a whole number 1..9/);
    expect(() => rules.cases!.parseState('players: alfa\nluck: bob=3')).toThrow(/unknown players bob/);
    expect(() => rules.cases!.parseState('players: alfa\nlcuk: 3')).toThrow(/unknown PRESTATE key "lcuk"/);
  });
});

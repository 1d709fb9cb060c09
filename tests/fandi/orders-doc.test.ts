// games/fandi/ORDERS.md stays true: every example in its table and its example mail is understood.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/games/fandi/index.js';
import { parseState } from '../../src/games/fandi/cases.js';

const doc = readFileSync('games/fandi/ORDERS.md', 'utf8');
// Alfa holds B2, D2, A4 and B4; Brána C5 and C7; units (#12, #13 on B4) and a ready spy where the examples need them.
const state = parseState(`
  map
    |       |
    | a a   |
    |       |
    |aa     |
    |  b    |
    |       |
    |  b    |
  player alfa science=1
  player brana god=Brána
  city B4 spies=1
  units A4 alfa 11 pesi
  units B4 alfa 3 pesi
  units D2 alfa 2 luk
  units C6 alfa 2 pesi
`);

describe('ORDERS.md', () => {
  const rows = doc.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| order') && !l.startsWith('|---'));
  const examples = rows.flatMap((r) => {
    const cells = r.replace(/\([^)]*\)/g, '').split(' | ');
    return [...(cells[1] ?? '').matchAll(/`([^`]+)`/g), ...(cells[2] ?? '').matchAll(/`([^`]+)`/g)]
      .map((m) => m[1]!)
      .filter((x) => !/^\(/.test(x) && x.includes(' '));
  });
  it('has many examples', () => expect(examples.length).toBeGreaterThan(40));
  it.each(examples)('%s', (text) => {
    const r = rules.parseOrders(text, { state, player: 'alfa', lang: 'cs' });
    expect(r.errors).toEqual([]);
    expect(r.orders).toHaveLength(1);
  });
  it('the example mail is understood line by line', () => {
    const mail = /## Example order mail \(Czech\)\n\n```\n([\s\S]*?)```/.exec(doc)![1]!;
    const s = parseState(`
      map
        |       |
        | a c   |
        |       |
        |a      |
        |  b    |
      player alfa
      player brana god=Brána
      player cerna
      city A4 spies=1
      units B2 alfa 3 luk 4 pesi
      units A4 alfa 2 pesi
    `);
    const r = rules.parseOrders(mail, { state: s, player: 'alfa', lang: 'cs' });
    expect(r.errors).toEqual([]);
    expect(r.orders.map((o) => o.kind)).toEqual([
      'move',
      'move',
      'build',
      'invest',
      'invest',
      'spy-send',
      'messenger',
      'attack',
      'coat-units',
    ]);
    expect(r.echo[0]!.understood).toBe('3× lukostřelec z B2 na C3 — přesun (B2 C2 C3)');
  });
});

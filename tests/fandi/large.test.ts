// "Velikost hraci plochy i pocet hracu muze byt i odlisny": a 30×30 board with 30
// gods, played by mail through the pipeline (order mails in, 31 reports out per turn);
// and a 100×100 board's notation.
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { SeededRng } from '../../src/engine/rng.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import type { OutboxRow } from '../../src/store/outbox.js';
import { livePhase } from '../../src/store/phases.js';
import { rules } from '../../src/games/fandi/index.js';
import { columnName, mapLines, parseSquare, squareName } from '../../src/games/fandi/map.js';
import { godCodes, validateSetup } from '../../src/games/fandi/setup.js';
import type { FandiEvent, FandiState } from '../../src/games/fandi/state.js';
import { normalize } from '../../src/games/fandi/words.js';
import { mail, testJudge, type TestJudge } from '../helpers.js';
import { randomOrders } from './random-orders.js';
import { loadSetup, newGame, seats } from './helpers.js';

const GODS = [
  'Alfa',
  'Anubis',
  'Apollón',
  'Athéna',
  'Baal',
  'Bastet',
  'Brána',
  'Černá',
  'Dana',
  'Dagon',
  'Erós',
  'Freya',
  'Gaia',
  'Hádés',
  'Héra',
  'Hermés',
  'Isis',
  'Janus',
  'Juno',
  'Kálí',
  'Loki',
  'Mars',
  'Merkur',
  'Nut',
  'Odin',
  'Perun',
  'Ra',
  'Svarog',
  'Thór',
  'Veles',
];
const IDS = GODS.map((g) => normalize(g));

/** A 30×30 setup: each god's city on a grid, neutral cities between them, some rocks. */
function bigSetup(): Record<string, unknown> {
  const N = 30;
  const cells: string[][] = Array.from({ length: N }, () => Array(N).fill('  '));
  const rng = new SeededRng('big-map');
  for (let i = 0; i < 70; i++) cells[rng.int(N)]![rng.int(N)] = '##';
  const units: { at: string; owner: string; type: string; count: number }[] = [];
  const players = GODS.map((god, i) => ({ id: IDS[i]!, god }));
  GODS.forEach((_, i) => {
    const x = 2 + (i % 6) * 5;
    const y = 2 + Math.floor(i / 6) * 6;
    cells[y]![x] = '@' + i;
    cells[y]![x + 2] = '%%';
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
      [1, 1],
    ])
      if (cells[y + dy]![x + dx] === '##') cells[y + dy]![x + dx] = '  ';
    units.push({ at: squareName(x, y), owner: IDS[i]!, type: 'pesi', count: 3 });
  });
  return { title: 'Třicet bohů', map: cells.map((r) => r.join('')), players, units, defaultCity: { value: 150 } };
}

let j: TestJudge;
let setupRaw: Record<string, unknown>;
const reports: OutboxRow[][] = [];
const states: FandiState[] = [];
const events: FandiEvent[][] = [];

describe('FanDi on a 30×30 board with 30 players', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    setupRaw = bigSetup();
    // The gods' codes, as the setup gives them (two letters each: the first letters repeat), where the placeholders are.
    const codes = godCodes(setupRaw.players as { god: string }[]);
    setupRaw.map = (setupRaw.map as string[]).map((r) => r.replace(/@(\d+)/g, (_, i: string) => codes[Number(i)]!));
    expect('setup' in validateSetup(setupRaw)).toBe(true);
    j = testJudge();
    createGame(j, {
      id: 'big',
      kind: 'fandi',
      seed: 'big-1',
      actor: 'test',
      setup: {
        ...setupRaw,
        lang: 'cs',
        gm: { email: 'gm@example.org' },
        seats: IDS.map((id) => ({ id, name: id, email: `${id}@example.cz`, password: `${id}-pw`, lang: 'cs' })),
      },
    });
    const rng = new SeededRng('big-orders');
    for (let t = 1; t <= 4; t++) {
      const state = JSON.parse(livePhase(j.db, 'big', t)!.state_json) as FandiState;
      for (const id of IDS) {
        const text = randomOrders(state, id, rng);
        if (text) await ingest(j, await mail(`${id}@example.cz`, `HRA big ${id} ${id}-pw\n${text}\nKONEC`), 'test');
      }
      processPhase(j, 'big', 'test');
      reports.push(
        j.db
          .prepare("SELECT * FROM outbox WHERE game_id = 'big' AND phase_number = ? AND kind = 'report' ORDER BY id")
          .all(t) as OutboxRow[],
      );
      states.push(JSON.parse(livePhase(j.db, 'big', t + 1)!.state_json) as FandiState);
      events.push(JSON.parse(livePhase(j.db, 'big', t)!.events_json!) as FandiEvent[]);
      j.advance(24 * 3600_000);
    }
  }, 120_000);

  it('the setup is valid: 30 gods with unique two-letter codes, 60 cities, a 30×30 board', () => {
    const s = states[0]!;
    expect([s.width, s.height]).toEqual([30, 30]);
    expect(s.players).toHaveLength(30);
    expect(new Set(s.players.map((p) => p.letter)).size).toBe(30);
    expect(s.players.every((p) => /^[a-z]{2}$/.test(p.letter) && p.letter[0] === normalize(p.god)[0])).toBe(true);
    expect(s.players.find((p) => p.id === 'cerna')!.letter).toBe('ce');
    expect(s.cities).toHaveLength(60);
  });

  it('every turn is played and every god (and the GM) gets a report with the whole map', () => {
    expect(reports.map((r) => r.length)).toEqual([31, 31, 31, 31]);
    for (const rs of reports)
      for (const r of rs) {
        const rows = [...r.body.matchAll(/^ ?(\d+)\|(.{60})\|\1$/gm)];
        expect(rows, r.subject).toHaveLength(30);
        // Columns past Z are headed downwards: A over A, B, C, D for AA, AB, AC, AD.
        expect(r.body).toContain(
          `\n${' '.repeat(3)}${' '.repeat(52)} A A A A\n    A B C D E F G H I J K L M N O P Q R S T U V W X Y Z A B C D\n`,
        );
      }
    // Moves, battles and captures happened, on squares past Z too.
    const all = events.flat();
    expect(all.filter((e) => e.type === 'move').length).toBeGreaterThan(30);
    expect(all.some((e) => e.type === 'move' && /^A[A-D]/.test(e.to))).toBe(true);
    expect(all.filter((e) => e.type === 'capture').length).toBeGreaterThan(5);
  });

  it("each report shows only its reader's cities; a capture is news only for those who were there", () => {
    const last = states[states.length - 1]!;
    const ev = events[events.length - 1]!;
    for (const r of reports[reports.length - 1]!) {
      const reader = IDS.find((id) => r.to_addrs.includes(`${id}@example.cz`));
      if (!reader) continue;
      const section = r.body.slice(r.body.indexOf('== MĚSTA =='), r.body.indexOf('== JEDNOTKY =='));
      const shown = [...section.matchAll(/^([A-Z]{1,2}\d{1,2}) /gm)].map((m) => m[1]);
      expect(shown).toEqual(last.cities.filter((c) => c.owner === reader).map((c) => c.at));
      for (const e of ev)
        if (e.type === 'capture' && !e.audience.includes(reader))
          expect(r.body).not.toContain(
            `${e.at}: ${{ conquest: 'dobyto', occupation: 'obsazeno', coat: 'předáno' }[e.how]}`,
          );
    }
  });
});

describe('FanDi board notation up to 100×100 and beyond', () => {
  it("columns are named like a spreadsheet's, and squares read back", () => {
    expect([0, 25, 26, 27, 51, 52, 99, 701].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'CV', 'ZZ']);
    expect(parseSquare('CV100', 100, 100)).toEqual({ x: 99, y: 99 });
    expect(parseSquare('cv100', 100, 100)).toEqual({ x: 99, y: 99 });
    expect(parseSquare('CW1', 100, 100)).toBeNull();
    expect(parseSquare('A101', 100, 100)).toBeNull();
    expect(parseSquare('A01', 100, 100)).toBeNull();
    for (let x = 0; x < 100; x++) expect(parseSquare(squareName(x, 42), 100, 100)).toEqual({ x, y: 42 });
  });

  it('a 100×100 setup is valid and its map has two heading lines for the letters past Z', () => {
    const map = Array.from({ length: 100 }, (_, y) =>
      y === 0 ? 'a' + ' '.repeat(98) + 'b' : y === 99 ? '%'.repeat(100) : ' '.repeat(100),
    );
    const s = rules.setup(
      {
        title: 'sto',
        map,
        players: [
          { id: 'alfa', god: 'Alfa' },
          { id: 'brana', god: 'Brána' },
        ],
      },
      seats(['alfa', 'brana']),
      new SeededRng(1),
    );
    expect([s.width, s.height, s.cities.length]).toEqual([100, 100, 102]);
    expect(s.cities.find((c) => c.owner === 'brana')!.at).toBe('CV1');
    const lines = mapLines(s);
    expect(lines[0]!.trimEnd()).toBe(
      `${' '.repeat(4)}${' '.repeat(26)}${'A'.repeat(26)}${'B'.repeat(26)}${'C'.repeat(22)}`,
    );
    expect(lines[1]!.slice(4, 4 + 30)).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZABCD');
    expect(lines[3]).toBe(`  1|a${' '.repeat(98)}b|1`);
    expect(lines[102]).toBe(`100|${'%'.repeat(100)}|100`);
    // An order on the far corner.
    const r = rules.parseOrders('kabát CV1 Alfa', { state: s, player: 'brana', lang: 'cs' });
    expect(r.orders[0]).toMatchObject({ kind: 'coat-city', city: 'CV1', to: 'alfa' });
  });

  it("the document's 10×10 notation is unchanged: one character a square, one heading line", () => {
    const map = (loadSetup() as { map: string[] }).map;
    const lines = mapLines(newGame());
    expect(lines.slice(0, 3)).toEqual(['   ABCDEFGHIJ', '  +----------+', ` 1|${map[0]}| 1`.replace('| 1', '|1')]);
    expect(lines[11]).toBe(`10|${map[9]}|10`);
    expect(lines).toHaveLength(14);
  });
});

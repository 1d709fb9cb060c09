// Issue #4, "Must show": a 10-turn scripted FanDi game of four players on the default
// map, from real order mails (ingest) through processPhase to the queued reports; the
// final state is checked fact by fact, and a rerun of turn 5 reproduces every hash.
//
// The order mails and the story are in tests/fandi/game10/script.ts (with the map).
// Every number that involves no dice is computed by hand in the comments below; the
// two battles (the empty square C6 in turn 7, Dana's walled city C7 in turn 8) are
// checked for consistency with their own dice, and the few numbers that depend on how
// many units survived them are computed from those survivor counts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { rerun } from '../../src/engine/rerun.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import type { IngestResult } from '../../src/mail/inbound/intake-types.js';
import type { OutboxRow } from '../../src/store/outbox.js';
import { allPhaseRows, livePhase } from '../../src/store/phases.js';
import { submissionHistory } from '../../src/store/submissions.js';
import type { BattleEvent, FandiCity, FandiEvent, FandiState } from '../../src/games/fandi/state.js';
import { unitDef } from '../../src/games/fandi/units.js';
import { count, mail, testJudge, type TestJudge } from '../helpers.js';
import { loadSetup } from './helpers.js';
import { EMAILS, PASSWORDS, TURNS, type PlayerId, type ScriptMail } from './game10/script.js';

const GAME = 'f10';
const SEED = 'f10-1';
const GM = 'gm@example.org';
const PLAYERS: PlayerId[] = ['alfa', 'brana', 'cerna', 'dana'];
const LANG: Record<PlayerId, 'cs' | 'en'> = { alfa: 'cs', brana: 'en', cerna: 'cs', dana: 'en' };
const GOD: Record<PlayerId, string> = { alfa: 'Alfa', brana: 'Brána', cerna: 'Černá', dana: 'Dana' };
type Reader = PlayerId | 'gm';
const READERS: Reader[] = [...PLAYERS, 'gm'];
const langOf = (r: Reader): 'cs' | 'en' => (r === 'gm' ? 'cs' : LANG[r]);
const emailOf = (r: Reader) => (r === 'gm' ? GM : EMAILS[r]);

// ------------------------------------------------------------------ playing the game

interface Sent {
  mail: ScriptMail;
  text: string;
  result: IngestResult;
}

interface Played {
  t: number;
  sent: Sent[];
  /** Acknowledgements queued in this phase, in arrival order. */
  acks: OutboxRow[];
  reports: Record<Reader, OutboxRow[]>;
  /** The state the orders were written against, and the state after the turn. */
  before: FandiState;
  after: FandiState;
  events: FandiEvent[];
  hash: string;
}

let j: TestJudge;
const turns: Played[] = [];
const T = (t: number) => turns[t - 1]!;

async function play(): Promise<void> {
  j = testJudge();
  createGame(j, {
    id: GAME,
    kind: 'fandi',
    seed: SEED,
    actor: 'test',
    setup: {
      ...(loadSetup() as Record<string, unknown>),
      title: 'Deset tahů',
      lang: 'cs',
      gm: { email: GM },
      seats: PLAYERS.map((id) => ({
        id,
        name: `${GOD[id]} Hráč`,
        email: EMAILS[id],
        password: PASSWORDS[id],
        lang: LANG[id],
      })),
    },
  });
  const lastReport: Partial<Record<PlayerId, string>> = {};
  for (let t = 1; t <= TURNS.length; t++) {
    const before = JSON.parse(livePhase(j.db, GAME, t)!.state_json) as FandiState;
    const sent: Sent[] = [];
    for (const m of TURNS[t - 1]!) {
      const text = typeof m.text === 'string' ? m.text : m.text(lastReport[m.from] ?? '');
      sent.push({
        mail: m,
        text,
        result: await ingest(j, await mail(EMAILS[m.from], text, m.subject ?? `f10 tah ${t}`), 'test'),
      });
    }
    const r = processPhase(j, GAME, 'test');
    expect(r.phase).toBe(t);
    const rows = j.db
      .prepare('SELECT * FROM outbox WHERE game_id = ? AND phase_number = ? ORDER BY id')
      .all(GAME, t) as OutboxRow[];
    const reports = Object.fromEntries(
      READERS.map((rd) => [
        rd,
        rows.filter((o) => o.kind === 'report' && JSON.parse(o.to_addrs).includes(emailOf(rd))),
      ]),
    ) as Record<Reader, OutboxRow[]>;
    for (const p of PLAYERS) lastReport[p] = reports[p][0]?.body;
    const phase = livePhase(j.db, GAME, t)!;
    turns.push({
      t,
      sent,
      acks: rows.filter((o) => o.kind === 'ack'),
      reports,
      before,
      after: JSON.parse(livePhase(j.db, GAME, t + 1)!.state_json) as FandiState,
      events: JSON.parse(phase.events_json!) as FandiEvent[],
      hash: phase.result_hash!,
    });
    j.advance(24 * 3600_000);
  }
}

// ------------------------------------------------------------------ helpers

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const keep = (x: number) => Math.floor((x * 90) / 100); // what 10 % corruption (or a messenger) leaves

const HEAD = {
  cs: {
    map: 'MAPA',
    cities: 'MĚSTA',
    units: 'JEDNOTKY',
    economy: 'HOSPODÁŘSTVÍ',
    battles: 'BITVY',
    spies: 'ŠPIÓNI',
    events: 'UDÁLOSTI',
    war: 'VÁLEČNÁ TABULKA',
    orders: 'VÝSLEDKY PŘÍKAZŮ',
  },
  en: {
    map: 'MAP',
    cities: 'CITIES',
    units: 'UNITS',
    economy: 'ECONOMY',
    battles: 'BATTLES',
    spies: 'SPIES',
    events: 'EVENTS',
    war: 'WAR TABLE',
    orders: 'ORDER RESULTS',
  },
} as const;

/** The text of one report section, from its heading to the next one. */
function section(body: string, lang: 'cs' | 'en', name: keyof (typeof HEAD)['cs']): string {
  const head = `\n== ${HEAD[lang][name]} ==\n`;
  const at = body.indexOf(head);
  expect(at, `report section ${head.trim()}`).toBeGreaterThanOrEqual(0);
  const rest = body.slice(at + head.length);
  const end = rest.search(/^== /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Squares that start table rows ("B2     alfa  …"). */
const rowSquares = (text: string) => [...text.matchAll(/^([A-J]\d{1,2}) /gm)].map((m) => m[1]!);

const report = (t: number, r: Reader) => T(t).reports[r][0]!.body;
const ofType = <K extends FandiEvent['type']>(t: number, type: K) =>
  T(t).events.filter((e) => e.type === type) as Extract<FandiEvent, { type: K }>[];
const cityOf = (s: FandiState, at: string) => s.cities.find((c) => c.at === at)!;
const citiesOwned = (s: FandiState, p: PlayerId) => s.cities.filter((c) => c.owner === p).map((c) => c.at);

/** The order lines of the block in a mail: [line number in the block, text]. */
function orderLines(text: string): [number, string][] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^(HRA|GAME) f10 /.test(l));
  const out: [number, string][] = [];
  for (let i = start + 1; i < lines.length && !/^(KONEC|END)$/.test(lines[i]!); i++) {
    const l = lines[i]!.trim();
    if (l && !l.startsWith(';')) out.push([i - start, l]);
  }
  return out;
}

// The default map, and what changes on it (by hand, from the script): a city's letter is its owner's.
const MAP0 = (loadSetup() as { map: string[] }).map;
const MAP_CHANGES: Record<number, Record<string, string>> = {
  3: { C5: 'a', H4: 'b', C7: 'd' }, // three occupations of empty neutral cities
  6: { H6: 'b' }, // Brána occupies H6 with the unit Černá gave him
  7: { J7: 'b' }, // Černá gives J7 to Brána
  8: { C7: 'a' }, // Alfa conquers C7
  9: { I9: 'b' }, // Černá gives I9 to Brána
};
function mapAfter(t: number): string[] {
  const rows = MAP0.map((r) => [...r]);
  for (let k = 1; k <= t; k++)
    for (const [sq, ch] of Object.entries(MAP_CHANGES[k] ?? {}))
      rows[Number(sq.slice(1)) - 1]![sq.charCodeAt(0) - 65] = ch;
  return rows.map((r) => r.join(''));
}

// ------------------------------------------------------------------ the hand-computed ledgers
//
// For every city whose money no battle touched: its value and cash after each turn
// (null: not a player's city then). "y" = yield, "up" = upkeep; cash kept = ⌊90 %⌋.
const LEDGER: Record<string, { value: (number | null)[]; cash: (number | null)[] }> = {
  // B2 (Alfa, crafts 20 %), pays #1–#3 = 3 xc every turn.
  //  t1 extra 40 → value 160; 20 cash + 40 y + 40 extra − 3 = 97 → science 97; cash 0
  //  t2 +10 by messenger (⌊12×0.9⌋); y ⌊160×20 %⌋ = 32, extra 32 → value 128; 10+32+32−3 = 71 → science (168)
  //  t3 +10 messenger; y ⌊128×20 %⌋ = 25; 10+25−3 = 32 → science 200 = level 1, nothing left over
  //  t4 25−3 = 22 → messenger to C5 with 21 (+1 xc) → 0;   t5 22 → cash ⌊19.8⌋ = 19
  //  t6 a messenger carries only the yield: 22 to C5, its 1 xc from the cash: 19 − 1 = 18 → 16
  //  t7 16+22 = 38 → walls;   t8–t9 22 → walls (82);   t10 22 → science (22)
  B2: { value: [160, 128, 128, 128, 128, 128, 128, 128, 128, 128], cash: [0, 0, 0, 0, 19, 16, 0, 0, 0, 0] },
  // A4 (Alfa, 10 %): y 15.
  //  t1 15 − 2 (#5 here, #4 on A5: nearest city A4) = 13 → messenger 12 (+1) → 0
  //  t2 15 − 2 (#4 on B5: 2 steps to A4, 3 to B2) = 13 → messenger 12 → 0
  //  t3 15 − 1 (#4 now in C5) = 14 → spy 5 → 9 → ⌊8.1⌋ = 8
  //  t4 8+15−1 = 22 → 3 archers 9 → 13 → ⌊11.7⌋ = 11
  //  t5 (the archers on C4 are paid by C5, 1 step away) 11+15−1 = 25 → value 20 (170) → 5 → 4
  //  t6 y ⌊170×10 %⌋ = 17: 4+17−1 = 20 → 18;  t7 18+16 = 34 → 30 (the spy leaves);  t8 46 → 41;  t9 57 → 51;  t10 67 → 60
  A4: { value: [150, 150, 150, 150, 170, 170, 170, 170, 170, 170], cash: [0, 0, 8, 11, 4, 18, 30, 41, 51, 60] },
  // G1 (Brána, 10 % until crafts), pays #9, #10 = 2.
  //  t1 13 → technology 13;  t2 +33 (⌊37×0.9⌋): 33+13 = 46 → technology (59)
  //  t3 +33: 46 → cash ⌊41.4⌋ = 41;  t4 (no orders: "G1 cash" repeated) 41+13 = 54 → 48
  //  t5 48+13 = 61 → technology (120);  t6 +34 (⌊38×0.9⌋): 47 → technology 167 ≥ 150: crafts, 17 carried over
  //  t7 y ⌊150×20 %⌋ = 30: 28 → technology (45); t8 73; t9 101; t10 129 (trade needs 200)
  G1: { value: Array(10).fill(150), cash: [0, 0, 41, 48, 0, 0, 0, 0, 0, 0] },
  // I2 (Brána, 20 %, 20 xc), y 40. A messenger carries only the yield ("z vynosu"); its 1 xc comes from the cash.
  //  t1 (#6 on H2 is paid by I2) 40−3 = 37 → messenger 37, 1 xc from the 20 cash → 19 → 17
  //  t2 the same: 37 carried, 17 − 1 = 16 → 14
  //  t3 (#6 in H4 now) 14+40−2 = 52 → ⌊46.8⌋ = 46;  t4 (no orders: "I2 cash" repeated) 46+38 = 84 → 75
  //  t5 messenger 38, 75 − 1 = 74 → 66;  t6 66+38 = 104 → value 50 (250) → 54 → 48
  //  t7 y ⌊250×20 %⌋ = 50: 48+48 = 96 → 86;  t8 134 → 120;  t9 168 → 151;  t10 199 → 179
  I2: { value: [200, 200, 200, 200, 200, 250, 250, 250, 250, 250], cash: [17, 14, 46, 75, 66, 48, 86, 120, 151, 179] },
  // H4 (Brána from t3, 10 %). Occupied, it loses nothing ("bez jakychkoli ztrat"): the rest of the yield is cash.
  //  t3 occupied by #6: y 10 pays #6 and #14 (given to Brána on J6: 4 steps to H4, 5 to I2) = 2, 8 → 7
  //  t4 7+8 = 15 → 13;  t5 (#14 on I6, 3 steps) 13+8 = 21 → 18;  t6 (#14 in H6 now) 18+9 = 27 → 24;  t7 33 → 29;  t8 38 → 34;  t9 43 → 38;  t10 47 → 42
  H4: {
    value: [null, null, 100, 100, 100, 100, 100, 100, 100, 100],
    cash: [null, null, 7, 13, 18, 24, 29, 34, 38, 42],
  },
  // H6 (Brána from t6): t6 occupied, y 10 pays #14, 9 → 8;  t7 17 → 15;  t8 24 → 21;  t9 30 → 27;  t10 36 → 32
  H6: {
    value: [null, null, null, null, null, 100, 100, 100, 100, 100],
    cash: [null, null, null, null, null, 8, 15, 21, 27, 32],
  },
  // J7 (Černá, 10 %; Brána's from t7).
  //  t1 15−2 = 13 → 11;  t2 11+13 = 24 → 21;  t3 (#14 given away) 21+14 = 35 → 31;  t4 45 → 40;  t5 54 → 48
  //  t6 (no orders: "J7 hotovost" repeated) 62 → 55;  t7 given to Brána with #15: y 15 pays 1, 14 stolen, the cash stays: 55 → 49
  //  t8 49+14 = 63 → 2 infantry (4) → 59 to value (209) → 0;  t9 y ⌊209×10 %⌋ = 20, up 3: 17 → 15;  t10 32 → 28
  J7: { value: [150, 150, 150, 150, 150, 150, 150, 209, 209, 209], cash: [11, 21, 31, 40, 48, 55, 49, 0, 15, 28] },
  // I9 (Černá, 20 %, 20 xc; Brána's from t9), up 3.
  //  t1 y 40: 57 → value 30 (230) → 27 → 24;  t2 y 46: 67 → value 40 (270) → 27 → 24
  //  t3 y 54: 75 → value (345) → 0;  t4 y 69: 66 → value 50 (395) → 16 → 14
  //  t5 y 79: 14+76 = 90 → 81;  t6 (no orders) 157 → 141;  t7 217 → 195;  t8 271 → 243
  //  t9 given to Brána: y 79 pays 3, 76 stolen; 243 → 218;  t10 218+76 = 294 → value 50 (445) → 244 → 219
  I9: { value: [230, 270, 345, 395, 395, 395, 395, 395, 395, 445], cash: [24, 24, 0, 14, 81, 141, 195, 243, 218, 219] },
  // B9 (Dana, 20 %, 20 xc), y 40.
  //  t1 (#16, #17 on B8 are paid by B9) 20+40−3 = 57 → 51;  t2 51+37 = 88 → 79;  t3 (they are in C7) 79+39 = 118 → 106
  //  t4 extra 40 → value 160; the messenger to C7 carries the yield and the extra, 40+40−1 = 79, its 1 xc from the cash: 105 → 94
  //  t5 y ⌊160×20 %⌋ = 32: 94+31 = 125 → walls;  t6 31 → walls (156);  t7 31 → walls 187 ≥ 160 = level 1;  t8 31 → walls (218)
  //  t9 extra 32 → value 128: 32+32−1 = 63 → walls 281 ≥ 2 × 128 = level 2;  t10 y ⌊128×20 %⌋ = 25: 24 → 21
  B9: { value: [200, 200, 200, 160, 160, 160, 160, 160, 128, 128], cash: [51, 79, 106, 94, 0, 0, 0, 0, 0, 21] },
  // D10 (Dana, 10 %), up 2, the rest to value every turn but t4 (a messenger to C7 with the yield: 17 − 1 = 16).
  //  y 15, 16, 17, 19, 19, 20, 22, 24, 26, 29:  150 +13 = 163 +14 = 177 +15 = 192 (t4: +0) +17 = 209 +18 = 227 +20 = 247 +22 = 269 +24 = 293 +27 = 320
  D10: { value: [163, 177, 192, 192, 209, 227, 247, 269, 293, 320], cash: Array(10).fill(0) },
};

// ------------------------------------------------------------------ the battles

/** Check one battle against its own dice and the state around it; returns the survivors. */
function checkBattle(t: number, b: BattleEvent): void {
  const { before, after } = T(t);
  // The units on the square once everybody moved (moves are the only thing before battles here).
  const moved = new Map<number, string>();
  for (const m of ofType(t, 'move')) for (const id of m.units) moved.set(id, m.to);
  const present = before.units.filter((u) => (moved.get(u.id) ?? u.at) === b.at);
  const info = new Map(present.map((u) => [u.id, u]));
  expect([...b.survivors, ...b.destroyed].sort((x, y) => x - y)).toEqual(
    present.map((u) => u.id).sort((x, y) => x - y),
  );
  for (const side of b.sides) {
    const counts: Record<string, number> = {};
    for (const u of present.filter((x) => x.owner === side)) counts[u.type] = (counts[u.type] ?? 0) + 1;
    expect(b.before[side]).toEqual(counts);
  }
  // Replay the rounds: each is a legal pair, its totals are its rolls plus the table values, and the loser follows.
  const attackOrders = new Map<string, string[]>();
  for (const o of ofType(t, 'order'))
    if (o.order.kind === 'attack' && o.status === 'ok') attackOrders.set(o.player, o.order.types);
  let alive = new Set(present.map((u) => u.id));
  const destroyed: number[] = [];
  for (const r of b.rounds) {
    const a = info.get(r.attacker.id)!;
    const d = info.get(r.defender.id)!;
    expect(alive.has(a.id) && alive.has(d.id)).toBe(true);
    expect([r.attacker.owner, r.attacker.type, r.defender.owner, r.defender.type]).toEqual([
      a.owner,
      a.type,
      d.owner,
      d.type,
    ]);
    expect(a.owner).not.toBe(d.owner);
    const home = b.city && d.owner === b.cityOwner;
    // Home units attack only when their owner ordered it for their type.
    if (b.city && a.owner === b.cityOwner) expect(attackOrders.get(a.owner) ?? []).toContain(a.type);
    expect(r.attacker.uc).toBe(unitDef(a.type).attack);
    expect([r.defender.oc, r.defender.home, r.defender.walls]).toEqual([
      unitDef(d.type).defence,
      home ? 1 : 0,
      home ? b.walls : 0,
    ]);
    for (const roll of [r.attacker.roll, r.defender.roll])
      expect(roll >= 1 && roll <= 6 && Number.isInteger(roll)).toBe(true);
    expect(r.attacker.total).toBe(r.attacker.uc + r.attacker.roll);
    expect(r.defender.total).toBe(r.defender.oc + r.defender.home + r.defender.walls + r.defender.roll);
    expect(r.loser).toBe(
      r.attacker.total > r.defender.total ? 'defender' : r.attacker.total < r.defender.total ? 'attacker' : null,
    );
    if (r.loser) {
      const dead = r.loser === 'attacker' ? a.id : d.id;
      destroyed.push(dead);
      alive = new Set([...alive].filter((x) => x !== dead));
    }
  }
  expect(b.destroyed).toEqual(destroyed);
  expect(b.survivors).toEqual([...alive].sort((x, y) => x - y));
  // survivors = initial − destroyed, one side left, and the winner's units hold the square.
  expect(b.survivors.length).toBe(present.length - b.destroyed.length);
  expect(new Set(b.survivors.map((id) => info.get(id)!.owner))).toEqual(new Set([b.winner]));
  const there = after.units.filter((u) => u.at === b.at);
  expect(there.map((u) => u.id)).toEqual(b.survivors);
  expect(there.every((u) => u.owner === b.winner)).toBe(true);
}

/** The battle lines of a report ("  1. Kopiník #28 alfa (UC 2)+3=5 vs Pěší #32 dana (OC 0+1+1)+4=6 → …"). */
function reportedRounds(body: string, lang: 'cs' | 'en') {
  const re =
    /^ +\d+\. \S+ #(\d+) (\S+) \(UC (\d+)\)\+(\d)=(\d+) vs \S+ #(\d+) (\S+) \(OC (\d+)(?:\+(\d+)\+(\d+))?\)\+(\d)=(\d+) → (.+)$/gm;
  return [...section(body, lang, 'battles').matchAll(re)].map((m) => ({
    attacker: { id: +m[1]!, owner: m[2]!, uc: +m[3]!, roll: +m[4]!, total: +m[5]! },
    defender: {
      id: +m[6]!,
      owner: m[7]!,
      oc: +m[8]!,
      home: +(m[9] ?? 0),
      walls: +(m[10] ?? 0),
      roll: +m[11]!,
      total: +m[12]!,
    },
    result: m[13]!,
  }));
}

const battle = (t: number, at: string) => ofType(t, 'battle').find((b) => b.at === at)!;

// ------------------------------------------------------------------ the tests

describe('FanDi: a 10-turn game of four players, from order mails to reports', { timeout: 60_000 }, () => {
  beforeAll(play, 60_000);

  it('every order mail is accepted and acknowledged: each order echoed as understood, each bad line with its reason', () => {
    for (const turn of turns) {
      expect(turn.acks.length, `acknowledgements in turn ${turn.t}`).toBe(turn.sent.length);
      turn.sent.forEach((s, i) => {
        const where = `turn ${turn.t}, ${s.mail.from}, mail ${i + 1}`;
        const lines = orderLines(s.text);
        const bad = s.mail.bad ?? {};
        const good = lines.filter(([, l]) => !(l in bad));
        expect(
          Object.keys(bad).every((b) => lines.some(([, l]) => l === b)),
          where,
        ).toBe(true);
        expect(s.result.status, where).toBe('accepted');
        expect(s.result.blocks).toMatchObject([
          { game: GAME, player: s.mail.from, accepted: true, orders: good.length, errors: lines.length - good.length },
        ]);
        const ack = turn.acks[i]!;
        expect(JSON.parse(ack.to_addrs), where).toEqual([EMAILS[s.mail.from]]);
        expect(ack.subject).toContain(`[${GAME}]`);
        for (const [n, l] of lines) {
          const m = new RegExp(`^ +${n}  ${escapeRe(l)}\\n {7}([=!]) (.+)$`, 'm').exec(ack.body);
          expect(m, `${where}: line ${n} "${l}" in\n${ack.body}`).not.toBeNull();
          if (l in bad) {
            expect(m![1], `${where}: "${l}" must be refused`).toBe('!');
            expect(m![2]).toContain(bad[l]);
          } else {
            expect(m![1], `${where}: "${l}" must be accepted, got ${m![2]}`).toBe('=');
            if (s.mail.echo?.[l]) expect(m![2]).toBe(s.mail.echo[l]);
          }
        }
        // Nothing else was read as an order: not the greeting, the signature or the quoted report.
        expect(ack.body.match(/^ {7}[=!] /gm)?.length ?? 0, where).toBe(lines.length);
        expect(/REPLACE|NAHRAZUJÍ/.test(ack.body), where).toBe(s.mail.from === 'brana' && turn.t === 2 && i === 2);
      });
    }
    // The quoted report below Alfa's turn-3 orders held dozens of order-like lines; none counted.
    const quoted = T(3).sent[0]!.text;
    expect(quoted).toContain('> == MAPA ==');
    expect(quoted).toContain('B2 navíc 32');
    expect(T(3).acks[0]!.body).not.toContain('navíc 32');
    // Černá is out after turn 9: her mail is answered, but no line is accepted.
    expect(T(10).acks[2]!.body).toContain('Z tohoto bloku nebyl přijat žádný rozkaz.');
  });

  it('only the last mail counts; a player who sends nothing (NMR) still gets the turn', () => {
    // Brána's two mails for turn 2: the first is replaced by the second.
    const subs = submissionHistory(j.db, GAME, 2).filter((s) => s.player_id === 'brana');
    expect(subs).toHaveLength(2);
    expect(subs[0]!.replaced_by).toBe(subs[1]!.id);
    expect(subs[1]!.replaced_by).toBeNull();
    expect(subs[0]!.text).toContain('G1 walls rest');
    // The replaced "G1 walls rest" never ran: G1 put its 63 xc into technology and never into walls.
    expect(
      ofType(2, 'order')
        .filter((o) => o.player === 'brana')
        .map((o) => `${o.line} ${o.text}`)
        .sort(),
    ).toEqual(['1 I2 messenger G1 rest', '2 G1 tech rest', '3 move #6 H2 H3']);
    expect(cityOf(T(2).after, 'G1')).toMatchObject({ techInvested: 59, wallsInvested: 0 });
    for (const turn of turns) expect(cityOf(turn.after, 'G1').wallsInvested).toBe(0);
    // NMR: Brána in turn 4, Černá in turn 6 sent nothing — no submission, no acknowledgement —
    // and only their investments were repeated: last turn's "cash" orders, so their cities kept the whole rest
    // as cash (see the ledgers: G1 54 → 48, I2 84 → 75; J7 62 → 55, I9 157 → 141). The report says so.
    expect(ofType(4, 'nmr')).toEqual([expect.objectContaining({ player: 'brana', count: 2, audience: ['brana'] })]);
    expect(ofType(6, 'nmr')).toEqual([expect.objectContaining({ player: 'cerna', count: 2, audience: ['cerna'] })]);
    expect(report(4, 'brana')).toContain(
      'Your orders for this turn did not come. 2 investments of last turn are repeated (never builds, moves, coats, spies or messengers).',
    );
    expect(report(6, 'cerna')).toContain('Vaše rozkazy na tento tah nepřišly. Opakují se 2 investice z minulého tahu');
    expect(report(4, 'brana')).toContain('repeated from last turn (no orders came)');
    expect(report(4, 'alfa')).not.toContain('did not come');
    for (const [t, p] of [
      [4, 'brana'],
      [6, 'cerna'],
    ] as const) {
      expect(submissionHistory(j.db, GAME, t).some((s) => s.player_id === p)).toBe(false);
      expect(T(t).acks.some((a) => a.to_addrs.includes(EMAILS[p]))).toBe(false);
      expect(T(t).reports[p]).toHaveLength(1);
      for (const e of ofType(t, 'economy').filter((x) => x.owner === p))
        expect(e.toCash).toBe(e.cashStart + e.yield + e.extra - e.upkeep);
    }
  });

  it('every player (and the GM) gets exactly one report per turn, with the map, own cities and own economy only', () => {
    for (const turn of turns) {
      expect(count(j, "outbox WHERE game_id = ? AND phase_number = ? AND kind = 'report'", GAME, turn.t)).toBe(
        READERS.length,
      );
      for (const rd of READERS) {
        const where = `turn ${turn.t}, report to ${rd}`;
        expect(turn.reports[rd], where).toHaveLength(1);
        const { subject, body } = turn.reports[rd][0]!;
        const lang = langOf(rd);
        expect(subject).toBe(
          `[f10] Deset tahů — ${lang === 'cs' ? 'tah' : 'turn'} ${turn.t}${rd === 'gm' ? '' : ` — ${GOD[rd]}`}`,
        );
        // The map, as drawn by hand from the script's captures.
        const map = [...section(body, lang, 'map').matchAll(/^ ?(\d+)\|(.{10})\|\1$/gm)].map((m) => m[2]);
        expect(map, where).toEqual(mapAfter(turn.t));
        // Cities and economy: exactly the reader's cities (all of them for the GM).
        const own = rd === 'gm' ? turn.after.cities.map((c) => c.at) : citiesOwned(turn.after, rd);
        const owned = rd === 'gm' ? turn.after.cities.filter((c) => c.owner).map((c) => c.at) : own;
        expect(rowSquares(section(body, lang, 'cities')), where).toEqual(own);
        expect(rowSquares(section(body, lang, 'economy')), where).toEqual(owned);
        // Order results: the reader's own orders only (the GM's lines carry the player).
        const results = section(body, lang, 'orders');
        if (rd !== 'gm') expect(results).not.toMatch(/^\[/m);
        else expect(results).toMatch(/^\[alfa\] /m);
      }
    }
    // Players out of cities say so; Černá, out after turn 9, still gets her reports.
    expect(section(report(10, 'cerna'), 'cs', 'cities')).toContain('Nemáte žádné město.');
    expect(report(10, 'cerna')).toContain('Hráč: Černá (cerna), písmeno „c“, věda stupně 0 — MIMO HRU');
    expect(section(report(10, 'alfa'), 'cs', 'map')).toContain('c = Černá (cerna) — mimo hru: 0');
  });

  it('the economy, city by city and turn by turn, matches the arithmetic done by hand', () => {
    for (const [at, l] of Object.entries(LEDGER))
      for (const turn of turns) {
        const e = ofType(turn.t, 'economy').find((x) => x.at === at);
        const where = `${at} in turn ${turn.t}`;
        if (l.cash[turn.t - 1] === null) {
          expect(e, where).toBeUndefined();
          continue;
        }
        expect(e, where).toBeDefined();
        expect([e!.value, e!.cashAfter], where).toEqual([l.value[turn.t - 1], l.cash[turn.t - 1]]);
        // Every ledger balances: cash + yield + extra − upkeep − investments − stolen = to cash, less 10 %.
        expect(e!.toCash, where).toBe(
          e!.cashStart + e!.yield + e!.extra - e!.upkeep - e!.investments.reduce((s, i) => s + i.amount, 0) - e!.stolen,
        );
        expect(e!.cashAfter).toBe(keep(e!.toCash));
        expect(e!.corruption).toBe(e!.toCash - e!.cashAfter);
      }
    // Extra yield: B2 in turns 1 (40 = 20 % of 200) and 2 (32 = 20 % of 160); B9 in turns 4 (40) and 9 (32 = 20 % of 160).
    expect(ofType(1, 'economy').find((e) => e.at === 'B2')).toMatchObject({
      yield: 40,
      extra: 40,
      cashStart: 20,
      upkeep: 3,
    });
    expect(ofType(2, 'economy').find((e) => e.at === 'B2')).toMatchObject({ yield: 32, extra: 32, cashStart: 10 });
    expect(ofType(4, 'economy').find((e) => e.at === 'B9')).toMatchObject({ yield: 40, extra: 40, value: 160 });
    expect(ofType(9, 'economy').find((e) => e.at === 'B9')).toMatchObject({ yield: 32, extra: 32, value: 128 });
    // Science: 97 + 71 + 32 = 200 in B2 → level 1 at the end of turn 3, for Alfa everywhere.
    expect(ofType(3, 'science')).toEqual([expect.objectContaining({ player: 'alfa', level: 1, at: 'B2' })]);
    expect(T(2).after.players.find((p) => p.id === 'alfa')!.science).toBe(0);
    expect(T(3).after.players.find((p) => p.id === 'alfa')!.science).toBe(1);
    expect(report(3, 'alfa')).toContain('věda stupně 1');
    expect(ofType(3, 'science')).toHaveLength(1);
    for (const t of [1, 2, 4, 5, 6, 7, 8, 9, 10]) expect(ofType(t, 'science')).toEqual([]);
    // Units needing science 1 are built from turn 4: 3 archers in A4 (#21–23), 2 spearmen in C5 (#24, #25);
    // in turn 5 C5 has 8 + 18 + 10 − 6 = 30 xc for 6 spearmen at 4 xc: all 6 are built (#26–31), and 6 xc go to value.
    expect(
      T(4)
        .after.units.filter((u) => u.id >= 21)
        .map((u) => `${u.id}:${u.type}@${u.at}`),
    ).toEqual(['21:lukostrelec@A4', '22:lukostrelec@A4', '23:lukostrelec@A4', '24:kopinik@C5', '25:kopinik@C5']);
    expect(ofType(5, 'order').find((o) => o.text === 'C5 postav 6 kopiníků')).toMatchObject({
      status: 'ok',
      code: 'built',
      params: { count: 6, amount: 24 },
    });
    expect(ofType(5, 'economy').find((e) => e.at === 'C5')).toMatchObject({
      cashStart: 26,
      yield: 10,
      upkeep: 6,
      cashAfter: 0,
      value: 106,
    });
    // Unpaid upkeep, turn 6: C5 yields ⌊106 × 10 %⌋ = 10 but owes 12 (#4, 8 spearmen, the 3 archers that came back): the cheapest go
    // first, in the table's order among equal upkeep — the infantry #4, then the archer #21 — and the other 10 are paid.
    expect(ofType(6, 'economy').find((e) => e.at === 'C5')).toMatchObject({
      cashStart: 0,
      yield: 10,
      upkeepDue: 12,
      upkeep: 10,
      disbanded: [4, 21],
      cashAfter: 0,
    });
    expect(ofType(6, 'disband')).toEqual([
      expect.objectContaining({
        player: 'alfa',
        at: 'C5',
        payer: 'C5',
        units: [
          { id: 4, type: 'pesi' },
          { id: 21, type: 'lukostrelec' },
        ],
      }),
    ]);
    expect(T(6).after.units.some((u) => u.id === 4 || u.id === 21)).toBe(false);
    expect(report(6, 'alfa')).toContain('C5: rozpuštěno pro nedostatek žoldu (platí C5): pěší #4, lukostřelec #21');
    // Walls and technology levels, as built.
    const built = turns.flatMap((x) => ofType(x.t, 'built').map((e) => `${x.t} ${e.at} ${e.what} ${e.level}`));
    expect(built).toEqual(['5 C7 walls 1', '6 G1 tech 1', '7 B9 walls 1', '9 B9 walls 2']);
    // Messengers: every one arrives the next turn with ⌊90 %⌋.
    const messengers = turns.flatMap((x) =>
      ofType(x.t, 'messenger').map(
        (e) => `${x.t} ${e.from}→${e.to} ${e.amount}→${e.delivered}${e.blocked ? ' blocked' : ''}`,
      ),
    );
    expect(messengers).toEqual([
      '2 A4→B2 12→10',
      '2 I2→G1 37→33',
      '3 A4→B2 12→10',
      '3 I2→G1 37→33',
      '5 B2→C5 21→18',
      '5 B9→C7 79→71',
      '5 D10→C7 16→14',
      '6 I2→G1 38→34',
      '7 B2→C5 22→19',
    ]);
  });

  it('movement, occupations, coats and the end of Černá', () => {
    // Movement over several squares: the archers from A4 to C4 by the shortest path, in one turn.
    expect(ofType(5, 'move').find((m) => m.player === 'alfa')).toMatchObject({
      units: [21, 22, 23],
      from: 'A4',
      to: 'C4',
      path: ['A4', 'B4', 'C4'],
    });
    const captures = turns.flatMap((x) =>
      ofType(x.t, 'capture').map(
        (e) => `${x.t} ${e.at} ${e.from ?? '%'}→${e.to} ${e.how} ${e.valueBefore}→${e.valueAfter}`,
      ),
    );
    expect(captures).toEqual([
      '3 H4 %→brana occupation 100→100',
      '3 C5 %→alfa occupation 100→100',
      '3 C7 %→dana occupation 100→100',
      '6 H6 %→brana occupation 100→100',
      '7 J7 cerna→brana coat 150→150',
      '8 C7 dana→alfa conquest 100→90',
      '9 I9 cerna→brana coat 395→395',
    ]);
    // A city that changes hands invests nothing; occupied without a fight it loses nothing: the rest of its yield is cash.
    expect(
      ofType(3, 'economy')
        .filter((e) => e.ownerChanged)
        .map((e) => `${e.at} ${e.yield}-${e.upkeep} stolen ${e.stolen} cash ${e.toCash}`),
    ).toEqual(['H4 10-2 stolen 0 cash 8', 'C5 10-1 stolen 0 cash 9', 'C7 10-2 stolen 0 cash 8']);
    // Coats: #14 given on J6 after its move (turn 3); J7 with #15 (turn 7); I9 with #11–13 (turn 9).
    const coats = turns.flatMap((x) =>
      ofType(x.t, 'coat').map(
        (e) => `${x.t} ${e.at} ${e.from}→${e.to} ${e.city ? 'city' : 'units'} ${e.units.join(',')}`,
      ),
    );
    expect(coats).toEqual(['3 J6 cerna→brana units 14', '7 J7 cerna→brana city 15', '9 I9 cerna→brana city 11,12,13']);
    expect(T(3).after.units.find((u) => u.id === 14)).toMatchObject({ owner: 'brana', at: 'J6' });
    expect(T(6).after.units.find((u) => u.id === 14)).toMatchObject({ owner: 'brana', at: 'H6' });
    expect(ofType(7, 'order').find((o) => o.text === 'J7 hodnota 10')).toMatchObject({
      status: 'failed',
      code: 'city-coat-busy',
    });
    expect(ofType(7, 'economy').find((e) => e.at === 'J7')).toMatchObject({
      owner: 'brana',
      ownerChanged: true,
      yield: 15,
      upkeep: 1,
      stolen: 14,
      cashStart: 55,
    });
    // Černá has nothing left after turn 9 and is out; her turn-10 orders are refused.
    expect(ofType(9, 'out')).toEqual([expect.objectContaining({ player: 'cerna' })]);
    expect(T(9).after.players.find((p) => p.id === 'cerna')).toMatchObject({ out: true, outTurn: 9 });
    expect(ofType(10, 'order').filter((o) => o.player === 'cerna')).toEqual([
      expect.objectContaining({ status: 'failed', code: 'out' }),
    ]);
    expect(ofType(10, 'order').find((o) => o.player === 'brana' && o.line === 1)).toMatchObject({
      status: 'failed',
      code: 'coat-out',
    });
    for (const turn of turns) expect(ofType(turn.t, 'victory')).toEqual([]);
  });

  it('two battles between Alfa and Dana: on the empty square C6 and in the walled city C7, consistent with their dice', () => {
    const battles = turns.flatMap((x) => ofType(x.t, 'battle').map((b) => `${x.t} ${b.at}`));
    expect(battles).toEqual(['7 C6', '8 C7']);
    const c6 = battle(7, 'C6');
    const c7 = battle(8, 'C7');
    // C6: Alfa's whole army (7 spearmen, 3 archers) meets Dana's sally (#16, #17) on an empty square: no home side.
    expect(c6).toMatchObject({
      city: false,
      cityOwner: null,
      walls: 0,
      sides: ['alfa', 'dana'],
      before: { alfa: { lukostrelec: 2, kopinik: 8 }, dana: { pesi: 2 } },
    });
    // C7: the survivors storm Dana's C7: walls 1, three home infantry (#31–33), which Dana ordered to attack.
    expect(c7).toMatchObject({
      city: true,
      cityOwner: 'dana',
      walls: 1,
      sides: ['alfa', 'dana'],
      before: { dana: { pesi: 3 } },
    });
    expect(ofType(8, 'order').find((o) => o.text === 'attack infantry')).toMatchObject({
      status: 'ok',
      code: 'attack-set',
    });
    checkBattle(7, c6);
    checkBattle(8, c7);
    // The story of this seed: Alfa wins both (the script's later orders rely on it).
    expect([c6.winner, c7.winner]).toEqual(['alfa', 'alfa']);
    expect(c7.before.alfa).toEqual(countTypes(T(7).after, c6.survivors));
    // Dana's order mattered: her home infantry attacked in some rounds; Alfa's defenders had no home bonus.
    expect(c7.rounds.some((r) => r.attacker.owner === 'dana')).toBe(true);
    expect(
      c7.rounds
        .filter((r) => r.defender.owner === 'dana')
        .every((r) => r.defender.home === 1 && r.defender.walls === 1),
    ).toBe(true);
    // The war table: the last meeting of Alfa and Dana was in turn 8; nobody else ever met.
    expect(T(7).after.war).toEqual([{ a: 'alfa', b: 'dana', turn: 7 }]);
    expect(T(8).after.war).toEqual([{ a: 'alfa', b: 'dana', turn: 8 }]);
    // The reports show every die of the battles, to the two sides and the GM, and no battle to the others.
    for (const [t, b] of [
      [7, c6],
      [8, c7],
    ] as const) {
      for (const rd of ['alfa', 'dana', 'gm'] as const) {
        const shown = reportedRounds(report(t, rd), langOf(rd));
        expect(shown, `turn ${t} report to ${rd}`).toEqual(
          b.rounds.map((r) => ({
            // The lines name the gods, not the player ids.
            attacker: {
              id: r.attacker.id,
              owner: GOD[r.attacker.owner as PlayerId],
              uc: r.attacker.uc,
              roll: r.attacker.roll,
              total: r.attacker.total,
            },
            defender: {
              id: r.defender.id,
              owner: GOD[r.defender.owner as PlayerId],
              oc: r.defender.oc,
              home: r.defender.home,
              walls: r.defender.walls,
              roll: r.defender.roll,
              total: r.defender.total,
            },
            result: expect.stringMatching(
              r.loser === null
                ? /^(nerozhodně|tie)$/
                : new RegExp(
                    `#${r.loser === 'attacker' ? r.attacker.id : r.defender.id} (zničen|zničena|zničeno|destroyed)$`,
                  ),
            ),
          })),
        );
      }
      expect(section(report(t, 'brana'), 'en', 'battles').trim()).toBe('No battle you took part in.');
      expect(section(report(t, 'cerna'), 'cs', 'battles').trim()).toBe('Žádná bitva, které byste se účastnili.');
    }
    // Every battle line of every report of the game is one of these rounds (nothing invented).
    for (const turn of turns)
      for (const rd of READERS) {
        const n = reportedRounds(report(turn.t, rd), langOf(rd)).length;
        const visible = ofType(turn.t, 'battle').filter((b) => rd === 'gm' || b.audience.includes(rd));
        expect(n, `turn ${turn.t} report to ${rd}`).toBe(visible.reduce((s, b) => s + b.rounds.length, 0));
      }
    const war = (t: number, rd: Reader) =>
      section(report(t, rd), langOf(rd), 'war')
        .split('\n')
        .find((l) => l.startsWith('Alfa '))!
        .trim()
        .split(/\s+/);
    // The war table names the gods.
    expect(war(7, 'alfa')).toEqual(['Alfa', '-', '-', '0']);
    expect(war(10, 'brana')).toEqual(['Alfa', '-', '-', '2']);
    expect(war(10, 'gm')).toEqual(['Alfa', '-', '-', '2']);
  });

  it("secrets stay secret: the spy's findings, moves and economies reach only their owner (and the GM)", () => {
    // The spy: made in A4 in turn 3, sent in turn 7 to the neighbouring C7; back with what Dana knows of C7
    // after the turn: value 100, walls 1 (100 invested), 3 infantry, cash ⌊(5 + 10 − 3 − D6) × 90 %⌋ = 10
    // (D6 = Dana's survivors on C6, paid by C7: none).
    expect(cityOf(T(3).after, 'A4').spies).toBe(1);
    expect(cityOf(T(7).after, 'A4').spies).toBe(0);
    const spies = turns.flatMap((x) => ofType(x.t, 'spy').map((s) => ({ t: x.t, ...s })));
    expect(spies).toHaveLength(1);
    expect(spies[0]).toMatchObject({ t: 7, player: 'alfa', from: 'A4', target: 'C7', void: false, audience: ['alfa'] });
    expect(spies[0]!.info).toMatchObject({
      owner: 'dana',
      value: 100,
      walls: 1,
      wallsInvested: 100,
      tech: 0,
      science: 0,
      cash: 10,
      rate: 10,
      yield: 10,
      extra: 0,
      units: { dana: { pesi: 3 } },
    });
    expect(section(report(7, 'alfa'), 'cs', 'spies').trim().split('\n')).toEqual([
      'Špión z A4 v C7',
      '  Majitel: Dana (dana); hodnota 100; výnos 10 % z 100 = 10 xc; hotovost 10 xc',
      '  Technika: žádná (investováno 0); hradby 1 (investováno 100); věda 0 (investováno 0); špióni 0',
      '  Jednotky: Dana: 3 pěší',
    ]);
    expect(section(report(7, 'gm'), 'cs', 'spies')).toContain('Špión z A4 v C7 (alfa)');
    for (const turn of turns)
      for (const rd of PLAYERS) {
        if (turn.t === 7 && rd === 'alfa') continue;
        expect(section(report(turn.t, rd), langOf(rd), 'spies').trim(), `turn ${turn.t}, ${rd}`).toBe(
          LANG[rd] === 'cs' ? 'Žádné zprávy od špiónů.' : 'No spy reports.',
        );
      }
    // Dana never learns of the spy, nor of Alfa's economy or moves.
    for (const turn of turns) {
      const d = report(turn.t, 'dana');
      expect(d).not.toContain('Spy from');
      expect(rowSquares(section(d, 'en', 'economy')).every((sq) => citiesOwned(turn.after, 'dana').includes(sq))).toBe(
        true,
      );
    }
    expect(report(7, 'alfa')).toContain('C5 → C6: #22, #23, #24, #25, #26, #27, #28, #29, #30, #31 (C5 C6)');
    expect(report(7, 'dana')).toContain('C7 → C6: #16, #17 (C7 C6)');
    expect(report(7, 'dana')).not.toContain('C5 → C6');
    expect(report(7, 'alfa')).not.toContain('C7 → C6');
    // Other players' cities appear on the map only: I9's value (395) is in Černá's and the GM's reports, nobody else's.
    for (const rd of READERS)
      expect(section(report(8, rd), langOf(rd), 'cities').includes('395'), rd).toBe(rd === 'cerna' || rd === 'gm');
  });

  it('the final state, fact by fact', () => {
    const s = T(10).after;
    expect(s).toMatchObject({ turn: 11, over: false, winners: [], messengers: [], nextUnitId: 37 });
    // Science: only Alfa reached level 1; B2 has 22 xc towards level 2 (300).
    expect(s.players.map((p) => [p.id, p.science, p.out, p.outTurn])).toEqual([
      ['alfa', 1, false, null],
      ['brana', 0, false, null],
      ['cerna', 0, true, 9],
      ['dana', 0, false, null],
    ]);
    expect(s.war).toEqual([{ a: 'alfa', b: 'dana', turn: 8 }]);
    // The numbers that depend on the battles: S6 / D6 = Alfa's / Dana's survivors on C6 (turn 7), S7 = Alfa's on C7 (turn 8).
    const survivors = (b: BattleEvent, p: PlayerId) =>
      b.survivors.filter((id) => T(b.turn).after.units.find((u) => u.id === id)!.owner === p).length;
    const S6 = survivors(battle(7, 'C6'), 'alfa');
    const D6 = survivors(battle(7, 'C6'), 'dana');
    const S7 = survivors(battle(8, 'C7'), 'alfa');
    // C5: t7 +19 by messenger, y 10, pays the S6 field units on C6 (1 step away), walls 30 (as far as the money goes),
    // the rest to cash; t8–t10 nobody to pay: ⌊(cash + 10) × 90 %⌋ each turn.
    const c5pot = 19 + 10 - S6;
    const c5walls = Math.min(30, c5pot);
    let c5 = keep(c5pot - c5walls);
    for (let t = 8; t <= 10; t++) c5 = keep(c5 + 10);
    // C7: t7 Dana kept ⌊(5 + 10 − 3 − D6) × 90 %⌋ (her #32–34 at home, D6 sally survivors on C6 in the field);
    // t8 conquered: value ⌊100 × 90 %⌋ = 90, walls and their 100 xc gone, yield ⌊90 × 10 %⌋ = 9 pays the S7
    // survivors and the rest is stolen, the cash stays; t9 all the rest to walls; t10 the rest to cash.
    const c7t7 = keep(5 + 10 - 3 - D6);
    const c7t8 = keep(c7t7 + 9 - S7 - (9 - Math.min(9, S7)));
    const c7walls = c7t8 + 9 - S7;
    const c7cash = keep(9 - S7);
    const expected: Record<string, Partial<FandiCity>> = {
      G1: {
        owner: 'brana',
        value: 150,
        tech: 1,
        techInvested: 129,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 0,
        spies: 0,
      },
      B2: {
        owner: 'alfa',
        value: 128,
        tech: 1,
        techInvested: 0,
        walls: 0,
        wallsInvested: 82,
        scienceInvested: 22,
        cash: 0,
        spies: 0,
      },
      I2: {
        owner: 'brana',
        value: 250,
        tech: 1,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 179,
        spies: 0,
      },
      D3: {
        owner: null,
        value: 100,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 0,
        spies: 0,
      },
      F3: {
        owner: null,
        value: 100,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 0,
        spies: 0,
      },
      A4: {
        owner: 'alfa',
        value: 170,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 60,
        spies: 0,
      },
      H4: {
        owner: 'brana',
        value: 100,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 42,
        spies: 0,
      },
      C5: {
        owner: 'alfa',
        value: 106,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: c5walls,
        scienceInvested: 0,
        cash: c5,
        spies: 0,
      },
      H6: {
        owner: 'brana',
        value: 100,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 32,
        spies: 0,
      },
      C7: {
        owner: 'alfa',
        value: 90,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: c7walls,
        scienceInvested: 0,
        cash: c7cash,
        spies: 0,
      },
      J7: {
        owner: 'brana',
        value: 209,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 28,
        spies: 0,
      },
      E8: {
        owner: null,
        value: 100,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 0,
        spies: 0,
      },
      G8: {
        owner: null,
        value: 100,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 0,
        spies: 0,
      },
      B9: {
        owner: 'dana',
        value: 128,
        tech: 1,
        techInvested: 0,
        walls: 2,
        wallsInvested: 281,
        scienceInvested: 0,
        cash: 21,
        spies: 0,
      },
      I9: {
        owner: 'brana',
        value: 445,
        tech: 1,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 219,
        spies: 0,
      },
      D10: {
        owner: 'dana',
        value: 320,
        tech: 0,
        techInvested: 0,
        walls: 0,
        wallsInvested: 0,
        scienceInvested: 0,
        cash: 0,
        spies: 0,
      },
    };
    expect(s.cities.map((c) => c.at)).toEqual(Object.keys(expected));
    for (const c of s.cities) expect(c, c.at).toEqual({ at: c.at, ...expected[c.at] });
    // With this seed: S6 = 10 (no loss on C6), D6 = 0, S7 = 3, so C5 ends with 19 in walls and 24 xc, C7 with 15 in walls and 5 xc.
    expect([S6, D6, S7, c5walls, c5, c7t7, c7walls, c7cash]).toEqual([10, 0, 3, 19, 24, 10, 15, 5]);
    // Units per square and owner. C7 holds exactly the survivors of the storm.
    const units: Record<string, string> = {};
    for (const u of s.units) units[`${u.at} ${u.owner}`] = `${units[`${u.at} ${u.owner}`] ?? ''}#${u.id}:${u.type} `;
    const c7units = battle(8, 'C7')
      .survivors.map((id) => `#${id}:${s.units.find((u) => u.id === id)!.type} `)
      .join('');
    expect(units).toEqual({
      'G1 brana': '#9:pesi #10:pesi ',
      'B2 alfa': '#1:pesi #2:pesi #3:pesi ',
      'I2 brana': '#7:pesi #8:pesi ',
      'A4 alfa': '#5:pesi ',
      'H4 brana': '#6:pesi ',
      'H6 brana': '#14:pesi ',
      'C7 alfa': c7units,
      'J7 brana': '#15:pesi #35:pesi #36:pesi ',
      'B9 dana': '#18:pesi ',
      'I9 brana': '#11:pesi #12:pesi #13:pesi ',
      'D10 dana': '#19:pesi #20:pesi ',
    });
    expect(battle(8, 'C7').survivors.every((id) => s.units.find((u) => u.id === id)!.owner === 'alfa')).toBe(true);
    // Cities per player: Alfa 4, Brána 6, Černá 0, Dana 2, neutral 4 — nobody has the 8 of 16 that win.
    expect(PLAYERS.map((p) => citiesOwned(s, p).length)).toEqual([4, 6, 0, 2]);
    expect(section(report(10, 'gm'), 'cs', 'map')).toContain('b = Brána (brana): 6');
  });

  it('a rerun of turn 5 reproduces every hash and queues corrected reports; a reseeded one rolls other dice', () => {
    const before = {
      reports: count(j, "outbox WHERE kind = 'report'"),
      rows: allPhaseRows(j.db, GAME),
      lastMail: (j.db.prepare('SELECT max(id) AS m FROM outbox').get() as { m: number }).m,
    };
    const steps = rerun(j, GAME, 5, { actor: 'test' });
    expect(steps.map((x) => x.phase)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(steps.every((x) => x.same)).toBe(true);
    expect(steps.map((x) => x.newHash)).toEqual([5, 6, 7, 8, 9, 10].map((t) => T(t).hash));
    expect(steps.map((x) => x.oldHash)).toEqual([5, 6, 7, 8, 9, 10].map((t) => T(t).hash));
    // The old rows of phases 5–11 are superseded, 1–4 are untouched, and the live rows hold the same states.
    const superseded = before.rows
      .filter((r) => allPhaseRows(j.db, GAME).find((x) => x.id === r.id)!.superseded_by !== null)
      .map((r) => r.number);
    expect(superseded).toEqual([5, 6, 7, 8, 9, 10, 11]);
    for (let t = 5; t <= 11; t++)
      expect(livePhase(j.db, GAME, t)!.state_hash).toBe(before.rows.find((r) => r.number === t)!.state_hash);
    for (let t = 5; t <= 10; t++)
      expect(livePhase(j.db, GAME, t)!.events_json).toBe(before.rows.find((r) => r.number === t)!.events_json);
    // Corrected reports: one per reader and phase 5–10, marked, and otherwise word for word the first ones.
    const corrected = j.db
      .prepare("SELECT * FROM outbox WHERE kind = 'report' AND id > ? ORDER BY id")
      .all(before.lastMail) as OutboxRow[];
    expect(count(j, "outbox WHERE kind = 'report'")).toBe(before.reports + 6 * READERS.length);
    expect(corrected).toHaveLength(6 * READERS.length);
    for (const c of corrected) {
      const rd = READERS.find((r) => JSON.parse(c.to_addrs).includes(emailOf(r)))!;
      const cs = langOf(rd) === 'cs';
      expect(c.subject).toContain(cs ? '(OPRAVA)' : '(CORRECTED)');
      const banner = cs
        ? '*** OPRAVENÁ ZPRÁVA — nahrazuje předchozí zprávu o tomto tahu ***\n\n'
        : '*** CORRECTED REPORT — replaces the earlier report on this turn ***\n\n';
      expect(c.body.startsWith(banner)).toBe(true);
      expect(c.body.slice(banner.length)).toBe(report(c.phase_number!, rd));
    }
    // Reseeded: turns 5 and 6 have no battle and use no dice, so they come out the same; the battles of turns 7
    // and 8 are fought with other dice, and the states differ from there on.
    const reseeded = rerun(j, GAME, 5, { reseed: true, actor: 'test' });
    expect(reseeded.map((x) => x.phase)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(reseeded[0]!.same && reseeded[1]!.same).toBe(true);
    expect(reseeded.some((x) => !x.same)).toBe(true);
    const events7 = JSON.parse(livePhase(j.db, GAME, 7)!.events_json!) as FandiEvent[];
    expect(events7.filter((e) => e.type === 'battle').map((b) => (b as BattleEvent).rounds)).not.toEqual([
      battle(7, 'C6').rounds,
    ]);
  });
});

function countTypes(s: FandiState, ids: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of ids) {
    const u = s.units.find((x) => x.id === id)!;
    out[u.type] = (out[u.type] ?? 0) + 1;
  }
  return out;
}

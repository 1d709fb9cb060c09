// The report model: the ONLY path from state and events to what a player reads.
// A player sees the public map, own cities/units/economy, own spies' findings,
// own battles and order results; the GM ('gm') sees everything.
import { canSee, type Lang, type PlayerId, type ReportModel } from '../../engine/types.js';
import { mapLines, compareSquares, cityAt, columnName } from './map.js';
import { describeOrder } from './order-describe.js';
import { boardModel } from './board-model.js';
import { message } from './messages.js';
import type { BattleEvent, FandiEvent, FandiState, FandiUnit, SpyInfo, Square } from './state.js';
import { countByType, playerOf } from './state.js';
import { ECONOMY } from './constants.js';
import { tableIndex, unitName } from './units.js';
import { collate } from '../../engine/collate.js';

type L = 'cs' | 'en';
const T = {
  cs: {
    tech: ['žádná', 'řemesla', 'obchod'],
    city: 'Město',
    owner: 'Majitel',
    value: 'Hodnota',
    yield: 'Výnos',
    tech_: 'Technika',
    walls: 'Hradby',
    inv: 'investováno',
    science: 'Věda',
    cash: 'Hotovost',
    spies: 'Špióni',
    units: 'Jednotky',
    square: 'Pole',
    where: 'Kde',
    field: 'pole',
    town: 'město',
    extra: 'Navíc',
    cashIn: 'Hotov.před',
    upkeep: 'Žold',
    invested: 'Investice',
    stolen: 'Ukradeno',
    toCash: 'Do hotov.',
    corruption: 'Korupce',
    never: '-',
    tie: 'nerozhodně',
    destroyed: 'zničen',
    winner: 'vítěz',
    nobody: 'nikdo',
    player: 'Hráč',
    god: 'Bůh',
    email: 'E-mail',
    out: 'mimo hru',
    neutral: 'neutrální',
    ok: 'OK',
    partial: 'ČÁSTEČNĚ',
    failed: 'CHYBA',
    home: 'doma',
    inv_kind: {
      walls: 'hradby',
      science: 'věda',
      tech: 'technika',
      value: 'hodnota',
      cash: 'hotovost',
      build: 'jednotky',
      spy: 'špión',
      messenger: 'posel',
    } as Record<string, string>,
  },
  en: {
    tech: ['none', 'crafts', 'trade'],
    city: 'City',
    owner: 'Owner',
    value: 'Value',
    yield: 'Yield',
    tech_: 'Technology',
    walls: 'Walls',
    inv: 'invested',
    science: 'Science',
    cash: 'Cash',
    spies: 'Spies',
    units: 'Units',
    square: 'Square',
    where: 'Where',
    field: 'field',
    town: 'city',
    extra: 'Extra',
    cashIn: 'Cash in',
    upkeep: 'Upkeep',
    invested: 'Invested',
    stolen: 'Stolen',
    toCash: 'To cash',
    corruption: 'Corruption',
    never: '-',
    tie: 'tie',
    destroyed: 'destroyed',
    winner: 'winner',
    nobody: 'nobody',
    player: 'Player',
    god: 'God',
    email: 'E-mail',
    out: 'out',
    neutral: 'neutral',
    ok: 'OK',
    partial: 'PARTLY',
    failed: 'ERROR',
    home: 'home',
    inv_kind: {
      walls: 'walls',
      science: 'science',
      tech: 'technology',
      value: 'value',
      cash: 'cash',
      build: 'units',
      spy: 'spy',
      messenger: 'messenger',
    } as Record<string, string>,
  },
};

export interface Table {
  headers: string[];
  rows: (string | number)[][];
}

/** "3 pěší, 1 rytíř" in table order. */
export function unitSummary(counts: Record<string, number>, lang: L): string {
  return Object.entries(counts)
    .sort((a, b) => tableIndex(a[0]) - tableIndex(b[0]))
    .map(([t, n]) => `${n} ${unitName(t, lang, n)}`)
    .join(', ');
}

function ownerName(state: FandiState, id: PlayerId | null, lang: L): string {
  if (id === null) return T[lang].neutral;
  const p = shared(state).players.get(id);
  return p ? `${p.god} (${p.id})` : id;
}

/** The god name alone, for tight lines (battle rounds, spy units, the war table). */
function godName(state: FandiState, id: PlayerId): string {
  return shared(state).players.get(id)?.god ?? id;
}

/**
 * What every reader's view of one state shares, computed once per state (a report
 * run views one state for every reader): units by square and by owner, cities per
 * owner, the map, and the tables that do not depend on the reader. A state is a
 * value: it is never changed once viewed.
 */
interface Shared {
  players: Map<PlayerId, FandiState['players'][number]>;
  /** Units by square, lowest id first. */
  unitsAt: Map<Square, FandiUnit[]>;
  /** Units by owner, lowest id first. */
  unitsOf: Map<PlayerId, FandiUnit[]>;
  cityCount: Map<PlayerId | null, number>;
  map?: string;
  byLang: Partial<Record<L, { legend: string[]; war: Table }>>;
}

const sharedViews = new WeakMap<FandiState, Shared>();

function shared(state: FandiState): Shared {
  let s = sharedViews.get(state);
  if (s) return s;
  const unitsAt = new Map<Square, FandiUnit[]>();
  const unitsOf = new Map<PlayerId, FandiUnit[]>();
  for (const u of [...state.units].sort((a, b) => a.id - b.id)) {
    if (!unitsAt.has(u.at)) unitsAt.set(u.at, []);
    unitsAt.get(u.at)!.push(u);
    if (!unitsOf.has(u.owner)) unitsOf.set(u.owner, []);
    unitsOf.get(u.owner)!.push(u);
  }
  const cityCount = new Map<PlayerId | null, number>();
  for (const c of state.cities) cityCount.set(c.owner, (cityCount.get(c.owner) ?? 0) + 1);
  s = { players: new Map(state.players.map((p) => [p.id, p])), unitsAt, unitsOf, cityCount, byLang: {} };
  sharedViews.set(state, s);
  return s;
}

/** The legend and the war table of a state in a language: the same for every reader. */
function sharedTables(state: FandiState, l: L): { legend: string[]; war: Table } {
  const s = shared(state);
  const done = s.byLang[l];
  if (done) return done;
  const t = T[l];
  const legend = [...state.players]
    .sort((a, b) => collate(a.letter, b.letter))
    .map((p) => `${p.letter} = ${p.god} (${p.id})${p.out ? ` — ${t.out}` : ''}: ${s.cityCount.get(p.id) ?? 0}`)
    .concat([`% = ${t.neutral}: ${s.cityCount.get(null) ?? 0}`, `# = ${l === 'cs' ? 'neprůchodné' : 'impassable'}`]);
  const lastTurn = state.turn - 1;
  const wars = new Map(state.war.map((w) => [`${w.a}\n${w.b}`, w]));
  const ids = [...state.players].map((p) => p.id).sort();
  const war: Table = {
    headers: ['', ...ids.map((id) => godName(state, id))],
    rows: ids.map((a) => [
      godName(state, a),
      ...ids.map((b) => {
        if (a === b) return '';
        const [x, y] = a < b ? [a, b] : [b, a];
        const w = wars.get(`${x}\n${y}`);
        return w ? String(lastTurn - w.turn) : t.never;
      }),
    ]),
  };
  return (s.byLang[l] = { legend, war });
}

function battleLines(state: FandiState, b: BattleEvent, lang: L): { title: string; lines: string[] } {
  const t = T[lang];
  const sides = b.sides.map((s) => `${ownerName(state, s, lang)}: ${unitSummary(b.before[s] ?? {}, lang)}`).join('; ');
  const where = b.city
    ? `${t.town} ${b.at} (${ownerName(state, b.cityOwner, lang)}, ${t.walls.toLowerCase()} ${b.walls})`
    : `${b.at} (${t.field})`;
  const title = `${where} — ${sides}`;
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const lines = b.rounds.map((r, i) => {
    const a = r.attacker;
    const d = r.defender;
    const def = d.home ? `OC ${d.oc}+${d.home}+${d.walls}` : `OC ${d.oc}`;
    const loser = r.loser === 'attacker' ? a : r.loser === 'defender' ? d : null;
    const res = loser ? message(lang, 'destroyed', { unit: loser.type, id: loser.id }) : t.tie;
    return `${String(i + 1).padStart(3)}. ${cap(unitName(a.type, lang))} #${a.id} ${godName(state, a.owner)} (UC ${a.uc})+${a.roll}=${a.total} vs ${cap(unitName(d.type, lang))} #${d.id} ${godName(state, d.owner)} (${def})+${d.roll}=${d.total} → ${res}`;
  });
  lines.push(`${cap(t.winner)}: ${b.winner ? ownerName(state, b.winner, lang) : t.nobody}`);
  return { title, lines };
}

function spyLines(state: FandiState, i: SpyInfo, lang: L): string[] {
  const t = T[lang];
  const units = Object.entries(i.units).map(([o, c]) => `${godName(state, o)}: ${unitSummary(c, lang)}`);
  // The yield as the arithmetic reads: rate × the value at the yield step, plus extra yield taken from the value.
  const extra = i.extra ?? 0;
  const base = i.valueAtYield ?? i.value;
  const y =
    lang === 'cs'
      ? `výnos ${i.rate} % z ${base} = ${i.yield} xc${extra ? ` + navíc ${extra} xc (z hodnoty) = ${i.yield + extra} xc` : ''}`
      : `yield ${i.rate} % of ${base} = ${i.yield} xc${extra ? ` + extra ${extra} xc (from the value) = ${i.yield + extra} xc` : ''}`;
  return [
    `${t.owner}: ${ownerName(state, i.owner, lang)}; ${t.value.toLowerCase()} ${i.value}; ${y}; ${t.cash.toLowerCase()} ${i.cash} xc`,
    `${t.tech_}: ${t.tech[i.tech]} (${t.inv} ${i.techInvested}); ${t.walls.toLowerCase()} ${i.walls} (${t.inv} ${i.wallsInvested}); ${t.science.toLowerCase()} ${i.science} (${t.inv} ${i.scienceInvested}); ${t.spies.toLowerCase()} ${i.spies}`,
    `${t.units}: ${units.length ? units.join('; ') : '-'}`,
  ];
}

function noteOf(state: FandiState, e: FandiEvent, lang: L, reader: PlayerId | 'gm'): string | null {
  const cs = lang === 'cs';
  const who = (id: PlayerId | null) => ownerName(state, id, lang);
  switch (e.type) {
    case 'capture': {
      // The value is the owners' knowledge: a third side that was there learns only who took the city.
      const owners = reader === 'gm' || reader === e.from || reader === e.to;
      const value = e.how === 'conquest' && owners;
      return cs
        ? `${e.at}: ${{ conquest: 'dobyto', occupation: 'obsazeno', coat: 'předáno (změna kabátu)' }[e.how]} — ${who(e.from)} → ${who(e.to)}${value ? `, hodnota ${e.valueBefore} → ${e.valueAfter}` : ''}`
        : `${e.at}: ${{ conquest: 'conquered', occupation: 'occupied', coat: 'handed over (change of coat)' }[e.how]} — ${who(e.from)} → ${who(e.to)}${value ? `, value ${e.valueBefore} → ${e.valueAfter}` : ''}`;
    }
    case 'nmr':
      return `${reader === 'gm' ? `${who(e.player)}: ` : ''}${message(lang, 'nmr', { count: e.count })}`;
    case 'coat':
      return e.city
        ? null
        : cs
          ? `${e.at}: ${e.units.map((u) => `#${u}`).join(', ')} mění kabát: ${who(e.from)} → ${who(e.to)}`
          : `${e.at}: ${e.units.map((u) => `#${u}`).join(', ')} change coat: ${who(e.from)} → ${who(e.to)}`;
    case 'disband':
      return cs
        ? `${e.at}: rozpuštěno pro nedostatek žoldu (platí ${e.payer}): ${e.units.map((u) => `${unitName(u.type, lang)} #${u.id}`).join(', ')}`
        : `${e.at}: disbanded for want of pay (paid by ${e.payer}): ${e.units.map((u) => `${unitName(u.type, lang)} #${u.id}`).join(', ')}`;
    case 'science':
      return cs
        ? `Věda stupně ${e.level} získána (investice v ${e.at}) — platí ve všech městech`
        : `Science level ${e.level} gained (invested in ${e.at}) — in all cities`;
    case 'built':
      return e.what === 'tech'
        ? cs
          ? `${e.at}: ${e.level === 1 ? 'rozvinutá řemesla (výnos 20 %)' : 'rozvinutý obchod (výnos 30 %)'}`
          : `${e.at}: ${e.level === 1 ? 'crafts developed (yield 20 %)' : 'trade developed (yield 30 %)'}`
        : cs
          ? `${e.at}: hradby stupně ${e.level}`
          : `${e.at}: walls level ${e.level}`;
    case 'messenger':
      return e.blocked
        ? cs
          ? `Posel ${who(e.owner)} z ${e.from} do ${e.to} neprošel a vrátil se: ${e.delivered} xc z ${e.amount} zpět v ${e.from}`
          : `Messenger of ${who(e.owner)} from ${e.from} to ${e.to} was blocked and came back: ${e.delivered} of ${e.amount} xc back in ${e.from}`
        : cs
          ? `Posel ${who(e.owner)} z ${e.from} došel do ${e.to}: ${e.delivered} xc z ${e.amount} pro ${who(e.receiver)}`
          : `Messenger of ${who(e.owner)} from ${e.from} reached ${e.to}: ${e.delivered} of ${e.amount} xc for ${who(e.receiver)}`;
    case 'move':
      return cs
        ? `${e.from} → ${e.to}: ${e.units.map((u) => `#${u}`).join(', ')} (${e.path.join(' ')})`
        : `${e.from} → ${e.to}: ${e.units.map((u) => `#${u}`).join(', ')} (${e.path.join(' ')})`;
    case 'out':
      return message(lang, 'player-out', { who: who(e.player) });
    case 'victory':
      return cs
        ? `KONEC HRY: vítězí ${e.winners.map(who).join(', ')} (${e.winners.map((w) => e.cities[w]).join(', ')} z ${e.total} měst)`
        : `GAME OVER: ${e.winners.map(who).join(', ')} win${e.winners.length === 1 ? 's' : ''} (${e.winners.map((w) => e.cities[w]).join(', ')} of ${e.total} cities)`;
    default:
      return null;
  }
}

export function view(state: FandiState, events: FandiEvent[], reader: PlayerId | 'gm', lang: Lang): ReportModel {
  const l: L = lang === 'cs' ? 'cs' : 'en';
  const t = T[l];
  const gm = reader === 'gm';
  const me = gm ? null : playerOf(state, reader);
  const sh = shared(state);
  const seen = events.filter((e) => canSee(e.audience, reader));
  const mine = (owner: PlayerId | null) => gm || (owner !== null && owner === reader);
  const lastTurn = state.turn - 1;

  const { legend, war } = sharedTables(state, l);

  const cityRows = state.cities
    .filter((c) => mine(c.owner))
    .map((c) => [
      c.at,
      ...(gm ? [c.owner ?? '%'] : []),
      c.value,
      `${ECONOMY.yieldPercent[c.tech]}%`,
      `${t.tech[c.tech]}+${c.techInvested}`,
      `${c.walls}+${c.wallsInvested}`,
      c.scienceInvested,
      c.cash,
      c.spies,
      unitSummary(countByType(sh.unitsAt.get(c.at) ?? []), l) || '-',
    ]);
  const cities: Table = {
    headers: [
      t.city,
      ...(gm ? [t.owner] : []),
      t.value,
      t.yield,
      t.tech_,
      t.walls,
      t.science,
      t.cash,
      t.spies,
      t.units,
    ],
    rows: cityRows,
  };

  // The reader's units by square (the GM's: everybody's).
  const myUnits = new Map<Square, FandiUnit[]>();
  for (const u of gm ? state.units : (sh.unitsOf.get(reader) ?? [])) {
    if (!myUnits.has(u.at)) myUnits.set(u.at, []);
    myUnits.get(u.at)!.push(u);
  }
  const unitRows: (string | number)[][] = [];
  for (const sq of [...myUnits.keys()].sort(compareSquares)) {
    const here = myUnits.get(sq)!.sort((a, b) => tableIndex(a.type) - tableIndex(b.type) || a.id - b.id);
    const field = !cityAt(state, sq);
    const owners = [...new Set(here.map((u) => u.owner))].sort();
    for (const o of owners) {
      const us = here.filter((u) => u.owner === o);
      unitRows.push([
        sq,
        ...(gm ? [o] : []),
        field ? t.field : t.town,
        unitSummary(countByType(us), l),
        us.map((u) => `#${u.id}`).join(' '),
      ]);
    }
  }
  const units: Table = { headers: [t.square, ...(gm ? [t.owner] : []), t.where, t.units, 'id'], rows: unitRows };

  const spies = seen
    .filter((e) => e.type === 'spy')
    .map((e) => {
      const s = e as Extract<FandiEvent, { type: 'spy' }>;
      const head =
        l === 'cs'
          ? `Špión z ${s.from} v ${s.target}${gm ? ` (${s.player})` : ''}`
          : `Spy from ${s.from} in ${s.target}${gm ? ` (${s.player})` : ''}`;
      return {
        title: head,
        lines:
          s.void || !s.info
            ? [
                l === 'cs'
                  ? 'Město, odkud vyšel, změnilo majitele: špión jako by nebyl.'
                  : 'His city changed hands: the spy is void.',
              ]
            : spyLines(state, s.info, l),
      };
    });

  const players = state.players
    .filter((p) => gm || p.id !== reader)
    .map((p) => ({ id: p.id, god: p.god, letter: p.letter, name: p.name, email: p.email, out: p.out }));
  const playerTable: Table = {
    headers: [t.player, t.god, l === 'cs' ? 'Jméno' : 'Name', t.email],
    rows: players.map((p) => [p.id, `${p.god} (${p.letter})`, p.name, p.email + (p.out ? ` (${t.out})` : '')]),
  };

  const econEvents = seen.filter((e) => e.type === 'economy') as Extract<FandiEvent, { type: 'economy' }>[];
  const economy: Table = {
    headers: [
      t.city,
      ...(gm ? [t.owner] : []),
      t.yield,
      t.extra,
      t.cashIn,
      t.upkeep,
      t.invested,
      t.stolen,
      t.toCash,
      t.corruption,
      t.cash,
    ],
    rows: econEvents.map((e) => [
      e.at,
      ...(gm ? [e.owner] : []),
      `${e.yield} (${e.rate}%)`,
      e.extra,
      e.cashStart,
      e.upkeep,
      e.investments.reduce((s, i) => s + i.amount, 0),
      e.stolen,
      e.toCash,
      e.corruption,
      e.cashAfter,
    ]),
  };
  const economyDetails = econEvents.flatMap((e) => {
    const parts = e.investments.map(
      (i) =>
        `${t.inv_kind[i.kind] ?? i.kind} ${i.amount}${i.detail ? ` (${i.detail.replace(/×(\w+)/, (_, u: string) => `× ${unitName(u, l)}`)})` : ''}`,
    );
    const out: string[] = [];
    if (parts.length) out.push(`${e.at}: ${parts.join(', ')}`);
    if (e.upkeepDue !== e.upkeep)
      out.push(
        l === 'cs'
          ? `${e.at}: žold ${e.upkeepDue} xc nebyl zaplacen celý, rozpuštěno ${e.disbanded.length}`
          : `${e.at}: upkeep ${e.upkeepDue} xc not fully paid, ${e.disbanded.length} disbanded`,
      );
    return out;
  });

  const battles = seen.filter((e) => e.type === 'battle').map((e) => battleLines(state, e as BattleEvent, l));

  const orders = (seen.filter((e) => e.type === 'order') as Extract<FandiEvent, { type: 'order' }>[])
    .sort((a, b) => collate(a.player, b.player) || a.line - b.line)
    .map((o) => ({
      player: o.player,
      line: o.line,
      text: o.text,
      understood: o.order.kind === 'rejected' ? '' : describeOrder(o.order, l),
      status: t[o.status],
      ok: o.status === 'ok',
      result: message(l, o.code, o.params),
    }));

  const notes = seen
    .filter((e) => e.type !== 'move' || gm)
    .map((e) => noteOf(state, e, l, reader))
    .filter((x): x is string => x !== null);
  const moves = seen
    .filter((e) => e.type === 'move')
    .map((e) => noteOf(state, e, l, reader))
    .filter((x): x is string => x !== null);

  return {
    kind: 'fandi',
    lang: l,
    title: state.title,
    turn: lastTurn,
    nextTurn: state.turn,
    gm,
    reader: me ? { id: me.id, god: me.god, letter: me.letter, name: me.name, science: me.science, out: me.out } : null,
    map: (sh.map ??= mapLines(state).join('\n')),
    // The legend's "columns A–J, rows 1–10".
    mapSize: { lastColumn: columnName(state.width - 1), rows: state.height },
    legend,
    // The same board as data, for the map picture (board-model.ts, picture.ts).
    board: boardModel(state, seen, reader, mine),
    cities,
    units,
    hasUnits: unitRows.length > 0,
    spies,
    players: playerTable,
    war,
    economy,
    economyDetails,
    battles,
    orders,
    moves,
    notes,
    over: state.over,
    winners: state.winners.map((w) => ownerName(state, w, l)),
  };
}

/** Squares in reading order (exported for templates and tests). */
export function sortSquares(xs: Square[]): Square[] {
  return [...xs].sort(compareSquares);
}

// Secrecy: many seeded random games of the sample setup, random orders every
// stage written as players write them (through parseOrders), adjudicated with
// the GM's default decisions (random answers where there is no default) and a
// narrative on every action; every player's view model and rendered report
// (both languages) are scanned for what that player may not know: the text of
// another player's secret action (or of a public action of an order or figure
// they do not know of), the name of an order or figure they do not know of, the
// GM's narrative on an action they may not know, and another country's free
// attributes. The GM's report must contain all of it.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import type { DecisionValue, Lang, PlayerId } from '../../src/engine/types.js';
import { actionAudience, knowersOf } from '../../src/games/nation/audience.js';
import { rules } from '../../src/games/nation/index.js';
import { understood } from '../../src/games/nation/order-echo.js';
import type { ActorRef, NationEvent, NationOrder, NationState } from '../../src/games/nation/types.js';
import { finalResult } from '../../src/engine/final.js';
import type { GameRow } from '../../src/store/games.js';
import { render } from '../../src/render/templates.js';
import { sampleGame } from './helpers.js';
import { randomOrders } from './random-orders.js';
import { forecastText } from '../forecast-check.js';
import { readSetupFile } from '../../src/engine/setup-file.js';
import { startAndFinal } from '../life/start-final.js';
import { keyedOrders, moreUnseen, resolve } from './id-orders.js';

const GAMES = 100;
const TURNS = 3;

const DIRS_RU = ['Агрессивность', 'гибкость мышления', 'Интеллектуальность', 'мудрость', 'Коммуникативность'];
const DIRS_EN = ['Aggression', 'Dexterity', 'Intellect', 'wisdom', 'Charisma'];

interface Mark {
  player: PlayerId;
  actor: ActorRef;
  vis: 'secret' | 'public';
}

interface Leak {
  game: number;
  stage: string;
  reader: string;
  what: string;
}

const seen = { actions: 0, secret: 0, influence: 0, reports: 0, hidden: 0, learnt: 0, shared: 0 };

function playGame(g: number, leaks: Leak[]): void {
  const rng = new SeededRng(`nation-secrecy-${g}`);
  let state: NationState = sampleGame();
  const base = sampleGame();
  const marks = new Map<string, Mark>();
  let n = 0;
  const mark = (m: Mark) => {
    const id = `mk${g}x${n++}q`;
    marks.set(id, m);
    return id;
  };
  const players = state.players.map((p) => p.id);
  const langOf = new Map(players.map((p) => [p, (rng.int(3) === 0 ? 'en' : 'ru') as Lang]));
  for (let stageNo = 0; stageNo < TURNS * 2; stageNo++) {
    const orders = new Map<PlayerId, NationOrder[]>();
    for (const p of players) {
      const lang = langOf.get(p)!;
      const ru = lang === 'ru';
      const lines: string[] = [];
      const vis = () => (rng.int(2) ? 'secret' : 'public') as 'secret' | 'public';
      const visWord = (v: 'secret' | 'public') =>
        ru
          ? v === 'secret'
            ? rng.pick(['тайно', 'секретно', 'скрытно'])
            : rng.pick(['публично', 'открыто', 'явно'])
          : v;
      const dir = () => (ru ? rng.pick(DIRS_RU) : rng.pick(DIRS_EN));
      if (state.stage === 1) {
        const c = state.countries.find((x) => x.player === p)!;
        for (let k = rng.int(3); k > 0; k--) {
          const v = vis();
          lines.push(
            `${ru ? 'Страна' : 'Country'} ${visWord(v)}, ${dir()}: ${ru ? 'провести' : 'carry out'} ${mark({ player: p, actor: { type: 'country', id: c.id }, vis: v })}`,
          );
        }
        if (rng.int(4) === 0) {
          const v = vis();
          lines.push(
            `${ru ? 'Страна' : 'Country'} ${visWord(v)}, ${ru ? 'стратегическое' : 'strategic'}, ${ru ? 'Мудрость' : 'Wisdom'}, ${rng.int(2) ? (ru ? 'за 3 хода' : 'in 3 turns') : ru ? 'сколько времени?' : 'how long?'} — ${ru ? 'достичь' : 'achieve'} ${mark({ player: p, actor: { type: 'country', id: c.id }, vis: v })}`,
          );
        }
        for (const s of state.strategic.filter((x) => x.player === p && x.status === 'active')) {
          if (rng.int(4) === 0) lines.push(`${ru ? 'Отказаться от' : 'Abandon'} ${s.id}`);
          else if (rng.int(3))
            lines.push(
              `${ru ? 'Продолжаем' : 'Continue'} ${s.id} — ${mark({ player: p, actor: s.actor, vis: s.visibility })}`,
            );
        }
        for (const o of state.orders.filter((x) => x.player === p))
          for (let k = rng.int(3); k > 0; k--) {
            const v = vis();
            lines.push(
              `${o.name} ${visWord(v)} ${dir()} — ${ru ? 'устроить' : 'arrange'} ${mark({ player: p, actor: { type: 'order', id: o.id }, vis: v })}`,
            );
          }
      } else {
        for (const f of state.figures.filter((x) => x.player === p)) {
          const targets = state.declared.filter(
            (a) =>
              a.actor.type !== 'figure' &&
              f.influence.some((i) => i.order === a.actor.id) &&
              (a.player === p || (a.visibility === 'public' && knowersOf(state, a.actor).includes(p))),
          );
          if (targets.length && rng.int(3)) {
            const t = rng.pick(targets);
            const v = vis();
            const sign = rng.int(2) ? (ru ? 'поддержать' : 'support') : ru ? 'против' : 'oppose';
            lines.push(
              `${ru ? 'фигура ' : 'figure '}${f.name} ${visWord(v)}, ${sign} ${ru && rng.int(2) ? t.id.replace('A', 'А') : t.id}: ${mark({ player: p, actor: { type: 'figure', id: f.id }, vis: v })}`,
            );
            seen.influence++;
          }
          if (rng.int(2)) {
            const v = vis();
            lines.push(
              `${f.name}: ${visWord(v)}, ${dir()} — ${ru ? 'совершить' : 'do'} ${mark({ player: p, actor: { type: 'figure', id: f.id }, vis: v })}`,
            );
          }
          if (rng.int(5) === 0 && f.influence.length) {
            const on = f.influence[0]!.order;
            const name = state.orders.find((o) => o.id === on)?.name ?? state.countries.find((c) => c.id === on)!.name;
            const v = vis();
            lines.push(
              `${f.name} ${visWord(v)}: ${ru ? 'усилить влияние на' : 'increase influence on'} «${name}» — ${mark({ player: p, actor: { type: 'figure', id: f.id }, vis: v })}`,
            );
          }
        }
      }
      const r = rules.parseOrders(lines.join('\n'), { state, player: p, lang });
      expect(r.errors, `game ${g} ${p}: ${lines.join(' | ')}`).toEqual([]);
      orders.set(p, r.orders);
    }
    // The GM: defaults, random answers where none, a narrative on every action of the turn.
    const specs = rules.gm!.decisions(state, orders, 'ru');
    const decisions: Record<string, DecisionValue> = {};
    for (const s of specs) decisions[s.id] = s.default ?? (s.min ?? 0) + rng.int((s.max ?? 3) - (s.min ?? 0) + 1);
    const narrative: Record<string, string> = {};
    const narr = new Map<string, string>();
    if (state.stage === 2)
      for (const a of state.declared) {
        const id = `nv${g}x${n++}q`;
        narrative[a.id] = `${id} сказ`;
        narr.set(id, a.id);
      }
    const before = state;
    const r = rules.adjudicate(state, orders, rng, {
      phase: stageNo + 1,
      deadline: null,
      messages: [],
      gm: { decisions, narrative, bulletin: null, rolls: [] },
    });
    state = r.state;
    const stageLabel = `${before.turn}.${before.stage}`;
    // What each reader may know, from the state after the stage.
    const mayKnow = (reader: PlayerId, m: Mark) =>
      m.player === reader || (m.vis === 'public' && knowersOf(state, m.actor).includes(reader));
    const declaredNow = new Map(before.declared.map((a) => [a.id, a]));
    for (const e of r.events) if (e.type === 'declared') declaredNow.set(e.action.id, e.action);
    const evJson = JSON.stringify(r.events);
    const stageMarks = [...marks].filter(([id]) => evJson.includes(id));
    seen.actions += stageMarks.length;
    for (const reader of [...players, 'gm' as const]) {
      for (const lang of ['ru', 'en'] as Lang[]) {
        const model = rules.view(state, r.events, reader, lang) as { countries: unknown[]; country?: { id: string } };
        const text = render('nation', lang, 'report', {
          ...model,
          game: { id: 'g', title: state.title },
          phase: { number: stageNo + 1, label: 'x' },
          next: { number: stageNo + 2, label: 'y', deadlineText: null },
          player: reader === 'gm' ? null : { id: reader, name: reader },
          gm: reader === 'gm',
          correction: false,
        }).text;
        const json = JSON.stringify(model);
        seen.reports++;
        const leak = (what: string) => leaks.push({ game: g, stage: stageLabel, reader: `${reader}/${lang}`, what });
        for (const [id, m] of stageMarks) {
          const allowed = reader === 'gm' || mayKnow(reader, m);
          if (m.vis === 'secret' && m.player !== reader) seen.secret++;
          if (!allowed && (text.includes(id) || json.includes(id)))
            leak(`action text ${id} of ${m.player} (${m.actor.type} ${m.actor.id}, ${m.vis})`);
          if (allowed && reader !== 'gm' && m.player !== reader && text.includes(id)) seen.shared++;
          if (reader === 'gm' && !text.includes(id)) leak(`GM misses ${id}`);
        }
        for (const [id, target] of narr) {
          const a = declaredNow.get(target);
          const allowed =
            reader === 'gm' || (a && mayKnow(reader, { player: a.player, actor: a.actor, vis: a.visibility }));
          if (!allowed && (text.includes(id) || json.includes(id))) leak(`narrative on ${target}`);
          if (reader === 'gm' && !text.includes(id)) leak(`GM misses the narrative on ${target}`);
        }
        if (reader === 'gm') {
          for (const x of [...state.orders, ...state.figures]) if (!text.includes(x.name)) leak(`GM misses ${x.name}`);
          continue;
        }
        for (const o of state.orders)
          if (!knowersOf(state, { type: 'order', id: o.id }).includes(reader)) {
            seen.hidden++;
            if (text.includes(o.name) || json.includes(o.name)) leak(`order ${o.name}`);
          }
        for (const f of state.figures)
          if (!knowersOf(state, { type: 'figure', id: f.id }).includes(reader)) {
            seen.hidden++;
            if (text.includes(f.name) || json.includes(f.name)) leak(`figure ${f.name}`);
          }
        for (const c of base.countries)
          if (c.player !== reader)
            for (const v of Object.values(c.free))
              if (text.includes(v) || json.includes(v)) leak(`${c.name}'s free attribute`);
        if (model.countries.length) leak('the countries in full');
        if (model.country && model.country.id !== state.countries.find((c) => c.player === reader)!.id)
          leak('another country');
        if (r.events.some((e) => e.type === 'secrecy' && (e as { learnt: string[] }).learnt.includes(reader)))
          seen.learnt++;
      }
    }
  }
}

/**
 * The state with what the player may not know changed: the other countries' attributes,
 * free attributes and style (but the style of a country his orders are in: his orders'
 * actions take it, and his report shows that modifier), the others' orders' sizes and
 * descriptions, the others' figures' ages, influentiality and influence, the text and
 * direction of the others' declared actions. A forecast cannot tell the two apart.
 */
function othersChanged(state: NationState, me: PlayerId, rng: SeededRng): NationState {
  const s = structuredClone(state);
  const hosts = new Set(s.orders.filter((o) => o.player === me).map((o) => o.country));
  const level = () => rng.int(7) - 3;
  for (const c of s.countries.filter((x) => x.player !== me)) {
    for (const a of Object.keys(c.attrs) as (keyof typeof c.attrs)[]) c.attrs[a] = level();
    for (const k of Object.keys(c.free)) c.free[k] = `x${rng.int(1000)}`;
    c.growth = rng.int(5) - 2;
    if (!hosts.has(c.id)) for (const d of Object.keys(c.style) as (keyof typeof c.style)[]) c.style[d] = level();
  }
  for (const o of s.orders.filter((x) => x.player !== me)) Object.assign(o, { size: level(), description: 'x' });
  for (const f of s.figures.filter((x) => x.player !== me)) {
    f.age = 20 + rng.int(50);
    for (const i of f.influence) Object.assign(i, { degree: level(), pi: rng.int(5) - 2 });
  }
  for (const a of s.declared.filter((x) => x.player !== me)) Object.assign(a, { text: 'x', direction: 'wisdom' });
  return s;
}

describe('nation forecasts (issue #33): a forecast shows nothing its reader may not know', () => {
  it('over seeded games, both stages: the same forecast whatever the others hold and do', () => {
    let forecasts = 0;
    for (let g = 0; g < 40; g++) {
      let state = sampleGame();
      const rng = new SeededRng(`nation-forecast-secrecy-${g}`);
      for (let stage = 0; stage < 4; stage++) {
        const orders = new Map(state.players.map((p) => [p.id, randomOrders(state, p.id, rng)]));
        for (const p of state.players) {
          const lang: Lang = rng.int(2) ? 'ru' : 'en';
          const text = forecastText(rules.forecast!(state, p.id, orders.get(p.id)!, lang));
          const other = forecastText(rules.forecast!(othersChanged(state, p.id, rng), p.id, orders.get(p.id)!, lang));
          expect(other, `game ${g} stage ${state.turn}.${state.stage}: ${p.id}`).toBe(text);
          if (text) forecasts++;
        }
        state = rules.adjudicate(state, orders, rng, {
          phase: stage + 1,
          deadline: null,
          messages: [],
          gm: { decisions: {}, narrative: {}, bulletin: null, rolls: [] },
        }).state;
      }
    }
    expect(forecasts).toBeGreaterThan(400);
  });
});

describe('nation secrecy over random games', () => {
  it(`${GAMES} games × ${TURNS} turns: no report or model shows a player what they may not know; the GM's shows all`, () => {
    const leaks: Leak[] = [];
    for (let g = 0; g < GAMES; g++) playGame(g, leaks);
    expect(leaks.slice(0, 20)).toEqual([]);
    // The games did exercise what is checked.
    expect(seen.secret).toBeGreaterThan(1000);
    expect(seen.influence).toBeGreaterThan(100);
    expect(seen.hidden).toBeGreaterThan(1000);
    expect(seen.learnt).toBeGreaterThan(10);
    expect(seen.shared).toBeGreaterThan(1000);
  }, 600_000);
});

describe('nation start and final mails (issue 30)', () => {
  it("each start mail shows the reader's country and orders, and no order he does not know of; the final mail only the countries", () => {
    const setup = readSetupFile('games/nation/setups/default.yaml') as { seats: { password?: string }[] };
    const sf = startAndFinal('nation', { ...setup, seats: setup.seats.map(({ password: _p, ...s }) => s) }, 0);
    const start = sf.start as NationState;
    let hidden = 0;
    for (const p of sf.players) {
      const text = sf.starts.get(p.id)!;
      expect(text).toContain(start.countries.find((c) => c.player === p.id)!.name);
      for (const o of start.orders) {
        if (o.knownBy.includes(p.id) || o.secrecy === 'public') continue;
        hidden++;
        expect(text, `${p.id} sees ${o.name}`).not.toContain(o.name);
      }
    }
    expect(hidden).toBeGreaterThan(0);
    for (const [who, body] of sf.finals) {
      for (const c of start.countries) expect(body, who).toContain(c.name);
      for (const o of start.orders.filter((x) => x.secrecy === 'underground')) expect(body, who).not.toContain(o.name);
    }
  });
});

// ---------------------------------------------------------------------------
// The ids (ruling nation/action-ids): numbered in seat order, the gaps in the ids
// a player saw told him whose secret actions lay between. Now the ids he sees of
// the actions everybody knows of are the same whatever the others' secret actions;
// of the others (his own secret ones, the public ones of orders not everybody
// knows of) the number can tell him at most how many such actions there are.

type Letter = 'A' | 'F' | 'S';

/**
 * The ids a text names: those of the actions (and strategic actions) everybody knew of when they
 * were numbered, in order; then how many others of each letter (their numbers, and the order of a
 * player's own among themselves, follow the shuffle).
 */
function idsIn(text: string, known: Record<Letter, Set<string>>): string[] {
  const ids = text.match(/\b[AFS]\d+\b/g) ?? [];
  const others = (l: Letter) => ids.filter((t) => t[0] === l && !known[l].has(t)).length;
  return [
    ...ids.filter((t) => known[t[0] as Letter].has(t)),
    `A? ${others('A')}`,
    `F? ${others('F')}`,
    `S? ${others('S')}`,
  ];
}

interface IdGame {
  /**
   * Per text the observer reads (the acknowledgement and forecast before each stage, his report and the
   * public web page after it, the final mail): the ids it names.
   */
  mails: string[][];
  /** How many actions of the others nobody else knew of, per stage. */
  hidden: number[];
}

/**
 * One game read by `me`: each stage's orders, by what they name (id-orders.ts), from `ordersOf` (null:
 * the game ends), put into this game's ids; every stage's dice from a seed of its own, as the judge's.
 */
function idGame(
  g: number,
  me: PlayerId,
  lang: Lang,
  ordersOf: (stage: number, s: NationState) => Map<PlayerId, NationOrder[]> | null,
): IdGame {
  let state = sampleGame();
  const known: Record<Letter, Set<string>> = { A: new Set(), F: new Set(), S: new Set() };
  const out: IdGame = { mails: [], hidden: [] };
  let events: NationEvent[] = [];
  let before = state;
  let n = 0;
  for (let keyed = ordersOf(n, state); keyed; keyed = ordersOf(++n, state)) {
    const orders = new Map([...keyed].map(([p, list]) => [p, resolve(state, list)]));
    const mine = orders.get(me)!;
    out.mails.push(idsIn(mine.map((o) => understood(o, state, lang)).join('\n'), known));
    out.mails.push(idsIn(forecastText(rules.forecast!(state, me, mine, lang)), known));
    before = state;
    const r = rules.adjudicate(state, orders, new SeededRng(`ids-${g}-phase-${n}`), {
      phase: n + 1,
      deadline: null,
      messages: [],
      gm: { decisions: {}, narrative: {}, bulletin: null, rolls: [] },
    });
    state = r.state;
    events = r.events;
    // What everybody knew of when it was numbered (the state the stage started from).
    const declared = r.events.flatMap((e) =>
      e.type === 'declared' && e.action.stage === before.stage ? [e.action] : [],
    );
    const everybody = declared.filter((a) => actionAudience(before, a) === 'all').map((a) => a.id);
    if (before.stage === 1) {
      known.A = new Set(everybody);
      known.F = new Set();
      for (const st of state.strategic.filter((x) => !before.strategic.some((y) => y.id === x.id)))
        if (actionAudience(before, st) === 'all') known.S.add(st.id);
    } else known.F = new Set(everybody);
    out.hidden.push(declared.filter((a) => a.player !== me && actionAudience(before, a) !== 'all').length);
    const model = rules.view(state, r.events, me, lang);
    const report = render('nation', lang, 'report', {
      ...model,
      game: { id: 'g', title: state.title },
      phase: { number: n + 1, label: 'x' },
      next: { number: n + 2, label: 'y', deadlineText: null },
      player: { id: me, name: me },
      gm: false,
      correction: false,
    }).text;
    out.mails.push(idsIn(report, known));
    // The game's public web page of the stage (src/web/data.ts): the public view, its "public" template.
    const page = render('nation', lang, 'public', {
      ...rules.publicView!(state, r.events, lang),
      game: { id: 'g', title: state.title, kind: 'nation' },
      phase: { number: n + 1, label: 'x' },
      next: { number: n + 2, label: 'y', deadline: null, deadlineText: null },
      player: null,
      gm: false,
      correction: false,
    }).text;
    out.mails.push(idsIn(page, known));
  }
  const game = { id: 'g', title: state.title, kind: 'nation' } as GameRow;
  const final = finalResult(game, { state, events, phase: n + 1, before }, lang);
  out.mails.push(idsIn([final.text ?? '', ...final.reveal].join('\n'), known));
  return out;
}

describe('nation action ids (ruling nation/action-ids): no gap tells a player whose secret actions there were', () => {
  it('over seeded games, a player’s mails (acknowledgements, forecasts, reports of both stages, the final mail) and the public page name the same ids whatever the number of the actions of the others he cannot see', () => {
    let compared = 0;
    let differing = 0;
    let unseen = 0;
    for (let g = 0; g < 16; g++) {
      const players = sampleGame().players.map((p) => p.id);
      const me = players[g % players.length]!;
      const lang: Lang = g % 3 === 0 ? 'en' : 'ru';
      // Three turns of orders, made from the game as it goes without more actions.
      const stages: Map<PlayerId, NationOrder[]>[] = [];
      const rng = new SeededRng(`ids-orders-${g}`);
      const base = idGame(g, me, lang, (n, s) => (n < 6 ? (stages[n] = keyedOrders(s, rng, `g${g}.${n}`)) : null));
      for (let v = 1; v <= 2; v++) {
        const extra = new SeededRng(`ids-more-${g}-${v}`);
        const other = idGame(g, me, lang, (n, s) => (stages[n] ? moreUnseen(s, stages[n]!, me, extra) : null));
        expect(other.mails, `game ${g}, ${me} (${lang}), with more actions of the others he cannot see`).toEqual(
          base.mails,
        );
        differing += other.hidden.filter((h, i) => h !== base.hidden[i]).length;
      }
      compared += base.mails.flat().filter((t) => !t.includes('?')).length;
      unseen += base.mails.flat().reduce((sum, t) => sum + (t.includes('?') ? Number(t.split(' ')[1]) : 0), 0);
    }
    // The others' hidden actions did change in number; the mails named many ids of both blocks.
    expect(differing).toBeGreaterThan(150);
    expect(compared).toBeGreaterThan(500);
    expect(unseen).toBeGreaterThan(100);
  }, 120_000);
});

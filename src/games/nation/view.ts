// The report model: the ONLY path from the state to what a reader sees. A
// player gets their own country in full, their orders and figures, the names
// of the other countries and of the orders and figures they know of, and the
// events of the stage whose audience includes them — their own actions in full
// (dice, modifiers), the other actions they may know of by their total only.
// Another player's influence on the reader's action shows only as its effect on
// the total; a secret action of another player, an order or figure the reader
// does not know of, and another country's numbers never appear. The GM gets
// everything. games/nation/ORDERS.md says what each reader is shown.
import { canSee, type Lang, type PlayerId, type ReportModel } from '../../engine/types.js';
import { ageModifier } from './age.js';
import { knowersOf, knowsAction } from './audience.js';
import { outcomeOf } from './dice.js';
import { slotFree, slotPeriods } from './influence.js';
import { levelName } from './ladder.js';
import { reasonText } from './reasons.js';
import { reasonableSize } from './size.js';
import { directionName } from './directions.js';
import { actorName, dndName, msg, nlang, turnsText, yearsText, type NLang } from './texts.js';
import {
  COUNTRY_ATTRS,
  DIRECTIONS,
  type ActorRef,
  type Country,
  type DeclaredAction,
  type Figure,
  type Level,
  type Modifier,
  type NationEvent,
  type NationState,
} from './types.js';

type Reader = PlayerId | 'gm';
type Ev<T extends NationEvent['type']> = Extract<NationEvent, { type: T }>;

// ---------------------------------------------------------------------------
// Words: Fluent messages of templates/nation/<lang>/nation.ftl (texts.ts msg).

/** +1, 0, −2; fractions to two places, with a decimal comma in Russian. */
export function num(n: number, l: NLang): string {
  const r = Math.round(n * 100) / 100;
  const body = String(Math.abs(r));
  const s = l === 'ru' ? body.replace('.', ',') : body;
  return r > 0 ? `+${s}` : r < 0 ? `−${s}` : '0';
}

/** "Хорошо (+1)". */
export function lvl(v: Level, l: NLang): string {
  return `${levelName(v, l)} (${num(v, l)})`;
}

const dieFace = (d: number) => (d > 0 ? '+' : d < 0 ? '−' : '0');
const diceText = (dice: number[], l: NLang) =>
  `${dice.length}dF: ${dice.map(dieFace).join(' ')} = ${num(
    dice.reduce((s, x) => s + x, 0),
    l,
  )}`;

// ---------------------------------------------------------------------------
// The model

export interface TableModel {
  headers: string[];
  rows: string[][];
}

export interface CountryView {
  id: string;
  name: string;
  playerName: string;
  attrs: TableModel;
  style: TableModel;
  /** ПП carried to the next turn. */
  growth: string;
  /** Reasonable size РР. */
  rr: string;
  parties: string[];
  religions: string[];
  climate: string;
  tech: string;
  stateReligion: string;
  free: { key: string; value: string }[];
}

export interface FigureView {
  id: string;
  name: string;
  playerName: string;
  country: string;
  age: number;
  ageText: string;
  ageModifier: string;
  influentiality: string;
  secrecy: string;
  /** Known to other players (knownBy shows them). */
  known: boolean;
  knownBy: string;
  slots: string[];
  influence: TableModel;
  description: string;
}

export interface StrategicView {
  id: string;
  line: string;
  progress: string;
  result: string | null;
}

export interface ActionView {
  id: string;
  line: string;
  details: string[];
}

export interface NationReport extends ReportModel {
  title: string;
  /** The turn and stage this report is about (the stage just adjudicated); stage 0 = the start. */
  turn: number;
  stage: 0 | 1 | 2;
  nextTurn: number;
  nextStage: 1 | 2;
  isGm: boolean;
  bulletin: string | null;
  /** The reader's own country in full (null for the GM). */
  country: CountryView | null;
  /** The GM: every country in full. */
  countries: CountryView[];
  /** The other countries: names only. */
  otherCountries: { id: string; name: string; playerName: string }[];
  /** The reader's orders (the GM: all), with sizes and who knows them. */
  orders: TableModel;
  orderDescriptions: string[];
  /** Orders of other players the reader knows of: names only. */
  knownOrders: TableModel;
  figures: FigureView[];
  knownFigures: TableModel;
  strategic: StrategicView[];
  /** The actions of the stage the reader may know of, with ids. */
  actions: ActionView[];
  /** After stage 1: the declared actions each own figure may influence. */
  influenceHints: string[];
  results: ActionView[];
  influences: string[];
  pi: string[];
  progress: string[];
  strategicDone: string[];
  growth: string[];
  ages: string[];
  adjustments: string[];
  secrecy: string[];
  narrative: { target: string; text: string }[];
  refused: { line: string; text: string; reason: string }[];
  /** Order lines for the next stage, made from the reader's own country, orders and figures. */
  examples: string[];
}

export function view(state: NationState, events: NationEvent[], reader: Reader, lang: Lang): NationReport {
  const l = nlang(lang);
  const t = (id: string, args: Record<string, string | number> = {}) => msg(id, l, args);
  const quoted = (text: string) => t('quoted', { text });
  const none = '—';
  const isGm = reader === 'gm';
  const playerName = (id: PlayerId) => state.players.find((p) => p.id === id)?.name ?? id;
  const knows = (ref: ActorRef) => isGm || ref.type === 'country' || knowersOf(state, ref).includes(reader);
  const mine = (player: PlayerId) => isGm || player === reader;
  /** An actor's name, when the reader may know it. */
  const nameOf = (ref: ActorRef) => (knows(ref) ? actorName(state, ref) : '?');
  const targetRef = (id: string): ActorRef =>
    state.countries.some((c) => c.id === id) ? { type: 'country', id } : { type: 'order', id };
  const visible = events.filter((e) => canSee(e.audience, reader));
  const of = <T extends NationEvent['type']>(t: T) => visible.filter((e): e is Ev<T> => e.type === t);

  // The stage reported: state.stage 2 = stage 1 was just adjudicated; 1 = stage 2 (the turn resolved).
  const stage: 0 | 1 | 2 = state.stage === 2 ? 1 : state.turn > 1 || events.length ? 2 : 0;
  const turn = stage === 1 ? state.turn : stage === 2 ? state.turn - 1 : state.turn;

  // Every action of the turn the events or the state name, by id (for looking up; shown only when visible).
  const actions = new Map<string, { a: DeclaredAction; seen: boolean }>();
  for (const a of state.declared) actions.set(a.id, { a, seen: knowsAction(state, a, reader as PlayerId) || isGm });
  for (const e of events)
    if (e.type === 'declared') {
      const prev = actions.get(e.action.id);
      actions.set(e.action.id, { a: e.action, seen: (prev?.seen ?? false) || canSee(e.audience, reader) });
    }
  const seenAction = (id: string) => {
    const x = actions.get(id);
    return x?.seen && knows(x.a.actor) ? x.a : null;
  };

  // ---- countries
  const countryView = (c: Country): CountryView => ({
    id: c.id,
    name: c.name,
    playerName: playerName(c.player),
    attrs: {
      headers: [t('h-attribute'), t('h-level')],
      rows: COUNTRY_ATTRS.map((a) => [t('attr', { attr: a }), lvl(c.attrs[a], l)]),
    },
    style: {
      headers: [t('h-direction'), t('h-dnd'), t('h-points')],
      rows: DIRECTIONS.map((d) => [directionName(d, l), dndName(d, l), lvl(c.style[d], l)]),
    },
    growth: num(c.growth, l),
    rr: lvl(reasonableSize(state, { type: 'country', id: c.id }) ?? 0, l),
    parties: c.parties.map((p) => `${p.name}: ${lvl(p.influence, l)}`),
    religions: c.religions.map((p) => `${p.name}: ${lvl(p.influence, l)}`),
    climate: c.climate,
    tech: c.tech,
    stateReligion: c.stateReligion ?? none,
    free: Object.entries(c.free).map(([key, value]) => ({ key, value })),
  });
  const own = isGm ? null : (state.countries.find((c) => c.player === reader) ?? null);

  // ---- orders
  const myOrders = state.orders.filter((o) => mine(o.player));
  const others = (ids: PlayerId[], except: PlayerId) => {
    const rest = ids.filter((p) => p !== except);
    return rest.length ? rest.map(playerName).join(', ') : t('nobody');
  };
  const countryName = (id: string) => state.countries.find((c) => c.id === id)?.name ?? id;
  const orders: TableModel = isGm
    ? {
        headers: [t('h-id'), t('h-order'), t('h-player'), t('h-country'), t('h-size'), t('h-secrecy'), t('h-known')],
        rows: myOrders.map((o) => [
          o.id,
          o.name,
          playerName(o.player),
          countryName(o.country),
          lvl(o.size, l),
          t('order-secrecy', { secrecy: o.secrecy }),
          o.secrecy === 'public' ? t('everybody') : others(o.knownBy, ''),
        ]),
      }
    : {
        headers: [t('h-order'), t('h-country'), t('h-size'), t('h-secrecy'), t('h-known-also')],
        rows: myOrders.map((o) => [
          o.name,
          countryName(o.country),
          lvl(o.size, l),
          t('order-secrecy', { secrecy: o.secrecy }),
          o.secrecy === 'public' ? t('everybody') : others(o.knownBy, o.player),
        ]),
      };
  const orderDescriptions = myOrders.filter((o) => o.description).map((o) => `${o.name}: ${o.description}`);
  const knownOrders: TableModel = {
    headers: [t('h-name'), t('h-country')],
    rows: isGm
      ? []
      : state.orders
          .filter((o) => o.player !== reader && knows({ type: 'order', id: o.id }))
          .map((o) => [o.name, countryName(o.country)]),
  };

  // ---- figures
  const figureView = (f: Figure): FigureView => {
    const periods = slotPeriods(f.influentiality);
    return {
      id: f.id,
      name: f.name,
      playerName: playerName(f.player),
      country: countryName(f.country),
      age: f.age,
      ageText: yearsText(f.age, l),
      ageModifier: num(ageModifier(f.age), l),
      influentiality: lvl(f.influentiality, l),
      secrecy: t('figure-secrecy', { secrecy: f.secrecy }),
      known: f.secrecy !== 'underground',
      knownBy: f.secrecy === 'underground' ? t('nobody') : others(f.knownBy, isGm ? '' : f.player),
      slots: periods.map((p, i) => {
        const used = f.slotsUsed[i] ?? null;
        return `${t('slot-every', { n: p })}: ${slotFree(p, used, state.turn) ? t('slot-free') : t('slot-busy', { turn: used! + p })}`;
      }),
      influence: {
        headers: [t('h-influence-on'), t('h-degree'), t('h-pi'), ''],
        rows: f.influence.map((i) => {
          const ref = targetRef(i.order);
          return [
            knows(ref) ? actorName(state, ref) : t('order-unknown-to-you'),
            lvl(i.degree, l),
            num(i.pi, l),
            i.permanent ? t('permanent-slot', { strategic: i.permanent }) : '',
          ];
        }),
      },
      description: f.description,
    };
  };
  const figures = state.figures.filter((f) => mine(f.player)).map(figureView);
  const knownFigures: TableModel = {
    headers: [t('h-name'), t('h-country')],
    rows: isGm
      ? []
      : state.figures
          .filter((f) => f.player !== reader && knows({ type: 'figure', id: f.id }))
          .map((f) => [f.name, countryName(f.country)]),
  };

  // ---- modifiers in words
  const modText = (m: Modifier): { text: string; hidden: boolean } => {
    switch (m.source) {
      case 'style':
        return {
          text: `${t('mod-style', { direction: DIRECTIONS.includes(m.note as never) ? directionName(m.note as never, l) : m.note })}: ${num(m.value, l)}`,
          hidden: false,
        };
      case 'penalty': {
        const p = /^(secret|public) (\d+)\/(\d+) (\w+)$/.exec(m.note);
        const what = p
          ? t('mod-penalty', {
              visibility: p[1]!,
              rank: Number(p[2]),
              count: Number(p[3]),
              entity: t('penalty-entity', { entity: p[4]! }),
            })
          : m.note;
        return { text: `${what}: ${num(m.value, l)}`, hidden: false };
      }
      case 'size': {
        const p = /^rr=(-?\d+) scale=(-?\d+)$/.exec(m.note);
        return {
          text: `${p ? t('mod-size', { rr: lvl(Number(p[1]), l), scale: lvl(Number(p[2]), l) }) : t('mod-scale')}: ${num(m.value, l)}`,
          hidden: false,
        };
      }
      case 'age': {
        const p = /^age=(\d+)$/.exec(m.note);
        return { text: `${p ? t('mod-age', { n: Number(p[1]) }) : m.note}: ${num(m.value, l)}`, hidden: false };
      }
      case 'influence': {
        const f = seenAction(m.note);
        if (f && (mine(f.player) || knows(f.actor)))
          return {
            text: `${t('mod-influence', { id: f.id, who: nameOf(f.actor) })}: ${num(m.value, l)}`,
            hidden: false,
          };
        return { text: '', hidden: true };
      }
      case 'permanent': {
        const f = state.figures.find((x) => x.id === m.note);
        if (f && mine(f.player))
          return { text: `${t('mod-permanent', { who: f.name })}: ${num(m.value, l)}`, hidden: false };
        return { text: '', hidden: true };
      }
      case 'gm':
        return { text: `${t('mod-gm')}: ${num(m.value, l)}`, hidden: false };
      default:
        return { text: `${m.source}: ${num(m.value, l)}`, hidden: false };
    }
  };
  const modLines = (mods: Modifier[]): string[] => {
    const out: string[] = [];
    let hidden = 0;
    for (const m of mods) {
      const mt = modText(m);
      if (mt.hidden) hidden += m.value;
      else out.push(mt.text);
    }
    if (hidden !== 0) out.push(`${t('mod-hidden-influence')}: ${num(hidden, l)}`);
    return out;
  };

  // ---- the declared actions
  const actionLine = (a: DeclaredAction): string => {
    const who = isGm ? ` [${playerName(a.player)}]` : '';
    const parts = [t(a.visibility === 'secret' ? 'secret-adv' : 'public-adv')];
    if (!a.influence) parts.push(directionName(a.direction, l));
    if (a.scale !== null) parts.push(t('action-scale', { level: lvl(a.scale, l) }));
    if (a.strategic) {
      const st = state.strategic.find((s) => s.id === a.strategic);
      parts.push(
        st && st.startedTurn === turn && st.progress.length <= (stage === 1 ? 0 : 1)
          ? t('action-new-strategic', { id: a.strategic })
          : t('action-step', { id: a.strategic }),
      );
    }
    if (a.influence) {
      const target = seenAction(a.influence.target);
      parts.push(
        `${t(a.influence.sign > 0 ? 'support' : 'oppose')} ${a.influence.target}${target ? ` (${nameOf(target.actor)})` : ''}`,
      );
    }
    if (a.gainInfluence) parts.push(t('action-gain', { order: nameOf(targetRef(a.gainInfluence)) }));
    const text = a.text ? ` — ${quoted(a.text)}` : '';
    return `${a.id}${who} ${nameOf(a.actor)}: ${parts.join(', ')}${text}`;
  };
  const declaredNow = [...actions.values()]
    .filter((x) => x.a.stage === stage && x.seen && knows(x.a.actor))
    .map((x) => x.a);
  const actionViews: ActionView[] = declaredNow.map((a) => ({
    id: a.id,
    line: actionLine(a),
    details:
      mine(a.player) && a.penalty
        ? modLines([
            {
              source: 'penalty',
              value: a.penalty.value,
              note: `${a.visibility} ${a.rank}/${a.penalty.count} ${a.penalty.entity}`,
            },
          ])
        : [],
  }));

  // After stage 1: which visible actions each own figure may influence.
  const influenceHints: string[] = [];
  if (stage === 1)
    for (const f of state.figures.filter((x) => mine(x.player))) {
      const targets = declaredNow.filter(
        (a) => a.actor.type !== 'figure' && f.influence.some((i) => i.order === a.actor.id),
      );
      if (targets.length)
        influenceHints.push(`${f.name}: ${targets.map((a) => `${a.id} (${nameOf(a.actor)})`).join(', ')}`);
    }

  // ---- results
  const results: ActionView[] = of('result').map((e) => {
    const a = seenAction(e.action);
    const full = a ? mine(a.player) : isGm;
    const head = a ? actionLine(a) : e.action;
    const total = t('result-total', { total: num(e.total, l), outcome: e.outcome });
    if (!full) return { id: e.action, line: head, details: [total] };
    return {
      id: e.action,
      line: head,
      details: [
        diceText(e.dice, l),
        ...modLines(e.modifiers),
        t('result-difficulty', { level: lvl(e.difficulty, l) }),
        total,
      ],
    };
  });

  // ---- influence and ПИ
  const influences = of('influence').map((e) => {
    const f = state.figures.find((x) => x.id === e.figure);
    const fa = seenAction(e.action);
    const ta = seenAction(e.target);
    const sign = t(e.sign > 0 ? 'support' : 'oppose');
    const target = `${e.target}${ta ? ` (${nameOf(ta.actor)})` : ''}`;
    const who = f && knows({ type: 'figure', id: f.id }) ? f.name : '?';
    if (f && mine(f.player)) {
      const roll = e.roll === null ? '' : `, FD ${dieFace(e.roll)}`;
      return t('influence-own', {
        action: e.action,
        who,
        sign,
        target,
        degree: lvl(e.degree, l),
        roll,
        value: num(e.value, l),
      });
    }
    return `${fa ? fa.id : e.action} ${who}: ${sign} ${target}`;
  });
  const pi = of('pi')
    .filter((e) => {
      const f = state.figures.find((x) => x.id === e.figure);
      return f && mine(f.player);
    })
    .map((e) => {
      const f = state.figures.find((x) => x.id === e.figure)!;
      const ref = targetRef(e.order);
      const on = knows(ref) ? actorName(state, ref) : t('order-unknown-to-you');
      const roll = e.roll === null ? '' : ` (FD ${dieFace(e.roll)})`;
      const degree =
        e.degreeFrom !== e.degreeTo ? t('pi-degree', { from: lvl(e.degreeFrom, l), to: lvl(e.degreeTo, l) }) : '';
      return t('pi-line', {
        figure: f.name,
        on,
        change: num(e.change, l),
        reason: e.reason,
        roll,
        pi: num(e.pi, l),
        degree,
      });
    });

  // ---- strategic actions
  const stratOf = (id: string) => state.strategic.find((s) => s.id === id);
  const progress = of('progress').map((e) => {
    const st = stratOf(e.strategic);
    const full = st ? mine(st.player) : isGm;
    // This turn's step, when the reader may know it: its id, and its own words when they differ from the goal.
    const step = [...actions.values()].find((x) => x.a.strategic === e.strategic && x.seen && knows(x.a.actor))?.a;
    const stepText = step
      ? step.text && step.text !== st?.goal
        ? ` [${step.id} ${quoted(step.text)}]`
        : ` [${step.id}]`
      : '';
    const goal = (st ? ` ${quoted(st.goal)}` : '') + stepText;
    if (!full) return t('progress-other', { id: e.strategic, goal, value: num(e.value, l) });
    const mods = modLines(e.modifiers);
    return t('progress-own', {
      id: e.strategic,
      goal,
      turn: e.turnsDone,
      die: dieFace(e.die),
      mods: mods.length ? `; ${mods.join('; ')}` : '',
      value: num(e.value, l),
    });
  });
  const strategicDone = of('strategic-done').map((e) => {
    const st = stratOf(e.strategic);
    const full = st ? mine(st.player) : isGm;
    const goal = st ? ` ${quoted(st.goal)}` : '';
    const outcome = outcomeOf(e.value);
    if (!full) return t('strategic-done-other', { id: e.strategic, goal, value: num(e.value, l), outcome });
    const dif = e.difficulty ? ` − ${e.difficulty}` : '';
    const formula = `(${num(
      e.dice.reduce((s, x) => s + x, 0),
      l,
    )} + ${num(e.sum, l)} + ${num(e.timeModifier, l)}) × 4 / (${e.estimate} + 4) + ${num(e.timeModifier, l)}${dif}`;
    return t('strategic-done-own', {
      id: e.strategic,
      goal,
      turns: turnsText(e.turns, l),
      estimate: turnsText(e.estimate, l),
      time: num(e.timeModifier, l),
      dice: diceText(e.dice, l),
      sum: num(e.sum, l),
      formula,
      value: num(e.value, l),
      outcome,
    });
  });
  const ended = new Set([
    ...events.filter((e) => e.type === 'strategic-done').map((e) => (e as Ev<'strategic-done'>).strategic),
  ]);
  const strategic: StrategicView[] = state.strategic
    .filter(
      (s) =>
        mine(s.player) &&
        (s.status === 'active' ||
          ended.has(s.id) ||
          (s.status === 'abandoned' && s.progress.length > 0 && s.result === null)),
    )
    .map((s) => {
      const who = isGm ? ` [${playerName(s.player)}]` : '';
      const vis = t(s.visibility === 'secret' ? 'secret-adv' : 'public-adv');
      const est =
        s.mode === 'ask-time'
          ? t('strategic-mode-ask-time', { estimate: s.estimate === null ? '?' : turnsText(s.estimate, l) })
          : t('strategic-mode-ask-difficulty', {
              estimate: turnsText(s.estimate ?? 0, l),
              difficulty: num(s.difficulty, l),
            });
      const planned = s.planned !== null ? t('strategic-planned', { turns: turnsText(s.planned, l) }) : '';
      return {
        id: s.id,
        line: `${s.id}${who} ${nameOf(s.actor)}: ${quoted(s.goal)} — ${directionName(s.direction, l)}, ${vis}; ${est}${planned}; ${t('strategic-status', { status: s.status })}`,
        progress: s.progress.length
          ? s.progress.map((p) => t('turn-value', { turn: p.turn, value: num(p.value, l) })).join(', ') +
            ` (Σ ${num(
              s.progress.reduce((x, p) => x + p.value, 0),
              l,
            )})`
          : none,
        result: s.result ? num(s.result.value, l) : null,
      };
    });

  // ---- growth, age, GM adjustments
  const growth = of('growth')
    .filter((e) => isGm || state.countries.find((c) => c.id === e.country)?.player === reader)
    .map((e) => {
      const c = state.countries.find((x) => x.id === e.country);
      const parts = e.parts.map((p) => `${t('growth-part', { part: p.source })} ${num(p.value, l)}`).join(' + ');
      const population =
        e.populationFrom === e.populationTo
          ? t('population-same', { level: lvl(e.populationTo, l) })
          : t('population-change', { from: lvl(e.populationFrom, l), to: lvl(e.populationTo, l) });
      return t('growth-line', {
        country: c?.name ?? e.country,
        parts,
        pp: num(e.pp, l),
        population,
        carried: num(e.carried, l),
      });
    });
  const ages = of('age')
    .filter((e) => {
      const f = state.figures.find((x) => x.id === e.figure);
      return f && mine(f.player);
    })
    .map((e) => {
      const f = state.figures.find((x) => x.id === e.figure)!;
      return t('age-line', { figure: f.name, n: e.age, modifier: num(e.modifier, l) });
    });
  const adjustments = of('gm-set').map(
    (e) => `${adjustmentName(state, e.target, l, knows)}: ${lvl(e.from, l)} → ${lvl(e.to, l)}`,
  );

  // ---- secrecy
  const secrecy = of('secrecy').map((e) => {
    const ref: ActorRef = { type: e.entity, id: e.id };
    const o = e.entity === 'order' ? state.orders.find((x) => x.id === e.id) : state.figures.find((x) => x.id === e.id);
    const name = o && knows(ref) ? o.name : '?';
    const ownIt = o ? mine(o.player) : isGm;
    const roll = e.roll !== null && e.chance !== null ? t('secrecy-roll', { roll: e.roll, chance: e.chance }) : '';
    if (!ownIt) return t('secrecy-learnt', { entity: e.entity, name, where: o ? countryName(o.country) : '' });
    const st = (s: string) => t(e.entity === 'order' ? 'order-secrecy' : 'figure-secrecy', { secrecy: s });
    if (!e.learnt.length) return t('secrecy-kept', { name, roll });
    const change = e.from === e.to ? '' : `${st(e.from)} → ${st(e.to)}; `;
    return t('secrecy-known', {
      name,
      change,
      entity: e.entity,
      count: e.learnt.length,
      who: e.learnt.map(playerName).join(', '),
      roll,
    });
  });

  // ---- narrative, bulletin, refusals
  const narrative = of('narrative').map((e) => ({
    target: narrativeTarget(state, e.target, knows, seenAction, l),
    text: e.text,
  }));
  const bulletin =
    of('bulletin')
      .map((e) => e.text)
      .join('\n\n') || null;
  const refused = of('refused')
    .filter((e) => mine(e.player))
    .map((e) => ({
      line: `${isGm ? `[${playerName(e.player)}] ` : ''}${e.line ?? '—'}`,
      text: e.text,
      reason: reasonText(e.reason, e.args, l, state),
    }));

  // ---- examples for the next stage
  const examples: string[] = [];
  if (!isGm) {
    const active = state.strategic.find((x) => x.player === reader && x.status === 'active');
    if (state.stage === 1) {
      if (own) examples.push(t('example-country'));
      const o = myOrders[0];
      if (o) examples.push(t('example-order', { order: o.name, scale: levelName(o.size, l) }));
      if (own) examples.push(t('example-strategic'));
      if (o) examples.push(t('example-order-turns', { order: o.name }));
      if (active) examples.push(t('example-continue', { id: active.id }), t('example-abandon', { id: active.id }));
    } else {
      for (const f of state.figures.filter((x) => x.player === reader).slice(0, 2)) {
        const target = declaredNow.find(
          (a) => a.actor.type !== 'figure' && f.influence.some((i) => i.order === a.actor.id),
        );
        if (target)
          examples.push(
            t('example-support', { figure: f.name, id: target.id }),
            t('example-oppose', { figure: f.name, id: target.id }),
          );
        examples.push(t('example-figure', { figure: f.name }));
        const on = f.influence.map((i) => targetRef(i.order)).find(knows);
        if (on) examples.push(t('example-gain', { figure: f.name, order: actorName(state, on), kind: on.type }));
      }
    }
  }

  return {
    title: state.title,
    turn,
    stage,
    nextTurn: state.turn,
    nextStage: state.stage,
    isGm,
    bulletin,
    country: own ? countryView(own) : null,
    countries: isGm ? state.countries.map(countryView) : [],
    otherCountries: state.countries
      .filter((c) => !isGm && c.player !== reader)
      .map((c) => ({ id: c.id, name: c.name, playerName: playerName(c.player) })),
    orders,
    orderDescriptions,
    knownOrders,
    figures,
    knownFigures,
    strategic,
    actions: actionViews,
    influenceHints,
    results,
    influences,
    pi,
    progress,
    strategicDone,
    growth,
    ages,
    adjustments,
    secrecy,
    narrative,
    refused,
    examples,
  };
}

/** What a GM adjustment id names, in words ("set:ruthenia.gold" → "Рутения: Золотой запас"). */
function adjustmentName(state: NationState, target: string, l: NLang, knows: (r: ActorRef) => boolean): string {
  const m = /^([a-z]+):([^.]+)(?:\.(.+))?$/i.exec(target);
  if (!m) return target;
  const [, kind, a, b] = m;
  const country = state.countries.find((c) => c.id === a);
  const order = state.orders.find((o) => o.id === a);
  const figure = state.figures.find((f) => f.id === a);
  switch (kind!.toLowerCase()) {
    case 'set':
      if (country && b && (COUNTRY_ATTRS as readonly string[]).includes(b))
        return `${country.name}: ${msg('attr', l, { attr: b })}`;
      if (country && b) {
        const m2 = /^(party|religion)\.(.+)$/.exec(b);
        return `${country.name}: ${m2 ? msg(m2[1] === 'party' ? 'adjust-party' : 'adjust-religion', l, { name: m2[2]! }) : b}`;
      }
      break;
    case 'style':
      if (country && b && DIRECTIONS.includes(b as never)) return `${country.name}: ${directionName(b as never, l)}`;
      break;
    case 'size':
      if (order && knows({ type: 'order', id: order.id })) return `${order.name}: ${msg('adjust-size', l)}`;
      break;
    case 'degree':
      if (figure && b) {
        const ref: ActorRef = state.countries.some((c) => c.id === b)
          ? { type: 'country', id: b }
          : { type: 'order', id: b };
        return `${figure.name} — ${knows(ref) ? actorName(state, ref) : msg('order-unknown-to-you', l)}: ${msg('adjust-degree', l)}`;
      }
      break;
    case 'influentiality':
      if (figure) return `${figure.name}: ${msg('adjust-influentiality', l)}`;
      break;
  }
  return target;
}

/** A narrative's target in words: an action or strategic id with its actor, or a name. */
function narrativeTarget(
  state: NationState,
  target: string,
  knows: (r: ActorRef) => boolean,
  seenAction: (id: string) => DeclaredAction | null,
  l: NLang,
): string {
  const t = target.toLowerCase();
  const a = [...state.declared].find((x) => x.id.toLowerCase() === t) ?? seenAction(target.toUpperCase());
  if (a) return `${a.id} (${knows(a.actor) ? actorName(state, a.actor) : '?'})`;
  const st = state.strategic.find((x) => x.id.toLowerCase() === t);
  if (st) return `${st.id} ${msg('quoted', l, { text: st.goal })}`;
  const c = state.countries.find((x) => x.id.toLowerCase() === t);
  if (c) return c.name;
  const o = state.orders.find((x) => x.id.toLowerCase() === t);
  if (o) return knows({ type: 'order', id: o.id }) ? o.name : '?';
  const f = state.figures.find((x) => x.id.toLowerCase() === t);
  if (f) return knows({ type: 'figure', id: f.id }) ? f.name : '?';
  return target;
}

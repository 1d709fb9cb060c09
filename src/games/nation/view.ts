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
import { entityName, type EntityType } from './penalties.js';
import { reasonText } from './reasons.js';
import { reasonableSize } from './size.js';
import { DIRECTION_TABLE, directionName } from './style.js';
import { actorName, nlang, plural, turnsText, yearsText, type NLang } from './texts.js';
import {
  COUNTRY_ATTRS,
  DIRECTIONS,
  type ActorRef,
  type Country,
  type CountryAttr,
  type DeclaredAction,
  type Figure,
  type Level,
  type Modifier,
  type NationEvent,
  type NationState,
  type Society,
  type Strategic,
} from './types.js';

type Reader = PlayerId | 'gm';
type Ev<T extends NationEvent['type']> = Extract<NationEvent, { type: T }>;

// ---------------------------------------------------------------------------
// Words

const W = {
  ru: {
    attrs: { population: 'Население', area: 'Площадь территории', gold: 'Золотой запас', gnp: 'ВНП', tax: 'Налог', army: 'Численность армии', stability: 'Стабильность' } as Record<CountryAttr, string>,
    attrHeaders: ['Атрибут', 'Уровень'],
    styleHeaders: ['Направление', 'D&D', 'Очки'],
    orderHeaders: ['Орден', 'Страна', 'Размер', 'Секретность', 'Знают также'],
    orderHeadersGm: ['id', 'Орден', 'Игрок', 'Страна', 'Размер', 'Секретность', 'Знают'],
    knownHeaders: ['Название', 'Страна'],
    influenceHeaders: ['Влияние на', 'Степень', 'ПИ', ''],
    secrecy: { underground: 'подпольный', partial: 'известен не всем', public: 'общеизвестный' } as Record<Society['secrecy'], string>,
    figSecrecy: { underground: 'подпольная', known: 'известна' } as Record<Figure['secrecy'], string>,
    nobody: 'никто',
    everybody: 'все',
    none: '—',
    unknownOrder: '(орден, о котором вам неизвестно)',
    secret: 'тайно',
    public: 'публично',
    every: (p: number) => (p === 1 ? 'каждый ход' : `раз в ${p} ${plural(p, 'ход', 'хода', 'ходов')}`),
    slotFree: 'свободно',
    slotBusy: (t: number) => `занято до хода ${t}`,
    outcome: { success: 'успех', failure: 'неуспех', disaster: 'провал (очень плохо)' } as Record<string, string>,
    difficulty: 'сложность',
    total: 'итог',
    gmMod: 'ведущий',
    hiddenInfluence: 'влияние (чьё — вам неизвестно)',
    influenceOf: (id: string, who: string) => `влияние ${id} (${who})`,
    permanent: (who: string) => `перманентное влияние (${who})`,
    penalty: (vis: string, rank: number, count: number, entity: string) => `действие ${rank} из ${count} ${vis === 'secret' ? 'тайных' : 'публичных'} (${entity})`,
    entity: { country: 'страна', underground: 'подпольный орден', partial: 'орден, известный не всем', public: 'общеизвестный орден', undergroundFigure: 'подпольная фигура', figure: 'фигура' } as Record<string, string>,
    size: (rr: string, sc: string) => `масштаб ${sc} при РР ${rr}`,
    age: (a: number) => `возраст ${yearsText(a, 'ru')}`,
    step: (id: string) => `шаг стратегического действия ${id}`,
    newStrategic: (id: string) => `новое стратегическое действие ${id}`,
    scale: 'масштаб',
    supports: 'поддержка',
    opposes: 'противодействие',
    gain: (o: string) => `усиление влияния на «${o}»`,
    piReason: {
      'positive-success': 'поддержка успешного действия',
      'negative-failure': 'противодействие неуспешному действию',
      'negative-disaster': 'противодействие провалившемуся действию',
      'no-effect': 'влияние без последствий',
      gain: 'действие «усилить влияние»',
      idle: 'ход без влияния: −(1+FD)',
    } as Record<string, string>,
    growthParts: { die: 'FD', 'area-population': '(площадь − население)', gnp: 'ВНП', stability: 'стабильность', gm: 'модификаторы', carried: 'ПП прошлого хода' } as Record<string, string>,
    modeAskTime: 'время оценивает ведущий',
    modeAskDif: 'время назвал игрок, сложность — ведущего',
    status: { active: 'выполняется', done: 'завершено', abandoned: 'прекращено' } as Record<Strategic['status'], string>,
  },
  en: {
    attrs: { population: 'Population', area: 'Area', gold: 'Gold reserve', gnp: 'GNP', tax: 'Tax', army: 'Army', stability: 'Stability' } as Record<CountryAttr, string>,
    attrHeaders: ['Attribute', 'Level'],
    styleHeaders: ['Direction', 'D&D', 'Points'],
    orderHeaders: ['Order', 'Country', 'Size', 'Secrecy', 'Also known to'],
    orderHeadersGm: ['id', 'Order', 'Player', 'Country', 'Size', 'Secrecy', 'Known to'],
    knownHeaders: ['Name', 'Country'],
    influenceHeaders: ['On', 'Degree', 'ПИ', ''],
    secrecy: { underground: 'underground', partial: 'known to some', public: 'known to all' } as Record<Society['secrecy'], string>,
    figSecrecy: { underground: 'underground', known: 'known' } as Record<Figure['secrecy'], string>,
    nobody: 'nobody',
    everybody: 'everybody',
    none: '—',
    unknownOrder: '(an order you do not know of)',
    secret: 'secret',
    public: 'public',
    every: (p: number) => (p === 1 ? 'every turn' : `once in ${p} turns`),
    slotFree: 'free',
    slotBusy: (t: number) => `used until turn ${t}`,
    outcome: { success: 'success', failure: 'failure', disaster: 'disaster' } as Record<string, string>,
    difficulty: 'difficulty',
    total: 'total',
    gmMod: 'GM',
    hiddenInfluence: 'influence (whose, you do not know)',
    influenceOf: (id: string, who: string) => `influence ${id} (${who})`,
    permanent: (who: string) => `permanent influence (${who})`,
    penalty: (vis: string, rank: number, count: number, entity: string) => `action ${rank} of ${count} ${vis} (${entity})`,
    entity: { country: 'country', underground: 'underground order', partial: 'order known to some', public: 'order known to all', undergroundFigure: 'underground figure', figure: 'figure' } as Record<string, string>,
    size: (rr: string, sc: string) => `scale ${sc} at reasonable size ${rr}`,
    age: (a: number) => `age ${yearsText(a, 'en')}`,
    step: (id: string) => `step of strategic action ${id}`,
    newStrategic: (id: string) => `new strategic action ${id}`,
    scale: 'scale',
    supports: 'support of',
    opposes: 'opposition to',
    gain: (o: string) => `increasing influence on "${o}"`,
    piReason: {
      'positive-success': 'support of a successful action',
      'negative-failure': 'opposition to a failed action',
      'negative-disaster': 'opposition to a disastrous action',
      'no-effect': 'influence without effect',
      gain: '"increase influence" action',
      idle: 'a turn without influence: −(1+FD)',
    } as Record<string, string>,
    growthParts: { die: 'FD', 'area-population': '(area − population)', gnp: 'GNP', stability: 'stability', gm: 'modifiers', carried: 'last turn’s ПП' } as Record<string, string>,
    modeAskTime: 'the GM estimates the time',
    modeAskDif: 'time named by the player, difficulty by the GM',
    status: { active: 'in progress', done: 'done', abandoned: 'abandoned' } as Record<Strategic['status'], string>,
  },
};

/** +1, 0, −2; fractions to two places, with a decimal comma in Russian. */
function num(n: number, l: NLang): string {
  const r = Math.round(n * 100) / 100;
  const body = String(Math.abs(r));
  const s = l === 'ru' ? body.replace('.', ',') : body;
  return r > 0 ? `+${s}` : r < 0 ? `−${s}` : '0';
}

/** "Хорошо (+1)". */
function lvl(v: Level, l: NLang): string {
  return `${levelName(v, l)} (${num(v, l)})`;
}

const dieFace = (d: number) => (d > 0 ? '+' : d < 0 ? '−' : '0');
const diceText = (dice: number[], l: NLang) => `${dice.length}dF: ${dice.map(dieFace).join(' ')} = ${num(dice.reduce((s, x) => s + x, 0), l)}`;

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
  const w = W[l];
  const isGm = reader === 'gm';
  const playerName = (id: PlayerId) => state.players.find((p) => p.id === id)?.name ?? id;
  const knows = (ref: ActorRef) => isGm || ref.type === 'country' || knowersOf(state, ref).includes(reader);
  const owner = (ref: ActorRef): PlayerId | null => {
    const list: { id: string; player: PlayerId }[] = ref.type === 'country' ? state.countries : ref.type === 'order' ? state.orders : state.figures;
    return list.find((x) => x.id === ref.id)?.player ?? null;
  };
  const mine = (player: PlayerId) => isGm || player === reader;
  /** An actor's name, when the reader may know it. */
  const nameOf = (ref: ActorRef) => (knows(ref) ? actorName(state, ref) : '?');
  const targetRef = (id: string): ActorRef => (state.countries.some((c) => c.id === id) ? { type: 'country', id } : { type: 'order', id });
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
    return x && x.seen && knows(x.a.actor) ? x.a : null;
  };

  // ---- countries
  const countryView = (c: Country): CountryView => ({
    id: c.id,
    name: c.name,
    playerName: playerName(c.player),
    attrs: { headers: w.attrHeaders, rows: COUNTRY_ATTRS.map((a) => [w.attrs[a], lvl(c.attrs[a], l)]) },
    style: {
      headers: w.styleHeaders,
      rows: DIRECTIONS.map((d) => [directionName(d, l), dndName(d), lvl(c.style[d], l)]),
    },
    growth: num(c.growth, l),
    rr: lvl(reasonableSize(state, { type: 'country', id: c.id }) ?? 0, l),
    parties: c.parties.map((p) => `${p.name}: ${lvl(p.influence, l)}`),
    religions: c.religions.map((p) => `${p.name}: ${lvl(p.influence, l)}`),
    climate: c.climate,
    tech: c.tech,
    stateReligion: c.stateReligion ?? w.none,
    free: Object.entries(c.free).map(([key, value]) => ({ key, value })),
  });
  const own = isGm ? null : state.countries.find((c) => c.player === reader) ?? null;

  // ---- orders
  const myOrders = state.orders.filter((o) => mine(o.player));
  const others = (ids: PlayerId[], except: PlayerId) => {
    const rest = ids.filter((p) => p !== except);
    return rest.length ? rest.map(playerName).join(', ') : w.nobody;
  };
  const countryName = (id: string) => state.countries.find((c) => c.id === id)?.name ?? id;
  const orders: TableModel = isGm
    ? { headers: w.orderHeadersGm, rows: myOrders.map((o) => [o.id, o.name, playerName(o.player), countryName(o.country), lvl(o.size, l), w.secrecy[o.secrecy], o.secrecy === 'public' ? w.everybody : others(o.knownBy, '')]) }
    : { headers: w.orderHeaders, rows: myOrders.map((o) => [o.name, countryName(o.country), lvl(o.size, l), w.secrecy[o.secrecy], o.secrecy === 'public' ? w.everybody : others(o.knownBy, o.player)]) };
  const orderDescriptions = myOrders.filter((o) => o.description).map((o) => `${o.name}: ${o.description}`);
  const knownOrders: TableModel = {
    headers: w.knownHeaders,
    rows: isGm ? [] : state.orders.filter((o) => o.player !== reader && knows({ type: 'order', id: o.id })).map((o) => [o.name, countryName(o.country)]),
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
      secrecy: w.figSecrecy[f.secrecy],
      known: f.secrecy !== 'underground',
      knownBy: f.secrecy === 'underground' ? w.nobody : others(f.knownBy, isGm ? '' : f.player),
      slots: periods.map((p, i) => {
        const used = f.slotsUsed[i] ?? null;
        return `${w.every(p)}: ${slotFree(p, used, state.turn) ? w.slotFree : w.slotBusy(used! + p)}`;
      }),
      influence: {
        headers: w.influenceHeaders,
        rows: f.influence.map((i) => {
          const ref = targetRef(i.order);
          return [knows(ref) ? actorName(state, ref) : w.unknownOrder, lvl(i.degree, l), num(i.pi, l), i.permanent ? (l === 'ru' ? `перманентно: ${i.permanent}` : `permanent: ${i.permanent}`) : ''];
        }),
      },
      description: f.description,
    };
  };
  const figures = state.figures.filter((f) => mine(f.player)).map(figureView);
  const knownFigures: TableModel = {
    headers: w.knownHeaders,
    rows: isGm ? [] : state.figures.filter((f) => f.player !== reader && knows({ type: 'figure', id: f.id })).map((f) => [f.name, countryName(f.country)]),
  };

  // ---- modifiers in words
  const modText = (m: Modifier): { text: string; hidden: boolean } => {
    switch (m.source) {
      case 'style':
        return { text: `${l === 'ru' ? 'стиль' : 'style'}, ${DIRECTIONS.includes(m.note as never) ? directionName(m.note as never, l) : m.note}: ${num(m.value, l)}`, hidden: false };
      case 'penalty': {
        const p = /^(secret|public) (\d+)\/(\d+) (\w+)$/.exec(m.note);
        const t = p ? w.penalty(p[1]!, Number(p[2]), Number(p[3]), w.entity[p[4]!] ?? entityName(p[4] as EntityType, l)) : m.note;
        return { text: `${t}: ${num(m.value, l)}`, hidden: false };
      }
      case 'size': {
        const p = /^rr=(-?\d+) scale=(-?\d+)$/.exec(m.note);
        return { text: `${p ? w.size(lvl(Number(p[1]), l), lvl(Number(p[2]), l)) : w.scale}: ${num(m.value, l)}`, hidden: false };
      }
      case 'age': {
        const p = /^age=(\d+)$/.exec(m.note);
        return { text: `${p ? w.age(Number(p[1])) : m.note}: ${num(m.value, l)}`, hidden: false };
      }
      case 'influence': {
        const f = seenAction(m.note);
        if (f && (mine(f.player) || knows(f.actor))) return { text: `${w.influenceOf(f.id, nameOf(f.actor))}: ${num(m.value, l)}`, hidden: false };
        return { text: '', hidden: true };
      }
      case 'permanent': {
        const f = state.figures.find((x) => x.id === m.note);
        if (f && mine(f.player)) return { text: `${w.permanent(f.name)}: ${num(m.value, l)}`, hidden: false };
        return { text: '', hidden: true };
      }
      case 'gm':
        return { text: `${w.gmMod}: ${num(m.value, l)}`, hidden: false };
      default:
        return { text: `${m.source}: ${num(m.value, l)}`, hidden: false };
    }
  };
  const modLines = (mods: Modifier[]): string[] => {
    const out: string[] = [];
    let hidden = 0;
    for (const m of mods) {
      const t = modText(m);
      if (t.hidden) hidden += m.value;
      else out.push(t.text);
    }
    if (hidden !== 0) out.push(`${w.hiddenInfluence}: ${num(hidden, l)}`);
    return out;
  };

  // ---- the declared actions
  const actionLine = (a: DeclaredAction): string => {
    const who = isGm ? ` [${playerName(a.player)}]` : '';
    const parts = [a.visibility === 'secret' ? w.secret : w.public];
    if (!a.influence) parts.push(directionName(a.direction, l));
    if (a.scale !== null) parts.push(`${w.scale} ${lvl(a.scale, l)}`);
    if (a.strategic) {
      const st = state.strategic.find((s) => s.id === a.strategic);
      parts.push(st && st.startedTurn === turn && st.progress.length <= (stage === 1 ? 0 : 1) ? w.newStrategic(a.strategic) : w.step(a.strategic));
    }
    if (a.influence) {
      const t = seenAction(a.influence.target);
      parts.push(`${a.influence.sign > 0 ? w.supports : w.opposes} ${a.influence.target}${t ? ` (${nameOf(t.actor)})` : ''}`);
    }
    if (a.gainInfluence) parts.push(w.gain(nameOf(targetRef(a.gainInfluence))));
    const text = a.text ? (l === 'ru' ? ` — «${a.text}»` : ` — "${a.text}"`) : '';
    return `${a.id}${who} ${nameOf(a.actor)}: ${parts.join(', ')}${text}`;
  };
  const declaredNow = [...actions.values()].filter((x) => x.a.stage === stage && x.seen && knows(x.a.actor)).map((x) => x.a);
  const actionViews: ActionView[] = declaredNow.map((a) => ({
    id: a.id,
    line: actionLine(a),
    details: mine(a.player) && a.penalty ? modLines([{ source: 'penalty', value: a.penalty.value, note: `${a.visibility} ${a.rank}/${a.penalty.count} ${a.penalty.entity}` }]) : [],
  }));

  // After stage 1: which visible actions each own figure may influence.
  const influenceHints: string[] = [];
  if (stage === 1)
    for (const f of state.figures.filter((x) => mine(x.player))) {
      const targets = declaredNow.filter((a) => a.actor.type !== 'figure' && f.influence.some((i) => i.order === a.actor.id));
      if (targets.length) influenceHints.push(`${f.name}: ${targets.map((a) => `${a.id} (${nameOf(a.actor)})`).join(', ')}`);
    }

  // ---- results
  const results: ActionView[] = of('result').map((e) => {
    const a = seenAction(e.action);
    const full = a ? mine(a.player) : isGm;
    const head = a ? actionLine(a) : e.action;
    const outcome = w.outcome[e.outcome] ?? e.outcome;
    if (!full) return { id: e.action, line: head, details: [`${w.total} ${num(e.total, l)}: ${outcome}`] };
    return {
      id: e.action,
      line: head,
      details: [diceText(e.dice, l), ...modLines(e.modifiers), `${w.difficulty}: ${lvl(e.difficulty, l)}`, `${w.total} ${num(e.total, l)}: ${outcome}`],
    };
  });

  // ---- influence and ПИ
  const influences = of('influence').map((e) => {
    const f = state.figures.find((x) => x.id === e.figure);
    const fa = seenAction(e.action);
    const t = seenAction(e.target);
    const sign = e.sign > 0 ? w.supports : w.opposes;
    const target = `${e.target}${t ? ` (${nameOf(t.actor)})` : ''}`;
    const who = f && knows({ type: 'figure', id: f.id }) ? f.name : '?';
    if (f && mine(f.player)) {
      const roll = e.roll === null ? '' : `, FD ${dieFace(e.roll)}`;
      return l === 'ru'
        ? `${e.action} ${who}: ${sign} ${target}, степень ${lvl(e.degree, l)}${roll} → модификатор ${num(e.value, l)}`
        : `${e.action} ${who}: ${sign} ${target}, degree ${lvl(e.degree, l)}${roll} → modifier ${num(e.value, l)}`;
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
      const on = knows(ref) ? actorName(state, ref) : w.unknownOrder;
      const why = w.piReason[e.reason] ?? e.reason;
      const roll = e.roll === null ? '' : ` (FD ${dieFace(e.roll)})`;
      const deg = e.degreeFrom !== e.degreeTo ? (l === 'ru' ? `; степень ${lvl(e.degreeFrom, l)} → ${lvl(e.degreeTo, l)}` : `; degree ${lvl(e.degreeFrom, l)} → ${lvl(e.degreeTo, l)}`) : '';
      return `${f.name} — ${on}: ПИ ${num(e.change, l)}, ${why}${roll} → ПИ ${num(e.pi, l)}${deg}`;
    });

  // ---- strategic actions
  const stratOf = (id: string) => state.strategic.find((s) => s.id === id);
  const progress = of('progress').map((e) => {
    const st = stratOf(e.strategic);
    const full = st ? mine(st.player) : isGm;
    // This turn's step, when the reader may know it: its id, and its own words when they differ from the goal.
    const step = [...actions.values()].find((x) => x.a.strategic === e.strategic && x.seen && knows(x.a.actor))?.a;
    const stepText = step ? (step.text && step.text !== st?.goal ? ` [${step.id}${l === 'ru' ? ` «${step.text}»` : ` "${step.text}"`}]` : ` [${step.id}]`) : '';
    const goal = (st ? (l === 'ru' ? ` «${st.goal}»` : ` "${st.goal}"`) : '') + stepText;
    if (!full) return `${e.strategic}${goal}: ${l === 'ru' ? 'продвижение' : 'progress'} ${num(e.value, l)}`;
    const mods = modLines(e.modifiers);
    return l === 'ru'
      ? `${e.strategic}${goal}, ход ${e.turnsDone}: 1dF ${dieFace(e.die)}${mods.length ? `; ${mods.join('; ')}` : ''} → продвижение ${num(e.value, l)}`
      : `${e.strategic}${goal}, turn ${e.turnsDone}: 1dF ${dieFace(e.die)}${mods.length ? `; ${mods.join('; ')}` : ''} → progress ${num(e.value, l)}`;
  });
  const strategicDone = of('strategic-done').map((e) => {
    const st = stratOf(e.strategic);
    const full = st ? mine(st.player) : isGm;
    const goal = st ? (l === 'ru' ? ` «${st.goal}»` : ` "${st.goal}"`) : '';
    const outcome = w.outcome[outcomeOf(e.value)] ?? '';
    if (!full) return `${e.strategic}${goal}: ${w.total} ${num(e.value, l)} (${outcome})`;
    const dif = e.difficulty ? ` − ${e.difficulty}` : '';
    const formula = `(${num(e.dice.reduce((s, x) => s + x, 0), l)} + ${num(e.sum, l)} + ${num(e.timeModifier, l)}) × 4 / (${e.estimate} + 4) + ${num(e.timeModifier, l)}${dif}`;
    return l === 'ru'
      ? `${e.strategic}${goal}: ${turnsText(e.turns, l)} при оценке ${turnsText(e.estimate, l)}, модификатор времени ${num(e.timeModifier, l)}; ${diceText(e.dice, l)}; сумма продвижения ${num(e.sum, l)}; ${formula} = ${num(e.value, l)} — ${outcome}`
      : `${e.strategic}${goal}: ${turnsText(e.turns, l)} against an estimate of ${turnsText(e.estimate, l)}, time modifier ${num(e.timeModifier, l)}; ${diceText(e.dice, l)}; progress sum ${num(e.sum, l)}; ${formula} = ${num(e.value, l)} — ${outcome}`;
  });
  const ended = new Set([...events.filter((e) => e.type === 'strategic-done').map((e) => (e as Ev<'strategic-done'>).strategic)]);
  const strategic: StrategicView[] = state.strategic
    .filter((s) => mine(s.player) && (s.status === 'active' || ended.has(s.id) || (s.status === 'abandoned' && s.progress.length > 0 && s.result === null)))
    .map((s) => {
      const who = isGm ? ` [${playerName(s.player)}]` : '';
      const vis = s.visibility === 'secret' ? w.secret : w.public;
      const est =
        s.mode === 'ask-time'
          ? `${w.modeAskTime}: ${s.estimate === null ? '?' : turnsText(s.estimate, l)}`
          : `${w.modeAskDif}: ${turnsText(s.estimate ?? 0, l)}, ${w.difficulty} ${num(s.difficulty, l)}`;
      const planned = s.planned !== null ? (l === 'ru' ? `; запланировано ${turnsText(s.planned, l)}` : `; planned ${turnsText(s.planned, l)}`) : '';
      return {
        id: s.id,
        line: `${s.id}${who} ${nameOf(s.actor)}: ${l === 'ru' ? `«${s.goal}»` : `"${s.goal}"`} — ${directionName(s.direction, l)}, ${vis}; ${est}${planned}; ${w.status[s.status]}`,
        progress: s.progress.length
          ? s.progress.map((p) => (l === 'ru' ? `ход ${p.turn}: ${num(p.value, l)}` : `turn ${p.turn}: ${num(p.value, l)}`)).join(', ') + ` (Σ ${num(s.progress.reduce((x, p) => x + p.value, 0), l)})`
          : w.none,
        result: s.result ? num(s.result.value, l) : null,
      };
    });

  // ---- growth, age, GM adjustments
  const growth = of('growth')
    .filter((e) => isGm || state.countries.find((c) => c.id === e.country)?.player === reader)
    .map((e) => {
      const c = state.countries.find((x) => x.id === e.country);
      const parts = e.parts.map((p) => `${w.growthParts[p.source] ?? p.source} ${num(p.value, l)}`).join(' + ');
      const pop =
        e.populationFrom === e.populationTo
          ? l === 'ru'
            ? `население без изменений: ${lvl(e.populationTo, l)}`
            : `population unchanged: ${lvl(e.populationTo, l)}`
          : l === 'ru'
            ? `население ${lvl(e.populationFrom, l)} → ${lvl(e.populationTo, l)}`
            : `population ${lvl(e.populationFrom, l)} → ${lvl(e.populationTo, l)}`;
      return `${c?.name ?? e.country}: ПП = ${parts} = ${num(e.pp, l)}; ${pop}; ${l === 'ru' ? 'ПП на следующий ход' : 'ПП carried'} ${num(e.carried, l)}`;
    });
  const ages = of('age')
    .filter((e) => {
      const f = state.figures.find((x) => x.id === e.figure);
      return f && mine(f.player);
    })
    .map((e) => {
      const f = state.figures.find((x) => x.id === e.figure)!;
      return l === 'ru' ? `${f.name}: ${yearsText(e.age, l)}, модификатор возраста ${num(e.modifier, l)}` : `${f.name}: ${yearsText(e.age, l)}, age modifier ${num(e.modifier, l)}`;
    });
  const adjustments = of('gm-set').map((e) => `${adjustmentName(state, e.target, l, knows)}: ${lvl(e.from, l)} → ${lvl(e.to, l)}`);

  // ---- secrecy
  const secrecy = of('secrecy').map((e) => {
    const ref: ActorRef = { type: e.entity, id: e.id };
    const o = e.entity === 'order' ? state.orders.find((x) => x.id === e.id) : state.figures.find((x) => x.id === e.id);
    const name = o && knows(ref) ? o.name : '?';
    const ownIt = o ? mine(o.player) : isGm;
    const roll = e.roll !== null && e.chance !== null ? (l === 'ru' ? ` (бросок d100: ${e.roll} при ${e.chance}%)` : ` (d100 roll ${e.roll} against ${e.chance}%)`) : '';
    if (!ownIt) {
      const where = o ? countryName(o.country) : '';
      return l === 'ru'
        ? `Вы узнали о существовании ${e.entity === 'order' ? 'ордена' : 'фигуры'} «${name}» (${where}).`
        : `You learnt that the ${e.entity} "${name}" (${where}) exists.`;
    }
    const st = (s: string) => (e.entity === 'order' ? (w.secrecy[s as Society['secrecy']] ?? s) : (w.figSecrecy[s as Figure['secrecy']] ?? s));
    if (!e.learnt.length)
      return l === 'ru' ? `${name}: секретность сохранена${roll}.` : `${name}: secrecy kept${roll}.`;
    const change = e.from === e.to ? '' : `${st(e.from)} → ${st(e.to)}; `;
    const who = e.learnt.map(playerName).join(', ');
    return l === 'ru'
      ? `${name}: ${change}теперь о ${e.entity === 'order' ? 'нём' : 'ней'} ${e.learnt.length === 1 ? 'знает' : 'знают'} также: ${who}${roll}.`
      : `${name}: ${change}now also known to: ${who}${roll}.`;
  });

  // ---- narrative, bulletin, refusals
  const narrative = of('narrative').map((e) => ({ target: narrativeTarget(state, e.target, knows, seenAction), text: e.text }));
  const bulletin = of('bulletin').map((e) => e.text).join('\n\n') || null;
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
    const ru = l === 'ru';
    const active = state.strategic.find((x) => x.player === reader && x.status === 'active');
    if (state.stage === 1) {
      if (own) examples.push(ru ? 'Страна публично, Мудрость: построить библиотеку' : 'Country public, Wisdom: build a library');
      const o = myOrders[0];
      if (o) examples.push(ru ? `${o.name} тайно, Агрессивность, масштаб ${levelName(o.size, l)} — захватить порт` : `${o.name} secret, Aggressiveness, scale ${levelName(o.size, l)} — take the port`);
      if (own) examples.push(ru ? 'Страна, стратегическое, Интеллектуальность, сколько времени? — изобрести порох' : 'Country, strategic, Intellect, how long? — invent gunpowder');
      if (o) examples.push(ru ? `${o.name} публично, Мудрость, за 3 хода — осушить болота` : `${o.name} public, Wisdom, in 3 turns — drain the marshes`);
      if (active) examples.push(ru ? `Продолжить ${active.id}` : `Continue ${active.id}`, ru ? `Отказаться от ${active.id}` : `Abandon ${active.id}`);
    } else {
      for (const f of state.figures.filter((x) => x.player === reader).slice(0, 2)) {
        const t = declaredNow.find((a) => a.actor.type !== 'figure' && f.influence.some((i) => i.order === a.actor.id));
        if (t) examples.push(ru ? `${f.name} тайно, поддержать ${t.id}` : `${f.name} secret, support ${t.id}`, ru ? `${f.name}: против ${t.id}` : `${f.name}: oppose ${t.id}`);
        examples.push(ru ? `${f.name} публично, Коммуникативность: провести переговоры` : `${f.name} public, Communicativeness: hold talks`);
        const on = f.influence.map((i) => targetRef(i.order)).find(knows);
        if (on) examples.push(ru ? `${f.name}: усилить влияние на «${actorName(state, on)}»` : `${f.name}: increase influence on "${actorName(state, on)}"`);
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
    otherCountries: state.countries.filter((c) => !isGm && c.player !== reader).map((c) => ({ id: c.id, name: c.name, playerName: playerName(c.player) })),
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

const DND = new Map<string, string>(DIRECTION_TABLE.map((x) => [x.id, x.dnd]));
function dndName(d: string): string {
  return DND.get(d) ?? d;
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
      if (country && b && (COUNTRY_ATTRS as readonly string[]).includes(b)) return `${country.name}: ${W[l].attrs[b as CountryAttr]}`;
      if (country && b) return `${country.name}: ${b.replace(/^party\./, l === 'ru' ? 'партия ' : 'party ').replace(/^religion\./, l === 'ru' ? 'религия ' : 'religion ')}`;
      break;
    case 'style':
      if (country && b && DIRECTIONS.includes(b as never)) return `${country.name}: ${directionName(b as never, l)}`;
      break;
    case 'size':
      if (order && knows({ type: 'order', id: order.id })) return `${order.name}: ${l === 'ru' ? 'размер' : 'size'}`;
      break;
    case 'degree':
      if (figure && b) {
        const ref: ActorRef = state.countries.some((c) => c.id === b) ? { type: 'country', id: b } : { type: 'order', id: b };
        return `${figure.name} — ${knows(ref) ? actorName(state, ref) : W[l].unknownOrder}: ${l === 'ru' ? 'степень влияния' : 'degree of influence'}`;
      }
      break;
    case 'influentiality':
      if (figure) return `${figure.name}: ${l === 'ru' ? 'влиятельность' : 'influentiality'}`;
      break;
  }
  return target;
}

/** A narrative's target in words: an action or strategic id with its actor, or a name. */
function narrativeTarget(state: NationState, target: string, knows: (r: ActorRef) => boolean, seenAction: (id: string) => DeclaredAction | null): string {
  const t = target.toLowerCase();
  const a = [...state.declared].find((x) => x.id.toLowerCase() === t) ?? seenAction(target.toUpperCase());
  if (a) return `${a.id} (${knows(a.actor) ? actorName(state, a.actor) : '?'})`;
  const st = state.strategic.find((x) => x.id.toLowerCase() === t);
  if (st) return `${st.id} «${st.goal}»`;
  const c = state.countries.find((x) => x.id.toLowerCase() === t);
  if (c) return c.name;
  const o = state.orders.find((x) => x.id.toLowerCase() === t);
  if (o) return knows({ type: 'order', id: o.id }) ? o.name : '?';
  const f = state.figures.find((x) => x.id.toLowerCase() === t);
  if (f) return knows({ type: 'figure', id: f.id }) ? f.name : '?';
  return target;
}

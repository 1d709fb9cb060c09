// The FanDi order language: one order per line, Czech (with or without
// diacritics, any grammatical case, natural word order) or English. See
// games/fandi/ORDERS.md; the words are in games/fandi/words.json (words.ts).
//
// A line is cut into words; each word is a square (B4, AA12), a number, a unit id
// (#12), a unit type (units.json stems), a keyword (words.json) or an unknown word.
// The keyword that names a use of money or an action (hradby, špión, posel, kabát,
// útok …) decides the order; a bare verb (postav, přesuň) decides when there is none;
// a line without keyword is a move. Prepositions give squares their role: "z B4"
// is where from, "do C7" / "na C7" where to, "přes C5" a waypoint.
import type { LineError, OrderContext, OrderEcho, ParseResult } from '../../engine/types.js';
import { citiesOf, cityAt, neighbouringCities } from './map.js';
import { message } from './messages.js';
import { expandWaypoints } from './movement.js';
import { selectUnits } from './selection.js';
import type { FandiOrder, FandiState, OrderWarning, PlayerId, Square } from './state.js';
import { playerOf } from './state.js';
import { UNIT_IDS, unitDef, unitFromWord } from './units.js';
import { exactConcept, stemConcept } from './words.js';

export { normalize } from './words.js';
import { describeOrder } from './order-describe.js';
import {
  type OrderBody,
  type ParseMemo,
  amountOf,
  classifyWord,
  coatPlayer,
  gather,
  maxExtra,
  noExtra,
  orderedSquares,
  ownCity,
  selection,
  theCity,
  verbOf,
} from './order-parts.js';
import { OrderError, type Tok, fail, tokenize, unitIndex } from './order-tokens.js';

function parseLine(state: FandiState, player: PlayerId, line: string, memo: ParseMemo): OrderBody | null {
  const index = unitIndex(state);
  const toks = tokenize(line);
  if (toks.length === 0) return null;
  const me = playerOf(state, player)!;
  // Coat orders name a player; find it first (god names may look like other words).
  const concepts = new Set(toks.map((t) => exactConcept(t.t) ?? (unitFromWord(t.t) ? null : stemConcept(t.raw))));
  const wantsPlayer = concepts.has('coat') || concepts.has('give');
  const named = wantsPlayer ? coatPlayer(state, toks) : null;
  const playerToks = new Set<Tok>(named && 'used' in named ? [...named.used].map((i) => toks[i]!) : []);
  const words = toks.filter((t) => !playerToks.has(t)).map((t) => classifyWord(state, t));
  const verb = verbOf(words, named !== null);
  const p = gather(words, verb);

  if (verb === 'attack') {
    const types = p.rest ? [...UNIT_IDS] : p.types;
    if (types.length === 0) fail(p.words.length ? 'unknown-unit' : 'missing-unit', { word: p.words[0] ?? '' });
    noExtra({ ...p, rest: false, types: [] }, {});
    return { kind: 'attack', types: [...new Set(types)].sort((a, b) => UNIT_IDS.indexOf(a) - UNIT_IDS.indexOf(b)) };
  }

  if (verb === 'coat') {
    if (named && 'problem' in named) fail(named.problem.code, named.problem.params);
    if (!named) {
      const last = p.words[p.words.length - 1];
      fail(last ? 'unknown-player' : 'missing-player', { word: last ?? '' });
    }
    const to = (named as { to: PlayerId }).to;
    if (to === player) fail('coat-self');
    if (playerOf(state, to)!.out) fail('coat-out', { player: to });
    if (p.squares.length === 0) fail('missing-city');
    if (p.words.length)
      fail(p.words.some((w) => w.length > 3) ? 'unknown-unit' : 'unknown-order', { word: p.words[0]! });
    const at = p.squares[0]!.sq;
    if (p.numbers.length === 0 && p.types.length === 0 && p.ids.length === 0) {
      noExtra({ ...p, rest: false }, { squares: 1 });
      // A square without a city names all the player's units there.
      if (cityAt(state, at)) return { kind: 'coat-city', city: ownCity(state, player, at), to };
    }
    noExtra({ ...p, rest: false }, { squares: 1, numbers: 1, types: 1, ids: p.ids.length });
    const sel = selection(p, at);
    const s = selectUnits(state, player, sel, memo.given, index);
    if ('code' in s) fail(s.code, s.params);
    else s.ids.forEach((id) => memo.given.add(id));
    return { kind: 'coat-units', units: sel, to };
  }

  if (verb === 'move') {
    if (p.words.length)
      fail(p.words.some((w) => w.length > 3) && p.squares.length >= 2 ? 'unknown-unit' : 'unknown-order', {
        word: p.words[0]!,
      });
    if (p.squares.length < 2)
      fail(
        p.squares.length === 1 || p.types.length || p.numbers.length || p.ids.length ? 'missing-path' : 'unknown-order',
      );
    if (p.extras.length) fail('extra-words', { words: p.extras.join(' ') });
    const squares = orderedSquares(p);
    const sel = selection(p, squares[0]!);
    const s = selectUnits(state, player, sel, memo.moved, index);
    if ('code' in s) fail(s.code, s.params);
    const ids = (s as { ids: number[] }).ids;
    const move = Math.min(
      ...ids.map((id) => unitDef((index ? index.byId.get(id) : state.units.find((u) => u.id === id))!.type).move),
    );
    const r = expandWaypoints(state, player, squares, move);
    if ('problem' in r) fail(r.problem.code, r.problem.params);
    ids.forEach((id) => memo.moved.add(id));
    const { path, cut } = r as { path: Square[]; cut: Square[] };
    return cut.length ? { kind: 'move', units: sel, path, cut } : { kind: 'move', units: sel, path };
  }

  if (verb === 'build' && p.words.length) fail('unknown-unit', { word: p.words[0]! });

  if (verb === 'spy') {
    const own = (sq: Square) => cityAt(state, sq)?.owner === player;
    const sending =
      p.squares.length >= 2 ||
      p.squares.some((s) => s.role === 'to') ||
      (p.squares.length === 1 && !own(p.squares[0]!.sq));
    if (sending) {
      noExtra(p, { squares: 2 });
      const to =
        p.squares.find((s) => s.role === 'to') ??
        p.squares.find((s) => s.role !== 'from' && !own(s.sq)) ??
        p.squares[p.squares.length - 1]!;
      const from = p.squares.find((s) => s !== to);
      const target = to.sq;
      const t = cityAt(state, target);
      if (!t) fail('not-a-city', { at: target });
      if (t!.owner === player) fail('spy-own', { target });
      // Without a source: the player's city with a spy ready next to the target, if there is one such.
      const ready = citiesOf(state, player)
        .filter((c) => c.spies > (memo.spiesSent.get(c.at) ?? 0) && neighbouringCities(state, c.at).includes(target))
        .map((c) => c.at);
      const city = theCity(state, player, from?.sq, line, ready.length ? ready : undefined);
      const c = cityAt(state, city)!;
      const near = neighbouringCities(state, city);
      if (!near.includes(target)) fail('spy-not-neighbour', { target, at: city, list: near.join(' ') });
      const sent = memo.spiesSent.get(city) ?? 0;
      if (c.spies <= sent) fail('spy-none', { at: city });
      memo.spiesSent.set(city, sent + 1);
      return { kind: 'spy-send', city, target };
    }
    noExtra(p, { squares: 1, numbers: 1 });
    const city = theCity(state, player, p.squares[0]?.sq, line);
    const count = p.numbers[0] ?? 1;
    if (count < 1) fail('bad-amount');
    return { kind: 'spy-build', city, count };
  }

  if (verb === 'messenger') {
    noExtra(p, { squares: 2, numbers: 1, rest: 1 });
    const to =
      p.squares.find((s) => s.role === 'to') ??
      (p.squares.length >= 2 ? p.squares[p.squares.length - 1] : p.squares.find((s) => s.role !== 'from'));
    if (!to) fail('missing-city');
    const target = to!.sq;
    const from = p.squares.find((s) => s !== to);
    const t = cityAt(state, target);
    if (!t) fail('not-a-city', { at: target });
    if (t!.owner === null) fail('neutral-target', { at: target });
    const others = citiesOf(state, player)
      .map((c) => c.at)
      .filter((c) => c !== target);
    const city = from ? ownCity(state, player, from.sq) : theCity(state, player, undefined, line, others);
    if (target === city) fail('same-city');
    return { kind: 'messenger', city, target, amount: amountOf(p) };
  }

  const city = theCity(state, player, p.squares[0]?.sq, line);
  const c = cityAt(state, city)!;
  switch (verb) {
    case 'build': {
      if (p.types.length === 0) fail('missing-unit');
      noExtra(p, { squares: 1, numbers: 1, types: 1 });
      const unitType = p.types[0]!;
      const need = unitDef(unitType).science;
      if (me.science < need) fail('science-needed', { unit: unitType, need, have: me.science });
      const count = p.numbers[0] ?? 1;
      if (count < 1) fail('bad-amount');
      return { kind: 'build', city, unitType, count };
    }
    case 'walls':
    case 'science':
    case 'tech':
    case 'value': {
      noExtra(p, { squares: 1, numbers: 1, rest: 1 });
      const amount = amountOf(p);
      if (verb === 'science' && me.science >= 2) fail('science-max');
      if (verb === 'tech' && c.tech >= 2) fail('tech-max');
      if (verb === 'walls' && c.walls >= 2) fail('walls-max');
      return { kind: 'invest', city, target: verb, amount };
    }
    case 'cash': {
      noExtra(p, { squares: 1, numbers: 1, rest: 1 });
      if (p.numbers[0] !== undefined && p.numbers[0] < 1) fail('bad-amount');
      return { kind: 'invest', city, target: 'cash', amount: p.rest ? 'rest' : (p.numbers[0] ?? 'rest') };
    }
    case 'extra': {
      noExtra(p, { squares: 1, numbers: 1 });
      const amount = amountOf(p);
      const max = maxExtra(c.value);
      if ((amount as number) > max) fail('extra-too-much', { max });
      if (memo.extra.has(city)) fail('duplicate', { at: city });
      memo.extra.add(city);
      return { kind: 'extra', city, amount: amount as number };
    }
  }
  return fail('unknown-order');
}

/** Squares an order spends money in or otherwise commands as a city (for the coat-change exclusivity). */
function cityOf(o: FandiOrder): Square | null {
  switch (o.kind) {
    case 'build':
    case 'invest':
    case 'extra':
    case 'spy-build':
    case 'spy-send':
    case 'messenger':
      return o.city;
    default:
      return null;
  }
}

/** Lines that are not orders: blank, comments (; or //), quoted replies (>). */
function isComment(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith(';') || t.startsWith('//') || t.startsWith('>');
}

/**
 * RULING fandi/coat-units-fight: units given away fight the giver's units they stand
 * with. The acknowledgement warns: after this mail's own moves, will the given units
 * stand with other units of the giver, or alone in the giver's city (which the
 * receiver then occupies)? Other players' orders are not known yet.
 */
function coatWarnings(state: FandiState, player: PlayerId, orders: FandiOrder[]): void {
  const index = unitIndex(state);
  const where = new Map<number, Square>();
  for (const u of state.units) if (u.owner === player) where.set(u.id, u.at);
  const moved = new Set<number>();
  const given = new Set<number>();
  for (const o of orders) {
    if (o.kind === 'move') {
      const s = selectUnits(state, player, o.units, moved, index);
      if ('ids' in s)
        for (const id of s.ids) {
          moved.add(id);
          where.set(id, o.path[o.path.length - 1]!);
        }
    }
  }
  const gifts: { o: Extract<FandiOrder, { kind: 'coat-units' }>; ids: number[] }[] = [];
  for (const o of orders) {
    if (o.kind !== 'coat-units') continue;
    const s = selectUnits(state, player, o.units, given, index);
    if (!('ids' in s)) continue;
    s.ids.forEach((id) => given.add(id));
    gifts.push({ o, ids: s.ids });
  }
  const cityGiven = new Set(orders.filter((o) => o.kind === 'coat-city').map((o) => (o as { city: Square }).city));
  for (const { o, ids } of gifts) {
    const at = where.get(ids[0]!)!;
    const stay = [...where].filter(([id, sq]) => sq === at && !given.has(id));
    let w: OrderWarning | null = null;
    if (stay.length) w = { code: 'warn-coat-fight', params: { at } };
    else if (cityAt(state, at)?.owner === player && !cityGiven.has(at))
      w = { code: 'warn-coat-city', params: { at, to: o.to } };
    if (w) o.warning = w;
  }
}

export function parseOrders(text: string, ctx: OrderContext<FandiState>): ParseResult<FandiOrder> {
  const { state, player, lang } = ctx;
  const orders: FandiOrder[] = [];
  const errors: LineError[] = [];
  const memo: ParseMemo = { moved: new Set(), given: new Set(), spiesSent: new Map(), extra: new Set() };
  const me = playerOf(state, player);
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, i) => {
    if (isComment(raw)) return;
    const line = i + 1;
    const t = raw.trim();
    try {
      if (!me) fail('unknown-player', { word: player });
      if (state.over) fail('game-over');
      if (me!.out) fail('out');
      const o = parseLine(state, player, t, memo);
      if (o) orders.push({ ...o, line, text: t } as FandiOrder);
    } catch (e) {
      if (!(e instanceof OrderError)) throw e;
      orders.push({ kind: 'rejected', line, text: t, code: e.problem.code, params: e.problem.params });
    }
  });
  // "neni mozne zadat zaroven s tim jiny prikaz pro toto mesto v tomto tahu"
  const coatCities = new Set(orders.filter((o) => o.kind === 'coat-city').map((o) => (o as { city: Square }).city));
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i]!;
    const c = cityOf(o);
    if (c && coatCities.has(c))
      orders[i] = { kind: 'rejected', line: o.line, text: o.text, code: 'city-coat-busy', params: { at: c } };
  }
  // An order that spends "the rest" leaves nothing for the city's orders after it: refuse those
  // now rather than echo them and let them fail ("every order echoed does what the echo says").
  const restAt = new Map<Square, string>();
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i]!;
    if (o.kind !== 'build' && o.kind !== 'invest' && o.kind !== 'spy-build' && o.kind !== 'messenger') continue;
    const first = restAt.get(o.city);
    if (first !== undefined)
      orders[i] = { kind: 'rejected', line: o.line, text: o.text, code: 'after-rest', params: { at: o.city, first } };
    else if (o.kind === 'invest' && o.amount === 'rest') restAt.set(o.city, o.text);
  }
  if (me) coatWarnings(state, player, orders);
  const echo: OrderEcho[] = [];
  for (const o of orders) {
    if (o.kind === 'rejected') errors.push({ line: o.line, text: o.text, reason: message(lang, o.code, o.params) });
    else if (o.kind !== 'nmr') echo.push({ line: o.line, text: o.text, understood: describeOrder(o, lang) });
  }
  return { orders, errors, echo };
}

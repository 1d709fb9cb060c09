// The FanDi forecast in the reader's words (Rules.forecast): per city the yield,
// the upkeep, the units that would stand there, what is spent and the cash after
// corruption, with warnings (units disbanded for want of pay, money left unused);
// the science, technology and walls thresholds reached (or how far off); every
// move and whether a battle would decide it; the orders that would fail. Made
// from forecastTurn (forecast.ts) alone: what the player knows.
import type { Forecast, ForecastSection, Lang, PlayerId } from '../../engine/types.js';
import { ECONOMY } from './constants.js';
import { forecastTurn, knownState, type FandiForecast } from './forecast.js';
import { cityAt } from './map.js';
import { message } from './messages.js';
import type { EconomyEvent, FandiEvent, FandiOrder, FandiState, Investment } from './state.js';
import { countByType, playerOf } from './state.js';
import { unitName } from './units.js';
import { unitSummary } from './view.js';

type L = 'cs' | 'en';

export function forecast(state: FandiState, player: PlayerId, orders: FandiOrder[], lang: Lang): Forecast | null {
  const f = forecastTurn(state, player, orders);
  return f ? forecastModel(state, player, orders, f, lang) : null;
}

const of = <T extends FandiEvent['type']>(f: FandiForecast, type: T) =>
  f.events.filter((e): e is Extract<FandiEvent, { type: T }> => e.type === type);

/** The forecast's sections, in the reader's language (Czech or English). */
export function forecastModel(
  state: FandiState,
  player: PlayerId,
  orders: FandiOrder[],
  f: FandiForecast,
  lang: Lang,
): Forecast {
  const l: L = lang === 'cs' ? 'cs' : 'en';
  const t = (code: string, params: Record<string, string | number> = {}) => message(l, code, params);
  const sections: ForecastSection[] = [
    { title: t('forecast-cities'), lines: cityLines(f, l) },
    { title: t('forecast-advances'), lines: advanceLines(f, player, l) },
    { title: t('forecast-moves'), lines: moveLines(state, player, f, l) },
    { title: t('forecast-problems'), lines: problemLines(f, orders, l) },
  ];
  return { note: t('forecast-note'), sections: sections.filter((s) => s.lines.length) };
}

function spentText(i: Investment, l: L): string {
  const amount = i.amount;
  switch (i.kind) {
    case 'build': {
      const [count, type] = i.detail.split('×');
      return message(l, 'forecast-spent-build', { what: unitSummary({ [type!]: Number(count) }, l), amount });
    }
    case 'spy':
      return message(l, 'forecast-spent-spy', { count: Number(i.detail), amount });
    case 'messenger':
      return message(l, 'forecast-spent-messenger', { target: i.detail, amount });
    default:
      return message(l, `forecast-spent-${i.kind}`, { amount });
  }
}

function cityLines(f: FandiForecast, l: L): string[] {
  const out: string[] = [];
  const sub = (code: string, params: Record<string, string | number> = {}) => `  ${message(l, code, params)}`;
  const economy = new Map(of(f, 'economy').map((e) => [e.at, e] as [string, EconomyEvent]));
  const disbanded = new Map(of(f, 'disband').flatMap((e) => e.units.map((u) => [u.id, u.type] as [number, string])));
  for (const ledger of f.ledgers) {
    const e = economy.get(ledger.at);
    out.push(message(l, 'forecast-city', { at: ledger.at, value: ledger.valueAtYield, rate: ledger.rate }));
    out.push(sub('forecast-income', { yield: ledger.yield, extra: ledger.extra, cash: ledger.cashStart }));
    out.push(sub('forecast-upkeep', { due: ledger.upkeepDue }));
    const here = f.units.filter((u) => u.at === ledger.at);
    out.push(
      here.length
        ? sub('forecast-standing', { what: unitSummary(countByType(here), l) })
        : sub('forecast-standing-none'),
    );
    if (e?.investments.length)
      out.push(sub('forecast-spent', { list: e.investments.map((i) => spentText(i, l)).join(', ') }));
    if (e) out.push(sub('forecast-cash', { to: e.toCash, corruption: e.corruption, after: e.cashAfter }));
    if (ledger.disbanded.length)
      out.push(
        sub('forecast-disband', {
          due: ledger.upkeepDue,
          what: ledger.disbanded.map((id) => `${unitName(disbanded.get(id) ?? '', l)} #${id}`).join(', '),
        }),
      );
    // What no order spends goes to cash and loses to corruption (RULING fandi/unspent-yield, corruption-timing).
    const unspent = e && !e.ownerChanged ? e.toCash - ledger.kept : 0;
    if (unspent > 0) out.push(sub('forecast-unspent', { amount: unspent, percent: ECONOMY.cashCorruptionPercent }));
  }
  return out;
}

function advanceLines(f: FandiForecast, player: PlayerId, l: L): string[] {
  const out: string[] = [];
  for (const e of of(f, 'science')) out.push(message(l, 'forecast-science', { level: e.level, at: e.at }));
  for (const e of of(f, 'built'))
    out.push(message(l, e.what === 'tech' ? 'forecast-tech' : 'forecast-walls', { at: e.at, level: e.level }));
  // How far off the next level is, where this turn's orders invest toward one and do not reach it.
  const me = playerOf(f.after, player);
  const science = new Set(of(f, 'science').map((e) => e.at));
  const built = new Set(of(f, 'built').map((e) => `${e.at}:${e.what}`));
  for (const e of of(f, 'economy')) {
    const c = cityAt(f.after, e.at);
    if (!c || c.owner !== player) continue;
    const kinds = new Set(e.investments.map((i) => i.kind));
    // Each thing invested in this turn, not reached: what is in, what the next level needs.
    const toward: [boolean, string, number, number, number][] = [
      [
        kinds.has('science') && !!me && me.science < 2 && !science.has(e.at),
        'forecast-science-left',
        c.scienceInvested,
        me ? (ECONOMY.scienceCost[me.science] ?? 0) : 0,
        (me?.science ?? 0) + 1,
      ],
      [
        kinds.has('tech') && c.tech < 2 && !built.has(`${e.at}:tech`),
        'forecast-tech-left',
        c.techInvested,
        ECONOMY.techCost[c.tech] ?? 0,
        c.tech + 1,
      ],
      [
        kinds.has('walls') && c.walls < 2 && !built.has(`${e.at}:walls`),
        'forecast-walls-left',
        c.wallsInvested,
        (ECONOMY.wallsValueMultiple[c.walls] ?? 0) * c.value,
        c.walls + 1,
      ],
    ];
    for (const [open, code, have, need, level] of toward)
      if (open) out.push(message(l, code, { at: e.at, have, need, level }));
  }
  return out;
}

function moveLines(state: FandiState, player: PlayerId, f: FandiForecast, l: L): string[] {
  const out: string[] = [];
  const types = new Map(knownState(state, player).units.map((u) => [u.id, u.type]));
  for (const e of of(f, 'move')) {
    const moved = e.units.map((id) => ({ type: types.get(id) ?? '' })).filter((u) => u.type);
    out.push(
      message(l, 'forecast-move', {
        from: e.from,
        to: e.to,
        path: e.path.join(' '),
        what: unitSummary(countByType(moved), l),
      }),
    );
    const city = cityAt(state, e.to);
    if (f.contested.includes(e.to) && city && city.owner !== player) {
      const owner = city.owner;
      const god = owner === null ? 'none' : (playerOf(state, owner)?.god ?? owner);
      out.push(`  ${message(l, 'forecast-contested', { at: e.to, owner: god })}`);
    }
  }
  // Units handed over that stay with his own: another side on the square, a battle ("at uz jsou spojenci, ci ne").
  for (const at of f.contested)
    if (cityAt(state, at)?.owner === player || !cityAt(state, at))
      out.push(message(l, 'forecast-contested-coat', { at }));
  for (const e of of(f, 'messenger'))
    out.push(
      message(l, e.blocked ? 'forecast-messenger-back' : 'forecast-messenger', {
        from: e.from,
        to: e.to,
        delivered: e.delivered,
        amount: e.amount,
      }),
    );
  return out;
}

function problemLines(f: FandiForecast, orders: FandiOrder[], l: L): string[] {
  const out: string[] = [];
  const results = of(f, 'order').filter((e) => e.status !== 'ok' && e.order.kind !== 'rejected');
  const lines = [
    ...results.map((e) => ({
      line: e.line,
      text: message(l, 'forecast-order', {
        line: e.line,
        text: e.text,
        status: e.status,
        result: message(l, e.code, e.params),
      }),
    })),
    // An attack order only matters in a battle, and the forecast fights none.
    ...orders
      .filter((o) => o.kind === 'attack')
      .map((o) => ({ line: o.line, text: message(l, 'forecast-attack', { line: o.line, text: o.text }) })),
  ].sort((a, b) => a.line - b.line);
  for (const x of lines) out.push(x.text);
  return out;
}

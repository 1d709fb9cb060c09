// What a nation reader holds, in a report (view.ts): his country in full (the
// GM: every country), his orders and figures with their numbers and who knows
// them, and the names of the other players' orders and figures he knows of.
import { ageModifier } from './age.js';
import { slotFree, slotPeriods } from './influence.js';
import { directionName } from './directions.js';
import { reasonableSize } from './size.js';
import { actorName, dndName, yearsText } from './texts.js';
import { COUNTRY_ATTRS, DIRECTIONS, type Country, type Figure, type Society } from './types.js';
import type { CountryView, FigureView, TableModel } from './view-model.js';
import { NONE, type ViewReader } from './view-reader.js';
import { lvl, num } from './view-words.js';

export function countryView(r: ViewReader, c: Country): CountryView {
  const { state, t, l } = r;
  return {
    id: c.id,
    name: c.name,
    playerName: r.playerName(c.player),
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
    stateReligion: c.stateReligion ?? NONE,
    free: Object.entries(c.free).map(([key, value]) => ({ key, value })),
  };
}

/** The reader's own country (none for the GM). */
export function ownCountry(r: ViewReader): Country | null {
  return r.isGm ? null : (r.state.countries.find((c) => c.player === r.reader) ?? null);
}

/** The reader's orders (the GM: all). */
export function myOrders(r: ViewReader): Society[] {
  return r.state.orders.filter((o) => r.mine(o.player));
}

/** The table of the reader's orders, their descriptions, and the other orders he knows of. */
export function orderTables(r: ViewReader): {
  orders: TableModel;
  orderDescriptions: string[];
  knownOrders: TableModel;
} {
  const { state, t, l, isGm, playerName, countryName, others } = r;
  const mine = myOrders(r);
  const orders: TableModel = isGm
    ? {
        headers: [t('h-id'), t('h-order'), t('h-player'), t('h-country'), t('h-size'), t('h-secrecy'), t('h-known')],
        rows: mine.map((o) => [
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
        rows: mine.map((o) => [
          o.name,
          countryName(o.country),
          lvl(o.size, l),
          t('order-secrecy', { secrecy: o.secrecy }),
          o.secrecy === 'public' ? t('everybody') : others(o.knownBy, o.player),
        ]),
      };
  const orderDescriptions = mine.filter((o) => o.description).map((o) => `${o.name}: ${o.description}`);
  const knownOrders: TableModel = {
    headers: [t('h-name'), t('h-country')],
    rows: isGm
      ? []
      : state.orders
          .filter((o) => o.player !== r.reader && r.knows({ type: 'order', id: o.id }))
          .map((o) => [o.name, countryName(o.country)]),
  };
  return { orders, orderDescriptions, knownOrders };
}

function figureView(r: ViewReader, f: Figure): FigureView {
  const { state, t, l, isGm, knows } = r;
  const periods = slotPeriods(f.influentiality);
  return {
    id: f.id,
    name: f.name,
    playerName: r.playerName(f.player),
    country: r.countryName(f.country),
    age: f.age,
    ageText: yearsText(f.age, l),
    ageModifier: num(ageModifier(f.age), l),
    influentiality: lvl(f.influentiality, l),
    secrecy: t('figure-secrecy', { secrecy: f.secrecy }),
    known: f.secrecy !== 'underground',
    knownBy: f.secrecy === 'underground' ? t('nobody') : r.others(f.knownBy, isGm ? '' : f.player),
    slots: periods.map((p, i) => {
      const used = f.slotsUsed[i] ?? null;
      return `${t('slot-every', { n: p })}: ${slotFree(p, used, state.turn) ? t('slot-free') : t('slot-busy', { turn: used! + p })}`;
    }),
    influence: {
      headers: [t('h-influence-on'), t('h-degree'), t('h-pi'), ''],
      rows: f.influence.map((i) => {
        const ref = r.targetRef(i.order);
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
}

/** The reader's figures in full (the GM: all), and the other figures he knows of. */
export function figureTables(r: ViewReader): { figures: FigureView[]; knownFigures: TableModel } {
  const { state, t, isGm } = r;
  return {
    figures: state.figures.filter((f) => r.mine(f.player)).map((f) => figureView(r, f)),
    knownFigures: {
      headers: [t('h-name'), t('h-country')],
      rows: isGm
        ? []
        : state.figures
            .filter((f) => f.player !== r.reader && r.knows({ type: 'figure', id: f.id }))
            .map((f) => [f.name, r.countryName(f.country)]),
    },
  };
}

// A FanDi order in the reader's words (the acknowledgement's echo, reports).
import type { Lang } from '../../engine/types.js';
import { message } from './messages.js';
import type { Amount, FandiOrder, UnitSelection } from './state.js';
import { unitName } from './units.js';

function amountText(a: Amount, lang: Lang): string {
  return a === 'rest' ? (lang === 'cs' ? 'zbytek' : 'the rest') : `${a} xc`;
}

function unitsText(sel: UnitSelection, lang: Lang): string {
  if (sel.ids) return sel.ids.map((i) => `#${i}`).join(', ');
  const cs = lang === 'cs';
  if (sel.type === null)
    return sel.count === null ? (cs ? 'všechny jednotky' : 'all units') : `${sel.count}× ${cs ? 'jednotky' : 'units'}`;
  if (sel.count === null) return cs ? `všichni ${unitName(sel.type, lang, 2)}` : `all ${unitName(sel.type, lang, 2)}`;
  return `${sel.count}× ${unitName(sel.type, lang, 1)}`;
}

/** An order as the judge understood it: "3× pěší z B4 na B6 — přesun (B4 B5 B6)". It says all the order will do. */
export function describeOrder(o: FandiOrder, lang: Lang): string {
  const cs = lang === 'cs';
  const text = describe(o, lang);
  return o.repeated ? `${text} — ${message(lang, 'repeated')}` : text;
  function describe(o: FandiOrder, lang: Lang): string {
    switch (o.kind) {
      case 'move': {
        const from = o.path[0]!;
        const to = o.path[o.path.length - 1]!;
        const base = cs
          ? `${unitsText(o.units, lang)} z ${from} na ${to} — přesun (${o.path.join(' ')})`
          : `${unitsText(o.units, lang)} from ${from} to ${to} — move (${o.path.join(' ')})`;
        return o.cut?.length ? `${base}; ${message(lang, 'stop-note', { at: to, rest: o.cut.join(' ') })}` : base;
      }
      case 'build':
        return cs
          ? `${o.city}: postavit ${o.count}× ${unitName(o.unitType, lang, 1)}`
          : `${o.city}: build ${o.count}× ${unitName(o.unitType, lang, 1)}`;
      case 'invest': {
        if (o.target === 'cash')
          return o.amount === 'rest'
            ? cs
              ? `${o.city}: zbytek do hotovosti`
              : `${o.city}: the rest as cash`
            : cs
              ? `${o.city}: ${o.amount} xc odložit do hotovosti`
              : `${o.city}: set ${o.amount} xc aside as cash`;
        const what = cs
          ? { walls: 'do hradeb', science: 'do vědy', tech: 'do techniky', value: 'do hodnoty města' }[o.target]
          : { walls: 'to walls', science: 'to science', tech: 'to technology', value: 'to city value' }[o.target];
        return `${o.city}: ${amountText(o.amount, lang)} ${what}`;
      }
      case 'extra':
        return cs
          ? `${o.city}: výnos navíc ${o.amount} xc z hodnoty města`
          : `${o.city}: extra yield of ${o.amount} xc from the city value`;
      case 'spy-build':
        return cs ? `${o.city}: vytvořit špióna (${o.count}×)` : `${o.city}: make a spy (${o.count}×)`;
      case 'spy-send':
        return cs ? `${o.city}: vyslat špióna do ${o.target}` : `${o.city}: send a spy to ${o.target}`;
      case 'messenger':
        return cs
          ? `${o.city}: posel do ${o.target} nese ${o.amount === 'rest' ? 'zbytek výnosu' : `${o.amount} xc z výnosu`}`
          : `${o.city}: messenger to ${o.target} with ${o.amount === 'rest' ? 'the rest of the yield' : `${o.amount} xc of the yield`}`;
      case 'coat-city':
        return cs
          ? `město ${o.city} předat hráči ${o.to} i s vašimi jednotkami v něm — změna kabátu`
          : `city ${o.city} to ${o.to}, with your units in it — change of coat`;
      case 'coat-units': {
        const base = cs
          ? `${unitsText(o.units, lang)} na ${o.units.at} předat hráči ${o.to} — změna kabátu`
          : `${unitsText(o.units, lang)} on ${o.units.at} to ${o.to} — change of coat`;
        return o.warning ? `${base}; ${message(lang, o.warning.code, o.warning.params)}` : base;
      }
      case 'attack':
        return cs
          ? `domácí ${o.types.map((t) => unitName(t, lang, 2)).join(', ')} útočí`
          : `home ${o.types.map((t) => unitName(t, lang, 2)).join(', ')} attack`;
      case 'nmr':
        return message(lang, 'nmr', { count: o.count });
      case 'rejected':
        return message(lang, o.code, o.params);
    }
  }
}

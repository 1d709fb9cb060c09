// The forecast of an rpg player's rolls (issue #33): for each roll that waits
// for the end of the round, its exact odds — the mechanic resolve.ts prepares
// from the sheets (prepare: the same skill, luck, window and difficulty the
// roll will use) and the exact distribution of that mechanic (src/dice/dist.ts,
// what `judge dice dist` prints). Rolls answered at once need none. Odds that
// depend on another character's numbers (opposed rolls, attacks) are not
// given: those numbers are the GM's. A game that shows players no numbers
// (001, showNumbers false) and a hidden roll get no odds either.
import type { Forecast, Lang, PlayerId } from '../../engine/types.js';
import {
  distribution,
  medianDistribution,
  outcomeLabel,
  parseSpec,
  signed,
  type Distribution,
  type Mechanic,
  type OutcomeKey,
} from '../../dice/index.js';
import { KEYWORD, msg, shownSpec, W } from './messages.js';
import { prepare } from './resolve.js';
import type { RpgOrder, RpgState } from './types.js';
import { formatWords, wordTable } from '../../render/fluent.js';

/** The forecast's words: messages forecast-* of templates/rpg/<lang>/forecast.ftl. */
const F = wordTable('rpg', 'forecast', [
  'note',
  'rolls',
  'odds',
  'range',
  'hidden',
  'against',
  'team',
  'series',
] as const);

/** The rolls of these orders that wait for the end of the round (the rest are answered at once, or are no rolls). */
export function waitingRolls(state: RpgState, orders: RpgOrder[]): RpgOrder[] {
  return orders.filter((o) => o.type !== 'sheet' && (!state.instant || o.wait));
}

/** The exact distribution of a prepared mechanic, or null when it depends on another character's numbers. */
export function mechanicDistribution(m: Mechanic): Distribution | null {
  switch (m.type) {
    case 'spec': {
      const s = parseSpec(m.spec);
      return s.ok ? distribution(s.spec) : null;
    }
    case 'median':
      return medianDistribution(m.input);
    default:
      return null;
  }
}

/** A distribution of values is listed in full up to this many values, else by its range and mean. */
const MAX_LISTED = 13;

function percent(p: number, lang: Lang): string {
  const s = (Math.round(p * 1000) / 10).toFixed(1);
  return `${lang === 'en' ? s : s.replace('.', ',')}\u00a0%`;
}

const MEDIAN_WORD: Record<string, keyof typeof W> = { low: 'missLow', inside: 'inside', high: 'missHigh' };

function oddsText(d: Distribution, line: number, what: string, lang: Lang): string {
  if (d.kind === 'values' && d.rows.length > MAX_LISTED) {
    const values = d.rows.map((r) => Number(r.value));
    const mean = d.rows.reduce((s, r) => s + Number(r.value) * r.p, 0);
    return formatWords(F.range, lang, {
      line,
      what,
      min: Math.min(...values),
      max: Math.max(...values),
      mean: (Math.round(mean * 10) / 10).toFixed(1).replace('.', lang === 'en' ? '.' : ','),
    });
  }
  const label = (v: string | number): string => {
    if (typeof v === 'number') return String(v);
    if (d.kind === 'mechanic') return MEDIAN_WORD[v] ? msg(W[MEDIAN_WORD[v]!], lang) : '';
    return outcomeLabel(v as OutcomeKey, lang);
  };
  // A median roll's "success" row repeats inside (or, for the inverse roll, outside): the three sides say it all.
  const rows = d.rows.filter((r) => d.kind !== 'mechanic' || MEDIAN_WORD[String(r.value)]);
  return formatWords(F.odds, lang, {
    line,
    what,
    list: rows.map((r) => `${label(r.value)} ${percent(r.p, lang)}`).join('; '),
  });
}

/** The roll in the reader's words: its keyword and what it rolls (the skill, the spec, the window). */
function rollName(o: RpgOrder, m: Mechanic, spec: string, lang: Lang): string {
  const kw = KEYWORD[lang][o.type];
  if (o.type === 'roll') return `${kw} ${shownSpec(spec, lang)}`;
  if (o.type === 'check') return `${kw} ${o.skill ?? msg(W.untrained, lang)} (${shownSpec(spec, lang)})`;
  if (m.type === 'median') {
    const i = m.input;
    return `${kw} ${i.window.low}-${i.window.high}${i.outside ? ` (${msg(W.outside, lang)})` : ''}${i.modifier ? ` ${signed(i.modifier)}` : ''}`;
  }
  return kw;
}

/** Whether forecast() may show anything for these orders: a roll waits for the deadline in a game that shows numbers. */
export function forecasts(state: RpgState, orders: RpgOrder[]): boolean {
  return state.showNumbers && waitingRolls(state, orders).length > 0;
}

export function forecast(state: RpgState, player: PlayerId, orders: RpgOrder[], lang: Lang): Forecast | null {
  if (!forecasts(state, orders)) return null;
  const lines: string[] = [];
  for (const o of waitingRolls(state, orders)) {
    const p = prepare(state, player, o);
    const what = rollName(o, p.mechanic, p.spec, lang);
    if (o.hidden) {
      lines.push(formatWords(F.hidden, lang, { line: o.line, what }));
      continue;
    }
    const d = mechanicDistribution(p.mechanic);
    if (!d) {
      const target = o.target ? (state.sheets[o.target]?.name ?? o.target) : '?';
      lines.push(formatWords(F.against, lang, { line: o.line, what: KEYWORD[lang][o.type], target }));
      continue;
    }
    lines.push(oddsText(d, o.line, what, lang));
    if (o.team) lines.push(`  ${formatWords(F.team, lang)}`);
    if (o.series) lines.push(`  ${formatWords(F.series, lang)}`);
  }
  if (!lines.length) return null;
  return { note: formatWords(F.note, lang), sections: [{ title: formatWords(F.rolls, lang), lines }] };
}

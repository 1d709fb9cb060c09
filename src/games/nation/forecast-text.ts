// The nation forecast in the reader's words (Rules.forecast): per action its
// modifiers as the resolution will add them, the distribution of its dice plus
// modifiers over the FUDGE ladder and the odds at the proposed difficulty; an
// influence action's modifier on its target; the population growth's ПП for
// each face of the die; orders the stage would refuse. Made from nationForecast
// (forecast.ts) alone: the player's own actors and actions.
import type { Forecast, ForecastSection, Lang, PlayerId } from '../../engine/types.js';
import { ratio } from '../../dice/dist.js';
import { knowersOf } from './audience.js';
import { directionName } from './directions.js';
import { nationForecast, outcomeCounts, type ActionForecast } from './forecast.js';
import { isLevel } from './ladder.js';
import { reasonText } from './reasons.js';
import { actorLabel, actorName, msg, nlang, type NLang } from './texts.js';
import type { ActorRef, DeclaredAction, Modifier, NationOrder, NationState } from './types.js';
import { lvl, num } from './view.js';

export function forecast(state: NationState, player: PlayerId, orders: NationOrder[], lang: Lang): Forecast | null {
  const l = nlang(lang);
  const f = nationForecast(state, player, orders);
  const t = (id: string, args: Record<string, string | number> = {}) => msg(id, l, args);
  // His influence actions by the line he wrote: their F ids are given at the deadline, with everybody's.
  const lines = new Map(f.actions.map((a) => [a.action.id, a.line]));
  const lineOf = (id: string) => lines.get(id) ?? '?';
  const sections: ForecastSection[] = [
    { title: t('forecast-actions'), lines: f.actions.flatMap((a) => actionLines(state, player, a, l, lineOf)) },
    {
      title: t('forecast-growth-title'),
      lines: f.growth.flatMap((g) => {
        const name = state.countries.find((c) => c.id === g.country)?.name ?? g.country;
        const pps = g.outcomes.map((o) => o.pp);
        return [
          t('forecast-growth', { country: name, min: num(Math.min(...pps), l), max: num(Math.max(...pps), l) }),
          ...g.outcomes.map(
            (o) =>
              `  ${t('forecast-growth-face', { die: num(o.die, l), pp: num(o.pp, l), from: lvl(o.populationFrom, l), to: lvl(o.populationTo, l) })}`,
          ),
        ];
      }),
    },
    {
      title: t('forecast-refused-title'),
      lines: f.refused.map((r) =>
        t('forecast-refused', { line: r.line ?? '?', reason: reasonText(r.reason, r.args, l, state) }),
      ),
    },
  ];
  return { note: t('forecast-note'), sections: sections.filter((s) => s.lines.length) };
}

/** "12,3 %" / "12.3 %". */
function percent(count: bigint, total: bigint, l: NLang): string {
  const p = (Math.round(ratio(count, total) * 1000) / 10).toFixed(1);
  return `${l === 'ru' ? p.replace('.', ',') : p}\u00a0%`;
}

/** A value of the ladder by its name, one beyond it by its number. */
const ladderValue = (v: number, l: NLang) => (isLevel(v) ? lvl(v, l) : num(v, l));

/** The player may name the actor (a country, or an order or figure he knows of). */
function nameOf(state: NationState, player: PlayerId, ref: ActorRef, l: NLang): string {
  return ref.type === 'country' || knowersOf(state, ref).includes(player) ? actorLabel(state, ref, l) : '?';
}

type LineOf = (action: string) => number | string;

function modText(state: NationState, player: PlayerId, m: Modifier, l: NLang, lineOf: LineOf): string {
  const t = (id: string, args: Record<string, string | number> = {}) => msg(id, l, args);
  switch (m.source) {
    case 'style':
      return `${t('mod-style', { direction: directionName(m.note as never, l) })}: ${num(m.value, l)}`;
    case 'penalty': {
      const [visibility = '', rank = '0', count = '0', entity = ''] = m.note.replace('/', ' ').split(' ');
      return `${t('mod-penalty', { visibility, rank: Number(rank), count: Number(count), entity: t('penalty-entity', { entity }) })}: ${num(m.value, l)}`;
    }
    case 'size': {
      const p = /^rr=(-?\d+) scale=(-?\d+)$/.exec(m.note);
      return `${t('mod-size', { rr: lvl(Number(p?.[1] ?? 0), l), scale: lvl(Number(p?.[2] ?? 0), l) })}: ${num(m.value, l)}`;
    }
    case 'age':
      return `${t('mod-age', { n: Number(m.note.replace('age=', '')) })}: ${num(m.value, l)}`;
    case 'influence':
      return `${t('forecast-mod-influence', { line: lineOf(m.note) })}: ${num(m.value, l)}`;
    case 'permanent': {
      const f = state.figures.find((x) => x.id === m.note);
      // Another player's figure: its influence is his secret (the report shows it only in a sum).
      return f && f.player === player
        ? `${t('mod-permanent', { who: f.name })}: ${num(m.value, l)}`
        : `${t('mod-hidden-influence')}: ${num(m.value, l)}`;
    }
    default:
      return `${m.source}: ${num(m.value, l)}`;
  }
}

function actionText(state: NationState, player: PlayerId, a: DeclaredAction, l: NLang): string {
  const t = (id: string, args: Record<string, string | number> = {}) => msg(id, l, args);
  const parts = [t(a.visibility === 'secret' ? 'secret-adv' : 'public-adv')];
  if (!a.influence) parts.push(directionName(a.direction, l));
  if (a.scale !== null) parts.push(t('action-scale', { level: lvl(a.scale, l) }));
  if (a.strategic) {
    const known = state.strategic.some((s) => s.id === a.strategic);
    parts.push(known ? t('action-step', { id: a.strategic }) : t('forecast-new-strategic'));
  }
  if (a.influence) parts.push(`${t(a.influence.sign > 0 ? 'support' : 'oppose')} ${a.influence.target}`);
  if (a.gainInfluence) {
    // The message quotes the order's name itself (as the report's does): its bare name, not its label ("орден «…»").
    const ref = targetRef(state, a.gainInfluence);
    parts.push(t('action-gain', { order: knowersOf(state, ref).includes(player) ? actorName(state, ref) : '?' }));
  }
  const text = a.text ? ` — ${t('quoted', { text: a.text })}` : '';
  return `${nameOf(state, player, a.actor, l)}: ${parts.join(', ')}${text}`;
}

const targetRef = (state: NationState, id: string): ActorRef =>
  state.countries.some((c) => c.id === id) ? { type: 'country', id } : { type: 'order', id };

function actionLines(state: NationState, player: PlayerId, f: ActionForecast, l: NLang, lineOf: LineOf): string[] {
  const t = (id: string, args: Record<string, string | number> = {}) => msg(id, l, args);
  const head = actionText(state, player, f.action, l);
  const out = [
    f.line === null ? t('forecast-declared', { action: head }) : t('forecast-line', { line: f.line, action: head }),
  ];
  if (f.influence) {
    const target = state.declared.find((x) => x.id === f.influence!.target);
    const on = target ? `${target.id} (${nameOf(state, player, target.actor, l)})` : f.influence.target;
    const values = f.influence.values.map((v) => num(v, l)).join(' / ');
    out.push(
      `  ${
        f.influence.permanent
          ? t('forecast-influence-permanent', { target: on, value: values })
          : t(f.influence.values.length > 1 ? 'forecast-influence-die' : 'forecast-influence', { target: on, values })
      }`,
    );
    return out;
  }
  const total = f.modifiers.reduce((s, m) => s + m.value, 0);
  out.push(
    `  ${
      f.modifiers.length
        ? t('forecast-mods', {
            list: f.modifiers.map((m) => modText(state, player, m, l, lineOf)).join('; '),
            total: num(total, l),
          })
        : t('forecast-mods-none')
    }`,
  );
  for (const d of f.dieInfluences)
    out.push(
      `  ${t('forecast-die-influence', { what: t('forecast-mod-influence', { line: lineOf(d.action) }), values: d.values.map((v) => num(v, l)).join(' / ') })}`,
    );
  out.push(
    `  ${t('forecast-dist', {
      dice: f.dice,
      mod: total ? num(total, l) : '',
      list: [...f.counts].map(([v, c]) => `${ladderValue(v, l)} ${percent(c, f.total, l)}`).join('; '),
    })}`,
  );
  if (f.kind === 'step') out.push(`  ${t('forecast-step')}`);
  if (f.difficulty !== null) {
    const o = outcomeCounts(f, f.difficulty);
    out.push(
      `  ${t('forecast-odds', {
        level: lvl(f.difficulty, l),
        success: percent(o.success, f.total, l),
        failure: percent(o.failure, f.total, l),
        disaster: percent(o.disaster, f.total, l),
      })}`,
    );
  }
  return out;
}

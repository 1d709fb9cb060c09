// An action's modifiers in a nation report's words (view.ts): each as "what:
// value"; another player's influence the reader may not know of, or another
// player's figure's permanent slot, shows only as one hidden sum.
import { directionName } from './directions.js';
import { DIRECTIONS, type Modifier } from './types.js';
import type { ViewReader } from './view-reader.js';
import { lvl, num } from './view-words.js';

function modText(r: ViewReader, m: Modifier): { text: string; hidden: boolean } {
  const { t, l } = r;
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
      const f = r.seenAction(m.note);
      if (f && (r.mine(f.player) || r.knows(f.actor)))
        return {
          text: `${t('mod-influence', { id: f.id, who: r.nameOf(f.actor) })}: ${num(m.value, l)}`,
          hidden: false,
        };
      return { text: '', hidden: true };
    }
    case 'permanent': {
      const f = r.state.figures.find((x) => x.id === m.note);
      if (f && r.mine(f.player))
        return { text: `${t('mod-permanent', { who: f.name })}: ${num(m.value, l)}`, hidden: false };
      return { text: '', hidden: true };
    }
    case 'gm':
      return { text: `${t('mod-gm')}: ${num(m.value, l)}`, hidden: false };
    default:
      return { text: `${m.source}: ${num(m.value, l)}`, hidden: false };
  }
}

/** The modifiers the reader may see, one line each, and the hidden ones summed in one line. */
export function modLines(r: ViewReader, mods: Modifier[]): string[] {
  const out: string[] = [];
  let hidden = 0;
  for (const m of mods) {
    const mt = modText(r, m);
    if (mt.hidden) hidden += m.value;
    else out.push(mt.text);
  }
  if (hidden !== 0) out.push(`${r.t('mod-hidden-influence')}: ${num(hidden, r.l)}`);
  return out;
}

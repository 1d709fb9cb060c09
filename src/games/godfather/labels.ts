// The words of the Godfather's reports that several views share: a player's
// name and gender by id, a faction's and an action's label, and event params
// made readable (ids → names, codes → words) in the reader's language. Used by
// the report model (view.ts), the forecast (forecast-text.ts) and the GM's
// resolution trace (trace-text.ts).
import type { Lang, PlayerId } from '../../engine/types.js';
import { LEADER_KEY } from './access.js';
import { action } from './tables.js';
import type { GState } from './state.js';
import { L, tr, type Params } from './texts.js';

export function nameOf(s: GState, id: PlayerId | null | undefined): string {
  if (!id) return '-';
  const p = s.players.find((x) => x.id === id);
  return p ? p.name : id;
}

export function genderOf(s: GState, id: PlayerId | null | undefined): string {
  return s.players.find((x) => x.id === id)?.gender ?? 'm';
}

/** A faction as players read it: «№1» (the id F1 is the judge's). */
export function factionLabel(id: string, lang: Lang): string {
  return tr(lang, 'faction-name', { n: Number(id.replace(/\D/g, '')) || id });
}

const PLAYER_KEYS = new Set(['player', 'member', 'target', 'leader', 'by', 'voter', 'a', 'b', 'author']);

/** Event params for a text: player ids → names (and their gender as <key>Gender), factions → №n, reason codes and action keys → words. */
export function params(s: GState, p: Record<string, unknown> | undefined, lang: Lang): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(p ?? {})) {
    if (PLAYER_KEYS.has(k) && typeof v === 'string' && s.players.some((x) => x.id === v)) {
      out[k] = nameOf(s, v);
      out[`${k}Gender`] = genderOf(s, v);
    } else if (k === 'faction' && typeof v === 'string') out[k] = factionLabel(v, lang);
    else if (k === 'action' && typeof v === 'string' && v.includes('.')) out[k] = actionLabel(v, lang);
    else out[k] = v as string | number;
  }
  if (typeof out.why === 'string' && /^[a-z]/.test(out.why)) out.why = tr(lang, out.why, { ...out });
  return out;
}

export function actionLabel(key: string, lang: Lang): string {
  if (key === LEADER_KEY) return tr(lang, 'leader-action');
  try {
    return action(key).name[L(lang)];
  } catch {
    return key;
  }
}

// The GM's resolution trace ("Ход разрешения") in the GM's language. The rules
// write it as message ids of trace.ftl with their arguments (scratch.ts, trace),
// stored with the period's events; here each line becomes text: player ids stay
// ids (the GM's table names them) with their gender for the messages that need
// it, action keys become the actions' names, reason, status, step and stat codes
// become words, ВО/ТВ changes are signed. A line stored before the trace spoke
// the GM's language (plain English text) is shown as it was written.
import type { Lang } from '../../engine/types.js';
import { actionLabel, genderOf, params } from './labels.js';
import type { TraceLine } from './scratch.js';
import type { GEvent, GState } from './state.js';
import { tr, type Params } from './texts.js';

/** The lines at the top (the period, the steps); the others are indented under their step. */
const HEADS: ReadonlySet<string> = new Set(['trace-period', 'trace-step', 'trace-over']);

/** The params that name a player (by id): each also gets <key>Gender. */
const PLAYER_KEYS: ReadonlySet<string> = new Set(['actor', 'player', 'target', 'leader', 'by', 'from', 'to', 'a', 'b']);

/** The params that are ВО/ТВ changes: shown signed. */
const DELTAS: ReadonlySet<string> = new Set(['delta', 'da', 'db']);

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The params of a trace line as the message reads them, in the GM's language. */
function lineParams(s: GState, p: Record<string, string | number>, lang: Lang): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(p)) {
    if (k.startsWith('why:')) continue;
    const code = String(v);
    if (k === 'action') out[k] = actionLabel(code, lang);
    else if (k === 'why') out[k] = tr(lang, `trace-why-${code}`);
    else if (k === 'status') out[k] = tr(lang, `trace-status-${code}`);
    else if (k === 'via') out[k] = code === 'own' ? '' : ` (${tr(lang, `trace-via-${code}`)})`;
    else if (k === 'stat') out[k] = tr(lang, `trace-stat-${code}`);
    else if (k === 'step') out[k] = tr(lang, code);
    else if (k === 'problem') {
      // why an act is not available: a reason of the players' texts, with its own params (why:<key>)
      const own = Object.fromEntries(
        Object.entries(p)
          .filter(([x]) => x.startsWith('why:'))
          .map(([x, y]) => [x.slice(4), y]),
      );
      out[k] = String(params(s, { why: code, ...own }, lang).why);
    } else if (DELTAS.has(k) && typeof v === 'number') out[k] = signed(v);
    else out[k] = v;
    if (PLAYER_KEYS.has(k) && typeof v === 'string' && s.players.some((x) => x.id === v))
      out[`${k}Gender`] = genderOf(s, v);
  }
  return out;
}

/** One trace line as the GM reads it; a line stored as text (before #32) as it is. */
export function traceLineText(s: GState, line: TraceLine | string, lang: Lang): string {
  if (typeof line === 'string') return line;
  if (!line || typeof line.code !== 'string') return String(line);
  const text = tr(lang, line.code, lineParams(s, line.params ?? {}, lang));
  return HEADS.has(line.code) ? text : `  ${text}`;
}

/** Every trace line of the events, in the GM's language. */
export function traceText(s: GState, events: GEvent[], lang: Lang): string[] {
  return events
    .filter((e) => e.type === 'trace')
    .flatMap((e) => ((e.lines as (TraceLine | string)[] | undefined) ?? []).map((l) => traceLineText(s, l, lang)));
}

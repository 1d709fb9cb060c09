// The Godfather forecast in the reader's words (Rules.forecast): per act whether it
// would be carried out at the deadline (and why not), what it costs (the day's or
// night's action, its cooldown, once a game), the ВО/ТВ changes its table entry
// asks, what a block would do to it; the fine for not acting; the prison vote.
// Made from godfatherForecast (forecast.ts): his own acts and public facts.
import type { Forecast, ForecastSection, Lang, PlayerId } from '../../engine/types.js';
import { godfatherForecast, type ActForecast, type VoteForecast } from './forecast.js';
import type { GOrder } from './order-types.js';
import { allActions } from './tables.js';
import { halfOf, player, type GState } from './state.js';
import { L, tr, type Params } from './texts.js';
import { actionLabel, params } from './labels.js';

const name = (s: GState, id: PlayerId) => s.players.find((p) => p.id === id)?.name ?? id;
const STAT: Record<string, string> = { vo: 'ВО', tv: 'ТВ' };
const signed = (n: number) => (n > 0 ? `+${n}` : `−${-n}`);

export function forecast(state: GState, player: PlayerId, orders: GOrder[], lang: Lang): Forecast | null {
  const f = godfatherForecast(state, player, orders);
  if (!f) return null;
  const t = (code: string, p: Params = {}) => tr(lang, code, p);
  const half = halfOf(state.t);
  const acts = f.acts.flatMap((a) => actLines(state, a, half, lang));
  if (f.idle) acts.push(t('forecast-idle', { half }));
  const sections: ForecastSection[] = [
    { title: t('forecast-acts'), lines: acts },
    { title: t('forecast-vote-title'), lines: f.vote ? voteLines(state, player, f.vote, lang) : [] },
  ];
  return { note: t('forecast-note'), sections: sections.filter((s) => s.lines.length) };
}

function actLines(s: GState, f: ActForecast, half: string, lang: Lang): string[] {
  const t = (code: string, p: Params = {}) => tr(lang, code, p);
  const a = f.act;
  const via = a.via === 'leader' || a.via === 'trick' || a.via === 'proxy' ? ` (${t(`via-${a.via}`)})` : '';
  const targets = a.ordered.length ? ` → ${a.ordered.map((id) => name(s, id)).join(', ')}` : '';
  const out = [t('forecast-act', { line: a.line, action: `${actionLabel(a.def.key, lang)}${via}`, targets })];
  if (f.problem) {
    const why = params(s, { why: f.problem.code, ...f.problem.params }, lang).why;
    out.push(`  ${t('forecast-act-failed', { why: String(why) })}`);
    return out;
  }
  out.push(`  ${t('forecast-act-ok')}`);
  out.push(
    `  ${t(a.main ? 'forecast-cost-main' : a.via === 'trick' ? 'forecast-cost-extra' : 'forecast-cost-free', { half })}`,
  );
  if (a.def.once && a.via === 'own') out.push(`  ${t('forecast-once')}`);
  else if (f.cooldownHours > 0) out.push(`  ${t('forecast-cooldown', { hours: f.cooldownHours })}`);
  out.push(`  ${t('forecast-effect', { text: a.def.text[L(lang)] })}`);
  if (a.via === 'leader' || a.via === 'proxy') out.push(`  ${t('forecast-member')}`);
  if (f.changes?.length)
    out.push(
      `  ${t('forecast-changes', {
        list: f.changes
          .map((c) =>
            t('forecast-change', {
              player: name(s, c.target),
              stat: STAT[c.stat]!,
              delta: signed(c.delta),
              temp: c.temp ?? 0,
            }),
          )
          .join('; '),
      })}`,
    );
  out.push(`  ${t(a.unblockable ? 'forecast-unblockable' : 'forecast-blocked')}`);
  return out;
}

function voteLines(s: GState, id: PlayerId, v: VoteForecast, lang: Lang): string[] {
  const t = (code: string, p: Params = {}) => tr(lang, code, p);
  const out: string[] = [];
  if (v.target !== null) {
    const target = name(s, v.target);
    if (v.why === null) {
      out.push(t('forecast-vote', { target, strength: v.strength }));
      if (v.carries.length)
        out.push(`  ${t('forecast-vote-carries', { list: v.carries.map((x) => name(s, x)).join(', ') })}`);
      if (player(s, id).prison) out.push(`  ${t('forecast-vote-prison')}`);
    } else
      out.push(
        t(
          v.why === 'not-listed'
            ? 'forecast-vote-not-listed'
            : v.why === 'cannot-vote'
              ? 'forecast-vote-cannot'
              : 'forecast-vote-change-used',
          {
            target,
          },
        ),
      );
  }
  if (v.fine) out.push(t('forecast-vote-none'));
  if (out.length) {
    const names = allActions()
      .filter((x) => x.effect === 'prayer' || x.effect === 'voteStrip' || x.effect === 'voteSteal')
      .map((x) => x.name[L(lang)]);
    out.push(`  ${t('forecast-vote-strip', { names: [...new Set(names)].join(', ') })}`);
  }
  return out;
}

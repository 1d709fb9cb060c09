// The other events of a turn in a nation report (view.ts): population growth
// and ages (the reader's own), the GM's adjustments, secrecy (his own in full,
// the others' as what he learnt), the GM's narratives and bulletin, and the
// reader's refused order lines.
import { directionName } from './directions.js';
import { reasonText } from './reasons.js';
import { actorName } from './texts.js';
import { type ActorRef, COUNTRY_ATTRS, DIRECTIONS } from './types.js';
import type { ViewReader } from './view-reader.js';
import { lvl, num } from './view-words.js';

/** The growth of the reader's country (the GM: every country's). */
export function growth(r: ViewReader): string[] {
  const { state, t, l } = r;
  return r
    .of('growth')
    .filter((e) => r.isGm || state.countries.find((c) => c.id === e.country)?.player === r.reader)
    .map((e) => {
      const c = state.countries.find((x) => x.id === e.country);
      const parts = e.parts.map((p) => `${t('growth-part', { part: p.source })} ${num(p.value, l)}`).join(' + ');
      const population =
        e.populationFrom === e.populationTo
          ? t('population-same', { level: lvl(e.populationTo, l) })
          : t('population-change', { from: lvl(e.populationFrom, l), to: lvl(e.populationTo, l) });
      return t('growth-line', {
        country: c?.name ?? e.country,
        parts,
        pp: num(e.pp, l),
        population,
        carried: num(e.carried, l),
      });
    });
}

/** The ages of the reader's figures. */
export function ages(r: ViewReader): string[] {
  const { t, l } = r;
  return r.of('age').flatMap((e) => {
    const f = r.ownFigure(e.figure);
    return f ? [t('age-line', { figure: f.name, n: e.age, modifier: num(e.modifier, l) })] : [];
  });
}

export function adjustments(r: ViewReader): string[] {
  return r.of('gm-set').map((e) => `${adjustmentName(r, e.target)}: ${lvl(e.from, r.l)} → ${lvl(e.to, r.l)}`);
}

/** What a GM adjustment id names, in words ("set:ruthenia.gold" → "Рутения: Золотой запас"). */
function adjustmentName({ state, t, l, knows }: ViewReader, target: string): string {
  const m = /^([a-z]+):([^.]+)(?:\.(.+))?$/i.exec(target);
  if (!m) return target;
  const [, kind, a, b] = m;
  const country = state.countries.find((c) => c.id === a);
  const order = state.orders.find((o) => o.id === a);
  const figure = state.figures.find((f) => f.id === a);
  switch (kind!.toLowerCase()) {
    case 'set':
      if (country && b && (COUNTRY_ATTRS as readonly string[]).includes(b))
        return `${country.name}: ${t('attr', { attr: b })}`;
      if (country && b) {
        const m2 = /^(party|religion)\.(.+)$/.exec(b);
        return `${country.name}: ${m2 ? t(m2[1] === 'party' ? 'adjust-party' : 'adjust-religion', { name: m2[2]! }) : b}`;
      }
      break;
    case 'style':
      if (country && b && DIRECTIONS.includes(b as never)) return `${country.name}: ${directionName(b as never, l)}`;
      break;
    case 'size':
      if (order && knows({ type: 'order', id: order.id })) return `${order.name}: ${t('adjust-size')}`;
      break;
    case 'degree':
      if (figure && b) {
        const ref: ActorRef = state.countries.some((c) => c.id === b)
          ? { type: 'country', id: b }
          : { type: 'order', id: b };
        return `${figure.name} — ${knows(ref) ? actorName(state, ref) : t('order-unknown-to-you')}: ${t('adjust-degree')}`;
      }
      break;
    case 'influentiality':
      if (figure) return `${figure.name}: ${t('adjust-influentiality')}`;
      break;
  }
  return target;
}

/** The secrecy of the reader's orders and figures, and what he learnt of the others'. */
export function secrecy(r: ViewReader): string[] {
  const { state, t } = r;
  return r.of('secrecy').map((e) => {
    const ref: ActorRef = { type: e.entity, id: e.id };
    const o = e.entity === 'order' ? state.orders.find((x) => x.id === e.id) : state.figures.find((x) => x.id === e.id);
    const name = o && r.knows(ref) ? o.name : '?';
    const ownIt = o ? r.mine(o.player) : r.isGm;
    const roll = e.roll !== null && e.chance !== null ? t('secrecy-roll', { roll: e.roll, chance: e.chance }) : '';
    if (!ownIt) return t('secrecy-learnt', { entity: e.entity, name, where: o ? r.countryName(o.country) : '' });
    const st = (s: string) => t(e.entity === 'order' ? 'order-secrecy' : 'figure-secrecy', { secrecy: s });
    if (!e.learnt.length) return t('secrecy-kept', { name, roll });
    const change = e.from === e.to ? '' : `${st(e.from)} → ${st(e.to)}; `;
    return t('secrecy-known', {
      name,
      change,
      entity: e.entity,
      count: e.learnt.length,
      who: e.learnt.map(r.playerName).join(', '),
      roll,
    });
  });
}

export function narrative(r: ViewReader): { target: string; text: string }[] {
  return r.of('narrative').map((e) => ({ target: narrativeTarget(r, e.target), text: e.text }));
}

/** A narrative's target in words: an action or strategic id with its actor, or a name. */
function narrativeTarget({ state, knows, seenAction, quoted }: ViewReader, target: string): string {
  const t = target.toLowerCase();
  const a = [...state.declared].find((x) => x.id.toLowerCase() === t) ?? seenAction(target.toUpperCase());
  if (a) return `${a.id} (${knows(a.actor) ? actorName(state, a.actor) : '?'})`;
  const st = state.strategic.find((x) => x.id.toLowerCase() === t);
  if (st) return `${st.id} ${quoted(st.goal)}`;
  const c = state.countries.find((x) => x.id.toLowerCase() === t);
  if (c) return c.name;
  const o = state.orders.find((x) => x.id.toLowerCase() === t);
  if (o) return knows({ type: 'order', id: o.id }) ? o.name : '?';
  const f = state.figures.find((x) => x.id.toLowerCase() === t);
  if (f) return knows({ type: 'figure', id: f.id }) ? f.name : '?';
  return target;
}

/** The GM's bulletins, one text. */
export function bulletin(r: ViewReader): string | null {
  return (
    r
      .of('bulletin')
      .map((e) => e.text)
      .join('\n\n') || null
  );
}

/** The reader's refused order lines (the GM: everybody's). */
export function refused(r: ViewReader): { line: string; text: string; reason: string }[] {
  return r
    .of('refused')
    .filter((e) => r.mine(e.player))
    .map((e) => ({
      line: `${r.isGm ? `[${r.playerName(e.player)}] ` : ''}${e.line ?? '—'}`,
      text: e.text,
      reason: reasonText(e.reason, e.args, r.l, r.state),
    }));
}

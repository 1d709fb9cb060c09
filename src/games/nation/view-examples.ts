// Example order lines for a nation player's next stage (view.ts), made from
// his own country, orders, strategic action and figures.
import { levelName } from './ladder.js';
import { actorName } from './texts.js';
import { myOrders, ownCountry } from './view-holdings.js';
import type { ViewReader } from './view-reader.js';

export function examples(r: ViewReader): string[] {
  const { state, t, l, reader } = r;
  const out: string[] = [];
  if (r.isGm) return out;
  const own = ownCountry(r);
  const active = state.strategic.find((x) => x.player === reader && x.status === 'active');
  if (state.stage === 1) {
    if (own) out.push(t('example-country'));
    const o = myOrders(r)[0];
    if (o) out.push(t('example-order', { order: o.name, scale: levelName(o.size, l) }));
    if (own) out.push(t('example-strategic'));
    if (o) out.push(t('example-order-turns', { order: o.name }));
    if (active) out.push(t('example-continue', { id: active.id }), t('example-abandon', { id: active.id }));
  } else {
    for (const f of state.figures.filter((x) => x.player === reader).slice(0, 2)) {
      const target = r.declaredNow.find(
        (a) => a.actor.type !== 'figure' && f.influence.some((i) => i.order === a.actor.id),
      );
      if (target)
        out.push(
          t('example-support', { figure: f.name, id: target.id }),
          t('example-oppose', { figure: f.name, id: target.id }),
        );
      out.push(t('example-figure', { figure: f.name }));
      const on = f.influence.map((i) => r.targetRef(i.order)).find(r.knows);
      if (on) out.push(t('example-gain', { figure: f.name, order: actorName(state, on), kind: on.type }));
    }
  }
  return out;
}

// Why an order was refused at adjudication: the `reason` code of a `refused`
// event and its `args`, and the text in the reader's language (for the view):
// the Fluent message reason-<code> of templates/nation/<lang>/nation.ftl.
import type { Lang } from '../../engine/types.js';
import { hasFluentMessage } from '../../render/fluent.js';
import { entityName, type EntityType } from './penalties.js';
import { directionName } from './directions.js';
import { msg, nlang } from './texts.js';
import type { Direction, NationState } from './types.js';

/** The message id of a refusal code. */
export const reasonId = (code: string): string => `reason-${code}`;

/**
 * A refusal's text in the reader's language. Args named entity and direction are
 * codes put into words (visibility is chosen by the message itself); actor, figure,
 * order and country are ids, shown by name when the state is given. An unknown code
 * shows as it is.
 */
export function reasonText(
  code: string,
  args: Record<string, string | number> | undefined,
  lang: Lang,
  state?: NationState,
): string {
  const l = nlang(lang);
  if (!hasFluentMessage('nation', l, reasonId(code))) return code;
  const word = (k: string, v: string | number): string | number => {
    if (typeof v === 'number') return v;
    if (k === 'entity') return entityName(v as EntityType, l);
    if (k === 'direction') return directionName(v as Direction, l);
    if (state && ['actor', 'figure', 'order', 'country'].includes(k)) {
      const e =
        state.countries.find((x) => x.id === v) ??
        state.orders.find((x) => x.id === v) ??
        state.figures.find((x) => x.id === v);
      if (e) return e.name;
    }
    return v;
  };
  // An arg may come in Russian words too (`<key>Ru`), for texts the judge writes at adjudication.
  const a = args ?? {};
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(a))
    if (!k.endsWith('Ru')) params[k] = l === 'ru' && a[`${k}Ru`] !== undefined ? a[`${k}Ru`]! : word(k, v);
  return msg(reasonId(code), l, params);
}

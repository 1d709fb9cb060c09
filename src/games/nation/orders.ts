// The nation order language (games/nation/ORDERS.md): one order per line, in
// Russian written naturally (any word order, any case form) or in English.
// A line names who acts (the home country, an order or a figure), secret or
// public, the direction, optionally a scale, a strategic step, or an influence
// on a declared action; the rest of the line is what the actor does.
//
// How a line is read: order words are taken from the start of the line in any
// order, each kind at most once (who, secret/public, direction, scale,
// strategic …); the first word that is none of them — or says a kind a second
// time — starts the action's text. Parts at the end of the line set off by a
// comma, dash or bracket that consist only of order words of kinds not yet
// given are order words too ("…построить плотину, публично"). Text in quotes
// «…» is always text. Refusals here are the ones a single line shows; what
// depends on the whole turn (counts, slots) is refused at adjudication (plan.ts).
import type { LineError, OrderContext, OrderEcho, ParseResult } from '../../engine/types.js';
import { msg } from './texts.js';
import type { NationOrder, NationState } from './types.js';
import { build } from './order-build.js';
import { understood } from './order-echo.js';
import { type Ctx, LineFail, entitiesOf } from './order-entities.js';
import { readLine } from './order-line.js';

// ---------------------------------------------------------------------------

/** Numbering and bullets players put before lines: "1.", "2)", "-", "•". */
const BULLET = /^(?:\d{1,2}[.)]\s+|[-*•]\s+)/u;

export function parseOrders(text: string, ctx: OrderContext<NationState>): ParseResult<NationOrder> {
  const orders: NationOrder[] = [];
  const errors: LineError[] = [];
  const echo: OrderEcho[] = [];
  const lang = ctx.lang;
  const entities = entitiesOf(ctx.state, ctx.player);
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) return;
    const body = trimmed.replace(BULLET, '');
    const c: Ctx = { state: ctx.state, player: ctx.player, lang, entities, actor: undefined };
    try {
      const order = build(readLine(body, c), line, c);
      orders.push(order);
      echo.push({ line, text: trimmed, understood: understood(order, ctx.state, lang) });
    } catch (e) {
      if (!(e instanceof LineFail)) throw e;
      errors.push({ line, text: trimmed, reason: msg(e.problem.code, lang, e.problem.params ?? {}) });
    }
  });
  return { orders, errors, echo };
}

// ROLL orders: one per line, "ROLL <spec> [options] [comment]", where the
// comment is whatever follows the spec, or the text after #, -- or a dash.
import type { Lang, LineError, OrderContext, OrderEcho, ParseResult } from '../../engine/types.js';
import { describeSpec, formatSpec, parseSpecWords, specErrorMessage, splitWords } from '../../dice/index.js';
import { MAX_ROLLS, ORDER_ERRORS, ROLL_KEYWORD, ROLL_KEYWORDS } from './messages.js';
import type { RpgOrder, RpgState } from './types.js';

/** Upper case without diacritics: HOĎ → HOD, бросок → БРОСОК. */
const keywordOf = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

/** The explicit comment after "#", "--" or a spaced dash (– —), and the text before it. */
function splitComment(line: string): { body: string; comment: string } {
  const m = /#|--|\s[–—]\s/.exec(line);
  if (!m) return { body: line, comment: '' };
  return { body: line.slice(0, m.index), comment: line.slice(m.index + m[0].length).trim() };
}

/** How the judge understood an order, in the player's language. */
export function understood(order: RpgOrder, lang: Lang): string {
  const comment = order.comment ? ` — ${order.comment}` : '';
  return `${ROLL_KEYWORD[lang]} ${formatSpec(order.spec)} (${describeSpec(order.spec, lang)})${comment}`;
}

export function parseOrders(text: string, ctx: OrderContext<RpgState>): ParseResult<RpgOrder> {
  const orders: RpgOrder[] = [];
  const errors: LineError[] = [];
  const echo: OrderEcho[] = [];
  const lang: Lang = Object.hasOwn(ORDER_ERRORS, ctx.lang) ? ctx.lang : 'en'; // never throw on a stray language
  const msg = ORDER_ERRORS[lang];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const { body, comment } = splitComment(trimmed);
    const words = splitWords(body);
    const keyword = words[0] ?? '';
    if (!ROLL_KEYWORDS.includes(keywordOf(keyword))) {
      errors.push({ line, text: trimmed, reason: msg.unknownOrder(keyword) });
      return;
    }
    const r = parseSpecWords(words.slice(1));
    if (!r.ok) {
      errors.push({ line, text: trimmed, reason: specErrorMessage(r.error, lang) });
      return;
    }
    if (orders.length >= MAX_ROLLS) {
      errors.push({ line, text: trimmed, reason: msg.tooMany(MAX_ROLLS) });
      return;
    }
    const rest = /^[-–—]$/.test(r.rest[0] ?? '') ? r.rest.slice(1) : r.rest; // "ROLL 3d6 - stealth"
    const order: RpgOrder = { type: 'roll', line, spec: r.spec, comment: [...rest, comment].filter((s) => s !== '').join(' ') };
    orders.push(order);
    echo.push({ line, text: trimmed, understood: understood(order, lang) });
  });
  return { orders, errors, echo };
}

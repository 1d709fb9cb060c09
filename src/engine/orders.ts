// A player's orders for a phase from the mails they sent: the latest mail
// wins, or — for game kinds with mergeOrders — each mail amends the orders
// so far. The echo of each surviving order comes from the mail it was in.
import type { SubmissionRow } from '../store/submissions.js';
import type { AnyRules, OrderEcho } from './types.js';

export interface CurrentOrders {
  orders: unknown[];
  /** How the judge understood each surviving order, oldest mail first. */
  echo: (OrderEcho & { submission: number })[];
}

/**
 * The fold of a seat's submissions for a phase, oldest first (kinds with
 * mergeOrders): each surviving order, the submission it came from and its
 * line. Extended by the submissions that come later (foldOrders with `from`):
 * a stored submission's orders never change.
 */
export interface OrdersFold {
  acc: readonly { order: unknown; sub: Pick<SubmissionRow, 'id' | 'echo_json'>; line: number | undefined }[];
}

/** `from` extended by subs (which come after it, oldest first), merged as rules.mergeOrders says. */
export function foldOrders(rules: AnyRules, state: unknown, subs: SubmissionRow[], from?: OrdersFold): OrdersFold {
  let acc = from?.acc ?? [];
  for (const s of subs) {
    const next = JSON.parse(s.orders_json) as unknown[];
    const merged = rules.mergeOrders!(
      state,
      acc.map((a) => a.order),
      next,
    );
    const sub = { id: s.id, echo_json: s.echo_json };
    acc = merged.map((o) => acc.find((a) => a.order === o) ?? { order: o, sub, line: (o as { line?: number }).line });
  }
  return { acc };
}

const echoOf = (s: Pick<SubmissionRow, 'id' | 'echo_json'>) =>
  (JSON.parse(s.echo_json) as OrderEcho[]).map((e) => ({ ...e, submission: s.id }));

/** The orders a fold stands at, and their echo. */
export function foldedOrders(f: OrdersFold): CurrentOrders {
  const echo = f.acc.flatMap((a) =>
    echoOf(a.sub)
      .filter((e) => e.line === a.line)
      .slice(0, 1),
  );
  return { orders: f.acc.map((a) => a.order), echo };
}

/** subs: every submission of one player for one phase, oldest first. */
export function currentOrders(rules: AnyRules, state: unknown, subs: SubmissionRow[]): CurrentOrders {
  if (!subs.length) return { orders: [], echo: [] };
  if (!rules.mergeOrders) {
    const last = subs[subs.length - 1]!;
    return { orders: JSON.parse(last.orders_json), echo: echoOf(last) };
  }
  return foldedOrders(foldOrders(rules, state, subs));
}

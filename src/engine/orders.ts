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

/** subs: every submission of one player for one phase, oldest first. */
export function currentOrders(rules: AnyRules, state: unknown, subs: SubmissionRow[]): CurrentOrders {
  if (!subs.length) return { orders: [], echo: [] };
  const echoOf = (s: SubmissionRow) => (JSON.parse(s.echo_json) as OrderEcho[]).map((e) => ({ ...e, submission: s.id }));
  if (!rules.mergeOrders) {
    const last = subs[subs.length - 1]!;
    return { orders: JSON.parse(last.orders_json), echo: echoOf(last) };
  }
  let acc: { order: unknown; sub: SubmissionRow; line: number | undefined }[] = [];
  for (const s of subs) {
    const next = JSON.parse(s.orders_json) as unknown[];
    const merged = rules.mergeOrders(state, acc.map((a) => a.order), next);
    acc = merged.map((o) => acc.find((a) => a.order === o) ?? { order: o, sub: s, line: (o as { line?: number }).line });
  }
  const echo = acc.flatMap((a) => echoOf(a.sub).filter((e) => e.line === a.line).slice(0, 1));
  return { orders: acc.map((a) => a.order), echo };
}

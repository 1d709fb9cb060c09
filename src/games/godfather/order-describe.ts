// An order in the reader's words (the acknowledgement, the GM's worksheet).
import type { PlayerId, Lang } from '../../engine/types.js';
import { action, allActions } from './tables.js';
import { halfOf, player, type GState, type OrderArgs } from './state.js';
import { memberKind } from './proxy.js';
import { tr } from './texts.js';
import { actionName } from './order-actions.js';
import { names } from './order-names.js';
import type { ActOrder, GOrder } from './order-types.js';

// ---- describing orders ------------------------------------------------------------

function describeArgs(args: OrderArgs, lang: Lang): string {
  const bits: string[] = [];
  if (args.sign) bits.push(args.sign > 0 ? '+' : '-');
  if (args.stat) bits.push(args.stat === 'vo' ? 'ВО' : 'ТВ');
  if (args.guard) bits.push(tr(lang, args.guard === 'execution' ? 'c-execution' : 'c-prison'));
  if (args.jail) bits.push(tr(lang, args.jail === 'jail' ? 'c-jail' : 'c-free'));
  if (args.number) bits.push(`№${args.number}`);
  return bits.length ? ` (${bits.join(', ')})` : '';
}

/** A faction member's action in public terms (the leader's action, a proxy): his role's ordinary action by the table (or the role action the lair named), or his secret one of this half. */
function memberAction(state: GState, o: ActOrder, lang: Lang): string {
  const memberGender = player(state, o.member!).gender ?? 'm';
  // a role action the lair's order named (lair.ts): by the table, or the kind with the table's action of it
  if (o.memberAction)
    return tr(lang, 'o-member-role-action', {
      kind: 'kind' in o.memberAction ? o.memberAction.kind : 'named',
      action: actionName(action(o.key), lang),
      memberGender,
    });
  const kind = memberKind(o);
  return tr(lang, 'o-member-action', {
    kind,
    half: halfOf(state.t),
    action: kind === 'ordinary' ? actionName(action(o.key), lang) : '',
    memberGender,
  });
}

export function describeAct(state: GState, o: ActOrder, lang: Lang): string {
  const def = allActions().find((a) => a.key === o.key)!;
  let head = actionName(def, lang);
  const member = o.member ? player(state, o.member).name : '';
  if (o.via === 'leader') head = tr(lang, 'o-leader', { member, action: memberAction(state, o, lang) });
  if (o.via === 'proxy') head = `${actionName(action(o.proxyKey!), lang)}: ${member} — ${memberAction(state, o, lang)}`;
  if (o.via === 'trick') head = tr(lang, 'o-trick', { action: head });
  let tail = o.targets.length ? ` → ${names(state, o.targets)}` : '';
  if (o.args.action) {
    const forced = allActions().find((a) => a.key === o.args.action);
    tail += `: ${forced ? actionName(forced, lang) : o.args.action}`;
  }
  if (o.args.kind)
    tail += `: ${tr(lang, 'o-his-action', { kind: o.args.kind, playerGender: player(state, o.targets[0]!).gender ?? 'm' })}`;
  if (o.args.then?.length) tail += ` → ${names(state, o.args.then)}`;
  if (o.args.note) tail += ` («${o.args.note}»)`;
  return `${head}${describeArgs(o.args, lang)}${tail}`;
}

/** An order in the reader's words (the acknowledgement, the GM's worksheet). */
export function describeOrder(state: GState, o: GOrder, lang: Lang): string {
  const name = (id: PlayerId | null) => (id ? player(state, id).name : '');
  switch (o.type) {
    case 'act':
      return describeAct(state, o, lang);
    case 'vote':
      return tr(lang, 'o-vote', { player: name(o.target) });
    case 'invite':
      return tr(lang, 'o-invite', { player: name(o.target) });
    case 'accept':
      return tr(lang, 'o-accept', { player: name(o.target) });
    case 'leave':
      return tr(lang, 'o-leave', { player: name(o.leader), named: o.leader ? 'yes' : 'no' });
    case 'expel':
      return tr(lang, 'o-expel', { player: name(o.target) });
    case 'displace':
      return tr(lang, 'o-displace', { player: name(o.leader), named: o.leader ? 'yes' : 'no' });
    case 'read':
      return tr(lang, 'o-read', { player: name(o.target) });
    case 'eavesdrop':
      return tr(lang, 'o-eavesdrop', { player: name(o.target) });
    case 'endday':
      return tr(lang, 'o-endday');
    case 'bonus':
      return tr(lang, 'o-bonus', { stat: o.stat === 'vo' ? 'ВО' : 'ТВ' });
  }
}

// The report model: the ONLY path from state and events to what a reader sees.
// The public part (PublicView) is built from public data and events with audience
// 'all'; the private part (PrivateView) from the reader's own record and the
// events addressed to him. The GM ('gm') sees everything, with the trace.
import { canSee, type Lang, type PlayerId, type ReportModel } from '../../engine/types.js';
import { cooldownLeft, effectiveRole, heldActions, LEADER_KEY } from './access.js';
import { action, character, role } from './tables.js';
import { dayOf, factionBonus, factionsOf, fullVo, halfOf, hasLasting, player, slotOf, type GEvent, type GState } from './state.js';
import { L, tr } from './texts.js';

/** Public: what every reader may see. */
export interface PublicView {
  players: { name: string; id: string; role: string; vo: number; status: string }[];
  voChanges: string[];
  statusChanges: string[];
  anonymous: { no: number; text: string }[];
  published: string[];
  vote: { day: number; list: string[]; tally: string[]; prisoner: string | null; open: boolean } | null;
  notices: string[];
  gameOver: { winners: string[] } | null;
}

/** Private: the reader's own secrets and what his abilities told him. */
export interface PrivateView {
  name: string;
  role: string;
  character: string;
  feature: string;
  vo: number;
  voWithBonuses: number;
  tv: number;
  tvChange: string | null;
  status: string;
  factions: { id: string; leader: string; members: string; bonus: number }[];
  results: string[];
  learned: string[];
  messages: { how: string; from: string; to: string; text: string }[];
  notices: string[];
  actions: string[];
}

export interface GmView {
  headers: string[];
  players: (string | number)[][];
  factions: string[];
  standings: string[];
  trace: string[];
}

function nameOf(s: GState, id: PlayerId | null | undefined): string {
  if (!id) return '-';
  const p = s.players.find((x) => x.id === id);
  return p ? p.name : id;
}

function statusWord(status: string, lang: Lang): string {
  const ru: Record<string, string> = { free: 'на свободе', prison: 'в тюрьме', dead: 'убит', poisoned: 'отравлен' };
  const en: Record<string, string> = { free: 'free', prison: 'in prison', dead: 'dead', poisoned: 'poisoned' };
  return status.split('+').map((x) => (lang === 'ru' ? ru : en)[x] ?? x).join(', ');
}

function publicStatus(s: GState, id: PlayerId): string {
  const p = player(s, id);
  return `${p.alive ? (p.prison ? 'prison' : 'free') : 'dead'}${p.alive && p.poisonedAt !== null ? '+poisoned' : ''}${hasLasting(s, 'absent', id) ? '+absent' : ''}`;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function params(s: GState, p: Record<string, unknown> | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p ?? {})) out[k] = k === 'player' ? nameOf(s, String(v)) : (v as string | number);
  return out;
}

function actionLabel(key: string, lang: Lang): string {
  if (key === LEADER_KEY) return lang === 'ru' ? 'Действие лидера' : "Leader's action";
  return action(key).name[L(lang)];
}

function learnedText(s: GState, e: GEvent, lang: Lang): string {
  const ru = lang === 'ru';
  const d = e.data as Record<string, unknown>;
  const n = (id: unknown) => nameOf(s, id as string);
  const names = (ids: unknown) => ((ids as string[]) ?? []).map(n).join(', ') || (ru ? 'никого' : 'nobody');
  const ch = (slug: unknown) => character(String(slug)).name[L(lang)];
  switch (e.what) {
    case 'character':
      return ru ? `Тайная роль игрока ${n(d.target)}: ${ch(d.character)}` : `The secret character of ${n(d.target)}: ${ch(d.character)}`;
    case 'stats':
      return ru ? `${n(d.target)}: ВО ${d.vo}, ТВ ${d.tv} (со всеми бонусами)` : `${n(d.target)}: ВО ${d.vo}, ТВ ${d.tv} (with every bonus)`;
    case 'factions': {
      const fs = d.factions as { id: string; leader: string; members: string[] }[];
      return (ru ? 'Составы фракций: ' : 'The factions: ') + (fs.length ? fs.map((f) => `${f.id} (${ru ? 'лидер' : 'leader'} ${n(f.leader)}: ${names(f.members)})`).join('; ') : ru ? 'фракций нет' : 'none');
    }
    case 'allTv':
      return (ru ? 'ТВ всех: ' : 'Everyone\'s ТВ: ') + Object.entries(d.tv as Record<string, number>).map(([id, v]) => `${n(id)} ${v}`).join(', ');
    case 'inFaction':
      return ru ? `${n(d.target)} ${d.yes ? 'состоит' : 'не состоит'} во фракции` : `${n(d.target)} is ${d.yes ? '' : 'not '}in a faction`;
    case 'sameFaction':
      return ru
        ? `${n(d.a)}: ${d.aIn ? 'во фракции' : 'вне фракций'}; ${n(d.b)}: ${d.bIn ? 'во фракции' : 'вне фракций'}; в одной фракции: ${d.same ? 'да' : 'нет'}`
        : `${n(d.a)}: ${d.aIn ? 'in a faction' : 'in none'}; ${n(d.b)}: ${d.bIn ? 'in a faction' : 'in none'}; the same faction: ${d.same ? 'yes' : 'no'}`;
    case 'targetsOf':
      return ru ? `${n(d.target)} воздействовал на: ${names(d.targets)}` : `${n(d.target)} acted on: ${names(d.targets)}`;
    case 'strikeback':
      return ru
        ? `${n(d.target)} воздействовал на: ${names(d.targets)}; на него воздействовали: ${names(d.actors)}`
        : `${n(d.target)} acted on: ${names(d.targets)}; acted on him: ${names(d.actors)}`;
    case 'secretLog': {
      const acts = d.actions as { key: string; targets: string[] }[];
      return (ru ? 'Тайные действия за сутки: ' : 'Secret actions of the last 24 hours: ') + (acts.length ? acts.map((x) => `${actionLabel(x.key, lang)} → ${names(x.targets)}`).join('; ') : ru ? 'нет' : 'none');
    }
    case 'privCounts': {
      const c = Object.entries(d.counts as Record<string, number>).sort();
      return ru ? `${n(d.target)} писал приваты: ${c.length ? c.map(([id, k]) => `${n(id)} ×${k}`).join(', ') : 'никому'}` : `${n(d.target)} wrote privates to: ${c.length ? c.map(([id, k]) => `${n(id)} ×${k}`).join(', ') : 'nobody'}`;
    }
    case 'author':
      return d.author ? (ru ? `Автор анонимки №${d.no}: ${n(d.author)}` : `The author of anonymous message #${d.no}: ${n(d.author)}`) : ru ? `Автора анонимки №${d.no} узнать не удалось` : `The author of anonymous message #${d.no} could not be found`;
    case 'factionTargets': {
      const acts = d.acts as { actor: string; targets: string[] }[];
      return (ru ? 'Члены вашей фракции воздействовали: ' : 'Your faction members acted on: ') + acts.map((x) => `${n(x.actor)} → ${names(x.targets)}`).join('; ');
    }
    case 'endDay':
      return tr(lang, 'n-end-day', { day: Number(d.day) });
    case 'eavesdropNone':
      return ru ? `Подслушать ${n(d.target)} не удалось` : `Nothing overheard from ${n(d.target)}`;
    default:
      return String(e.what);
  }
}

function resultText(s: GState, e: GEvent, lang: Lang): string {
  const targets = (e.targets as string[]).map((id) => nameOf(s, id)).join(', ');
  const via = e.via === 'leader' ? (lang === 'ru' ? ' (действие лидера)' : " (leader's action)") : e.via === 'trick' ? (lang === 'ru' ? ' (хитрость)' : ' (trick)') : e.via === 'forced' ? (lang === 'ru' ? ' (по шантажу)' : ' (blackmailed)') : '';
  return `${actionLabel(String(e.action), lang)}${via}${targets ? ` → ${targets}` : ''}: ${tr(lang, String(e.outcome), e.params as Record<string, string | number>)}`;
}

function publicView(s: GState, seen: GEvent[], lang: Lang): PublicView {
  const ev = seen.filter((e) => e.audience === 'all');
  const vl = [...ev].reverse().find((e) => e.type === 'vote-list');
  const vr = ev.find((e) => e.type === 'vote-result');
  const openList = s.vote && s.vote.list.length ? s.vote : null;
  let vote: PublicView['vote'] = null;
  if (vr) {
    vote = {
      day: Number(vr.day), list: (vr.tally as { player: string }[]).map((x) => nameOf(s, x.player)),
      tally: (vr.tally as { player: string; votes: number }[]).map((x) => `${nameOf(s, x.player)}: ${x.votes}`),
      prisoner: vr.prisoner ? nameOf(s, vr.prisoner as string) : null, open: false,
    };
  } else if (openList) vote = { day: openList.day, list: openList.list.map((id) => nameOf(s, id)), tally: [], prisoner: null, open: true };
  else if (vl) vote = { day: Number(vl.day), list: (vl.list as string[]).map((id) => nameOf(s, id)), tally: [], prisoner: null, open: true };
  return {
    players: s.players.map((p) => ({ name: p.name, id: p.id, role: role(p.role).name[L(lang)], vo: p.vo, status: statusWord(publicStatus(s, p.id).replace('+absent', ''), lang) + (hasLasting(s, 'absent', p.id) ? (lang === 'ru' ? ', отсутствует' : ', absent') : '') })),
    voChanges: ev.filter((e) => e.type === 'vo').map((e) => `${nameOf(s, e.player as string)}: ${signed(Number(e.delta))} (ВО ${e.vo})`),
    statusChanges: ev.filter((e) => e.type === 'status').map((e) => `${nameOf(s, e.player as string)}: ${statusWord(String(e.status), lang)}`),
    anonymous: ev.filter((e) => e.type === 'anon').map((e) => ({ no: Number(e.no), text: String(e.text) })),
    published: ev.filter((e) => e.type === 'published').map((e) => String(e.text)),
    vote,
    notices: ev.flatMap((e) =>
      e.type === 'reprimand' ? [tr(lang, e.what === 'vote' ? 'p-reprimand-vote' : 'p-reprimand-action', { player: nameOf(s, e.player as string) })] : e.type === 'riot' ? [tr(lang, 'p-riot')] : [],
    ),
    gameOver: ev.some((e) => e.type === 'game-over') || s.over ? { winners: s.winners.map((id) => nameOf(s, id)) } : null,
  };
}

function ownActions(s: GState, id: PlayerId, lang: Lang): string[] {
  const ru = lang === 'ru';
  const kinds: Record<string, string> = ru
    ? { day: 'дневное', night: 'ночное', individual: 'индивидуальное', faction: 'фракционное', hero: 'геройское', manipulation: 'манипуляция', secretDay: 'тайное дневное', secretNight: 'тайное ночное' }
    : { day: 'day', night: 'night', individual: 'individual', faction: 'faction', hero: 'hero', manipulation: 'manipulation', secretDay: 'secret day', secretNight: 'secret night' };
  return heldActions(s, id).map((a) => {
    const left = cooldownLeft(s, id, a.key, a.cooldownHours);
    const lost = player(s, id).lost.includes(a.key);
    return `${a.slug[L(lang)]} — ${a.name[L(lang)]} [${kinds[a.kind]}]${lost ? (ru ? ' — утрачено' : ' — lost') : left ? (ru ? ` — через ${left} ч` : ` — in ${left} h`) : ''}`;
  });
}

function privateView(s: GState, seen: GEvent[], id: PlayerId, lang: Lang): PrivateView {
  const p = player(s, id);
  const mine = seen.filter((e) => Array.isArray(e.audience) && (e.audience as string[]).includes(id));
  const tvE = mine.find((e) => e.type === 'tv');
  return {
    name: p.name,
    role: role(effectiveRole(s, id)).name[L(lang)],
    character: character(p.character).name[L(lang)],
    feature: character(p.character).feature[L(lang)],
    vo: p.vo,
    voWithBonuses: fullVo(s, id),
    tv: p.tv,
    tvChange: tvE ? signed(Number(tvE.delta)) : null,
    status: statusWord(publicStatus(s, id).replace('+absent', ''), lang),
    factions: factionsOf(s, id).map((f) => ({ id: f.id, leader: nameOf(s, f.leader), members: f.members.map((m) => nameOf(s, m)).join(', '), bonus: factionBonus(s, f) })),
    results: mine.filter((e) => e.type === 'result').map((e) => resultText(s, e, lang)),
    learned: mine.filter((e) => e.type === 'learned').map((e) => learnedText(s, e, lang)),
    messages: mine.filter((e) => e.type === 'message').map((e) => ({ how: String(e.how), from: nameOf(s, e.from as string), to: (e.to as string[]).map((x) => nameOf(s, x)).join(', '), text: String(e.text) })),
    notices: mine.filter((e) => e.type === 'notice').map((e) => tr(lang, String(e.code), params(s, e.params as Record<string, unknown>))),
    actions: p.alive && !s.over ? ownActions(s, id, lang) : [],
  };
}

function gmView(s: GState, events: GEvent[], lang: Lang): GmView {
  return {
    headers: lang === 'ru' ? ['id', 'имя', 'роль', 'характер', 'ВО', 'ТВ', 'ВО+', 'статус', 'фракции'] : ['id', 'name', 'role', 'character', 'ВО', 'ТВ', 'ВО+', 'status', 'factions'],
    players: s.players.map((p) => [p.id, p.name, role(p.role).name[L(lang)], character(p.character).name[L(lang)], p.vo, p.tv, fullVo(s, p.id), publicStatus(s, p.id), factionsOf(s, p.id).map((f) => f.id).join(',') || '-']),
    factions: s.factions.map((f) => `${f.id}: ${nameOf(s, f.leader)} — ${f.members.map((m) => nameOf(s, m)).join(', ')}`),
    standings: events.filter((e) => e.type === 'standings').flatMap((e) => (e.table as { player: string; faction: string | null; vo: number; tv: number; eligible: boolean; why: string | null }[]).map((x) => `${nameOf(s, x.player)}${x.faction ? ` (${x.faction})` : ''}: ВО ${x.vo}, ТВ ${x.tv}${x.eligible ? '' : ` — ${x.why}`}`)),
    trace: events.filter((e) => e.type === 'trace').flatMap((e) => e.lines as string[]),
  };
}

export function phaseLabel(t: number, lang: Lang): string {
  const day = dayOf(t);
  const ru = lang === 'ru';
  if (halfOf(t) === 'night') return ru ? `Ночь ${day}` : `Night ${day}`;
  return slotOf(t) === 0 ? (ru ? `День ${day}, 09–15` : `Day ${day}, 09:00–15:00`) : ru ? `День ${day}, 15–21` : `Day ${day}, 15:00–21:00`;
}

export function view(state: GState, events: GEvent[], reader: PlayerId | 'gm', lang: Lang): ReportModel {
  const seen = events.filter((e) => canSee(e.audience, reader));
  const gm = reader === 'gm';
  const pub = publicView(state, seen, lang);
  const priv = gm || !state.players.some((p) => p.id === reader) ? null : privateView(state, seen, reader, lang);
  return {
    public: pub,
    private: priv,
    gmView: gm ? gmView(state, events, lang) : null,
    over: state.over,
    day: dayOf(state.t),
  };
}

// The report model: the ONLY path from state and events to what a reader sees.
// The public part (PublicView) is built from public data and events with audience
// 'all'; the private part (PrivateView) from the reader's own record and the
// events addressed to him. The GM ('gm') sees everything, with the trace.
// Every text comes from the Fluent messages (texts.ts) in the reader's language,
// with the gender of the player it is about; no raw codes or ids reach a player.
import { canSee, type Lang, type PlayerId, type ReportModel } from '../../engine/types.js';
import { wrap } from '../../render/text.js';
import { cooldownLeft, effectiveRole, heldActions } from './access.js';
import { character, role } from './tables.js';
import {
  dayOf,
  factionBonus,
  factionsOf,
  fullVo,
  halfOf,
  hasLasting,
  player,
  slotOf,
  type GEvent,
  type GState,
} from './state.js';
import { L, tr, type Params } from './texts.js';
import { actionLabel, factionLabel, genderOf, nameOf, params } from './labels.js';
import { traceText } from './trace-text.js';

/** Public: what every reader may see. */
export interface PublicView {
  players: { name: string; id: string; role: string; vo: number; status: string }[];
  voChanges: string[];
  statusChanges: string[];
  anonymous: { no: number; text: string; line: string }[];
  published: string[];
  /** Who voted for whom this period ("проголосовать в теме": the thread is public). */
  ballots: string[];
  vote: { day: number; list: string[]; prisoner: string | null; open: boolean; closed: boolean } | null;
  notices: string[];
  /** The GM's bulletin for everybody. */
  bulletin: string | null;
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
  factions: { label: string; leader: string; members: string; bonus: number }[];
  results: string[];
  learned: string[];
  messages: { how: string; from: string; to: string; text: string; line: string }[];
  notices: string[];
  /** The GM's words addressed to this player. */
  narrative: string[];
  actions: string[];
}

export interface GmView {
  headers: string[];
  players: (string | number)[][];
  factions: string[];
  tally: string[];
  standings: string[];
  trace: string[];
}

/** A text wrapped to a width, its continuation lines indented to `indent` columns. */
export function hang(text: string, width: number, indent: number): string {
  return wrap(text, width)
    .split('\n')
    .join(`\n${' '.repeat(indent)}`);
}

function statusWord(status: string, lang: Lang, gender: string): string {
  return status
    .split('+')
    .map((x) => tr(lang, `st-${x}`, { gender }))
    .join(', ');
}

function publicStatus(s: GState, id: PlayerId): string {
  const p = player(s, id);
  return `${p.alive ? (p.prison ? 'prison' : 'free') : 'dead'}${p.alive && p.poisonedAt !== null ? '+poisoned' : ''}${hasLasting(s, 'absent', id) ? '+absent' : ''}`;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function learnedText(s: GState, e: GEvent, lang: Lang): string {
  const d = e.data as Record<string, unknown>;
  const n = (id: unknown) => nameOf(s, id as string);
  const g = (id: unknown) => genderOf(s, id as string);
  const names = (ids: unknown) => ((ids as string[]) ?? []).map(n).join(', ') || tr(lang, 'l-nobody');
  const ch = (slug: unknown) => character(String(slug)).name[L(lang)];
  const t = (code: string, p: Params = {}) => tr(lang, code, p);
  switch (e.what) {
    case 'character':
      return t('l-character', { player: n(d.target), character: ch(d.character) });
    case 'stats':
      return t('l-stats', { player: n(d.target), vo: Number(d.vo), tv: Number(d.tv) });
    case 'factions': {
      const fs = d.factions as { id: string; leader: string; members: string[] }[];
      return t('l-factions', {
        list: fs.length
          ? fs
              .map((f) =>
                t('l-faction-item', {
                  faction: factionLabel(f.id, lang),
                  leader: n(f.leader),
                  members: names(f.members),
                }),
              )
              .join('; ')
          : t('l-no-factions'),
      });
    }
    case 'allTv':
      return t('l-all-tv', {
        list: Object.entries(d.tv as Record<string, number>)
          .map(([id, v]) => `${n(id)} ${v}`)
          .join(', '),
      });
    case 'inFaction':
      return t('l-in-faction', { player: n(d.target), playerGender: g(d.target), yes: d.yes ? 'yes' : 'no' });
    case 'sameFaction':
      return t('l-same-faction', {
        a: n(d.a),
        b: n(d.b),
        aIn: d.aIn ? 'yes' : 'no',
        bIn: d.bIn ? 'yes' : 'no',
        same: d.same ? 'yes' : 'no',
      });
    case 'targetsOf':
      return t('l-targets-of', { player: n(d.target), playerGender: g(d.target), list: names(d.targets) });
    case 'strikeback':
      return t('l-strikeback', {
        player: n(d.target),
        playerGender: g(d.target),
        list: names(d.targets),
        actors: names(d.actors),
      });
    case 'secretLog': {
      const acts = d.actions as { key: string; targets: string[] }[];
      return t('l-secret-log', {
        list: acts.length
          ? acts.map((x) => `${actionLabel(x.key, lang)} → ${names(x.targets)}`).join('; ')
          : t('l-none'),
      });
    }
    case 'privCounts': {
      const c = Object.entries(d.counts as Record<string, number>).sort();
      return t('l-priv-counts', {
        player: n(d.target),
        playerGender: g(d.target),
        list: c.length ? c.map(([id, k]) => `${n(id)} ×${k}`).join(', ') : t('l-nobody-to'),
      });
    }
    case 'author':
      return d.author
        ? t('l-author', { no: Number(d.no), player: n(d.author) })
        : t('l-author-unknown', { no: Number(d.no) });
    case 'factionTargets': {
      const acts = d.acts as { actor: string; targets: string[] }[];
      return t('l-faction-targets', { list: acts.map((x) => `${n(x.actor)} → ${names(x.targets)}`).join('; ') });
    }
    case 'endDay':
      return t('n-end-day', { day: Number(d.day) });
    case 'eavesdropNone':
      return t('l-eavesdrop-none', { player: n(d.target) });
    default:
      return String(e.what);
  }
}

/** How an act was made, said in its result: the leader's action, for a faction member (a proxy), a trick, by blackmail. */
const SHOWN_VIA: ReadonlySet<string> = new Set(['leader', 'proxy', 'trick', 'forced']);

function resultText(s: GState, e: GEvent, lang: Lang): string {
  const targets = (e.targets as string[]).map((id) => nameOf(s, id)).join(', ');
  const via = SHOWN_VIA.has(String(e.via)) ? ` (${tr(lang, `via-${e.via}`)})` : '';
  return `${actionLabel(String(e.action), lang)}${via}${targets ? ` → ${targets}` : ''}: ${tr(lang, String(e.outcome), params(s, e.params as Record<string, unknown>, lang))}`;
}

function publicView(s: GState, seen: GEvent[], lang: Lang): PublicView {
  const ev = seen.filter((e) => e.audience === 'all');
  const vl = [...ev].reverse().find((e) => e.type === 'vote-list');
  const vr = ev.find((e) => e.type === 'vote-result');
  const openList = s.vote?.list.length ? s.vote : null;
  let vote: PublicView['vote'] = null;
  if (vr)
    vote = {
      day: Number(vr.day),
      list: (vr.list as string[]).map((id) => nameOf(s, id)),
      prisoner: vr.prisoner ? nameOf(s, vr.prisoner as string) : null,
      open: false,
      closed: true,
    };
  else if (openList)
    vote = {
      day: openList.day,
      list: openList.list.map((id) => nameOf(s, id)),
      prisoner: null,
      open: true,
      closed: false,
    };
  else if (vl)
    vote = {
      day: Number(vl.day),
      list: (vl.list as string[]).map((id) => nameOf(s, id)),
      prisoner: null,
      open: true,
      closed: false,
    };
  const bulletin = ev
    .filter((e) => e.type === 'bulletin')
    .map((e) => String(e.text))
    .join('\n');
  return {
    players: s.players.map((p) => ({
      name: p.name,
      id: p.id,
      role: role(p.role).name[L(lang)],
      vo: p.vo,
      status: statusWord(publicStatus(s, p.id), lang, p.gender ?? 'm'),
    })),
    voChanges: ev
      .filter((e) => e.type === 'vo')
      .map((e) => `${nameOf(s, e.player as string)}: ${signed(Number(e.delta))} (ВО ${e.vo})`),
    statusChanges: ev
      .filter((e) => e.type === 'status')
      .map(
        (e) =>
          `${nameOf(s, e.player as string)}: ${statusWord(String(e.status), lang, genderOf(s, e.player as string))}`,
      ),
    anonymous: ev
      .filter((e) => e.type === 'anon')
      .map((e) => {
        const head = `  ${tr(lang, 'anon-no', { no: Number(e.no) })}: `;
        return { no: Number(e.no), text: String(e.text), line: `${head}${hang(String(e.text), 70, head.length)}` };
      }),
    published: ev.filter((e) => e.type === 'published').map((e) => `  «${hang(String(e.text), 68, 3)}»`),
    ballots: ev
      .filter((e) => e.type === 'ballot')
      .map((e) =>
        tr(lang, 'p-ballot', {
          voter: nameOf(s, e.voter as string),
          voterGender: genderOf(s, e.voter as string),
          target: nameOf(s, e.target as string),
          changed: e.changed ? 'yes' : 'no',
        }),
      ),
    vote,
    notices: ev.flatMap((e) =>
      e.type === 'reprimand'
        ? [
            tr(lang, e.what === 'vote' ? 'p-reprimand-vote' : 'p-reprimand-action', {
              player: nameOf(s, e.player as string),
              playerGender: genderOf(s, e.player as string),
            }),
          ]
        : e.type === 'riot'
          ? [tr(lang, 'p-riot')]
          : [],
    ),
    bulletin: bulletin ? hang(bulletin, 70, 2) : null,
    gameOver:
      ev.some((e) => e.type === 'game-over') || s.over ? { winners: s.winners.map((id) => nameOf(s, id)) } : null,
  };
}

function ownActions(s: GState, id: PlayerId, lang: Lang): string[] {
  return heldActions(s, id).map((a) => {
    const left = cooldownLeft(s, id, a.key, a.cooldownHours);
    const lost = player(s, id).lost.includes(a.key);
    return `${a.slug[L(lang)]} — ${a.name[L(lang)]} [${tr(lang, `kind-${a.kind}`)}]${lost ? ` — ${tr(lang, 'a-lost')}` : left ? ` — ${tr(lang, 'a-in-hours', { hours: left })}` : ''}`;
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
    feature: hang(character(p.character).feature[L(lang)], 68, 2),
    vo: p.vo,
    voWithBonuses: fullVo(s, id),
    tv: p.tv,
    tvChange: tvE ? signed(Number(tvE.delta)) : null,
    status: statusWord(publicStatus(s, id), lang, p.gender ?? 'm'),
    factions: factionsOf(s, id).map((f) => ({
      label: factionLabel(f.id, lang),
      leader: nameOf(s, f.leader),
      members: f.members.map((m) => nameOf(s, m)).join(', '),
      bonus: factionBonus(s, f),
    })),
    results: mine.filter((e) => e.type === 'result').map((e) => resultText(s, e, lang)),
    learned: mine.filter((e) => e.type === 'learned').map((e) => learnedText(s, e, lang)),
    messages: mine
      .filter((e) => e.type === 'message')
      .map((e) => {
        const from = nameOf(s, e.from as string);
        const to = (e.to as string[]).map((x) => nameOf(s, x)).join(', ');
        const head = `  ${from} → ${to}: `;
        return {
          how: String(e.how),
          from,
          to,
          text: String(e.text),
          line: `${head}«${hang(String(e.text), 66, head.length + 1)}»`,
        };
      }),
    notices: mine
      .filter((e) => e.type === 'notice')
      .map((e) => tr(lang, String(e.code), params(s, e.params as Record<string, unknown>, lang))),
    narrative: mine.filter((e) => e.type === 'narrative').map((e) => hang(String(e.text), 68, 2)),
    actions: p.alive && !s.over ? ownActions(s, id, lang) : [],
  };
}

function gmView(s: GState, events: GEvent[], lang: Lang): GmView {
  return {
    headers: tr(lang, 'gm-headers').split('|'),
    players: s.players.map((p) => [
      p.id,
      p.name,
      role(p.role).name[L(lang)],
      character(p.character).name[L(lang)],
      p.vo,
      p.tv,
      fullVo(s, p.id),
      statusWord(publicStatus(s, p.id), lang, p.gender ?? 'm'),
      factionsOf(s, p.id)
        .map((f) => f.id)
        .join(',') || '-',
    ]),
    factions: s.factions.map(
      (f) => `${f.id}: ${nameOf(s, f.leader)} — ${f.members.map((m) => nameOf(s, m)).join(', ')}`,
    ),
    tally: events
      .filter((e) => e.type === 'vote-tally')
      .flatMap((e) =>
        (e.tally as { player: string; votes: number }[]).map((x) => `${nameOf(s, x.player)}: ${x.votes}`),
      ),
    standings: events
      .filter((e) => e.type === 'standings')
      .flatMap((e) =>
        (
          e.table as {
            player: string;
            faction: string | null;
            vo: number;
            tv: number;
            eligible: boolean;
            why: string | null;
          }[]
        ).map((x) =>
          tr(lang, x.eligible ? 'gm-standing' : 'gm-standing-out', {
            player: nameOf(s, x.player),
            faction: x.faction ? ` (${x.faction})` : '',
            vo: x.vo,
            tv: x.tv,
            why: x.eligible ? '' : tr(lang, `gm-standing-why-${x.why}`, { gender: genderOf(s, x.player) }),
          }),
        ),
      ),
    trace: traceText(s, events, lang),
  };
}

const PHASE_WORDS: Record<Lang, { night: string; day: string; first: string; second: string }> = {
  ru: { night: 'Ночь', day: 'День', first: '09–15', second: '15–21' },
  en: { night: 'Night', day: 'Day', first: '09:00–15:00', second: '15:00–21:00' },
  cs: { night: 'Noc', day: 'Den', first: '9–15', second: '15–21' },
};

export function phaseLabel(t: number, lang: Lang): string {
  const day = dayOf(t);
  const w = PHASE_WORDS[lang] ?? PHASE_WORDS.en;
  if (halfOf(t) === 'night') return `${w.night} ${day}`;
  return `${w.day} ${day}, ${slotOf(t) === 0 ? w.first : w.second}`;
}

/** The label once the game is over. */
export function overLabel(t: number, lang: Lang): string {
  const day = Math.floor(t / 3) + 1;
  return (
    {
      ru: `Игра окончена (утро дня ${day})`,
      en: `Game over (morning of day ${day})`,
      cs: `Konec hry (ráno dne ${day})`,
    }[lang] ?? `Game over (morning of day ${day})`
  );
}

export function view(
  state: GState,
  events: GEvent[],
  reader: PlayerId | 'gm',
  lang: Lang,
  shared?: Map<string, unknown>,
): ReportModel {
  const seen = events.filter((e) => canSee(e.audience, reader));
  const gm = reader === 'gm';
  // The public part reads only what every reader sees: the same for every reader of a language.
  const key = `godfather-public:${lang}`;
  let pub = shared?.get(key) as PublicView | undefined;
  if (!pub) {
    pub = publicView(state, seen, lang);
    shared?.set(key, pub);
  }
  const priv = gm || !state.players.some((p) => p.id === reader) ? null : privateView(state, seen, reader, lang);
  return {
    public: pub,
    private: priv,
    gmView: gm ? gmView(state, events, lang) : null,
    over: state.over,
    day: dayOf(state.t),
  };
}

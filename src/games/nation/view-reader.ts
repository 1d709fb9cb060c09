// Who reads a nation report and what he may know (view.ts): the GM knows
// everything; a player knows his own things, the home countries, the orders
// and figures he knows of, and the actions whose audience includes him.
// Every part of the report is built from this one ViewReader.
import { canSee, type Lang, type PlayerId } from '../../engine/types.js';
import { knowersOf, knowsAction } from './audience.js';
import { actorName, msg, nlang, type NLang } from './texts.js';
import type { ActorRef, DeclaredAction, Figure, NationEvent, NationState } from './types.js';

export type Reader = PlayerId | 'gm';
export type Ev<T extends NationEvent['type']> = Extract<NationEvent, { type: T }>;

/** What a report shows for a missing value. */
export const NONE = '—';

export interface ViewReader {
  state: NationState;
  /** All the events of the stage (some parts look past the reader's audience, and show only what he may know). */
  events: NationEvent[];
  reader: Reader;
  l: NLang;
  isGm: boolean;
  /** A nation message in the reader's language. */
  t: (id: string, args?: Record<string, string | number>) => string;
  quoted: (text: string) => string;
  /** The stage reported (0 = the start) and its turn. */
  stage: 0 | 1 | 2;
  turn: number;
  playerName: (id: PlayerId) => string;
  countryName: (id: string) => string;
  /** The other players who know a thing, by name (or "nobody"). */
  others: (ids: PlayerId[], except: PlayerId) => string;
  /** Does the reader know this actor exists? */
  knows: (ref: ActorRef) => boolean;
  /** Is this player's thing the reader's (the GM: everybody's)? */
  mine: (player: PlayerId) => boolean;
  /** An actor's name, when the reader may know it. */
  nameOf: (ref: ActorRef) => string;
  /** A figure of the reader's (the GM: any), by id. */
  ownFigure: (id: string) => Figure | undefined;
  /** A country or order id as an actor. */
  targetRef: (id: string) => ActorRef;
  /** The events of a type whose audience includes the reader. */
  of: <T extends NationEvent['type']>(type: T) => Ev<T>[];
  /** Every action of the turn the events or the state name, by id (for looking up; shown only when seen). */
  actions: Map<string, { a: DeclaredAction; seen: boolean }>;
  /** An action by id, when the reader may know it and its actor. */
  seenAction: (id: string) => DeclaredAction | null;
  /** The actions of the stage reported the reader may know of. */
  declaredNow: DeclaredAction[];
}

export function readerOf(state: NationState, events: NationEvent[], reader: Reader, lang: Lang): ViewReader {
  const l = nlang(lang);
  const t = (id: string, args: Record<string, string | number> = {}) => msg(id, l, args);
  const isGm = reader === 'gm';
  const playerName = (id: PlayerId) => state.players.find((p) => p.id === id)?.name ?? id;
  const mine = (player: PlayerId) => isGm || player === reader;
  const knows = (ref: ActorRef) => isGm || ref.type === 'country' || knowersOf(state, ref).includes(reader);
  const visible = events.filter((e) => canSee(e.audience, reader));

  // The stage reported: state.stage 2 = stage 1 was just adjudicated; 1 = stage 2 (the turn resolved).
  const stage: 0 | 1 | 2 = state.stage === 2 ? 1 : state.turn > 1 || events.length ? 2 : 0;
  const turn = stage === 1 ? state.turn : stage === 2 ? state.turn - 1 : state.turn;

  const actions = new Map<string, { a: DeclaredAction; seen: boolean }>();
  for (const a of state.declared) actions.set(a.id, { a, seen: knowsAction(state, a, reader as PlayerId) || isGm });
  for (const e of events)
    if (e.type === 'declared') {
      const prev = actions.get(e.action.id);
      actions.set(e.action.id, { a: e.action, seen: (prev?.seen ?? false) || canSee(e.audience, reader) });
    }
  const seenAction = (id: string) => {
    const x = actions.get(id);
    return x?.seen && knows(x.a.actor) ? x.a : null;
  };

  return {
    state,
    events,
    reader,
    l,
    isGm,
    t,
    quoted: (text) => t('quoted', { text }),
    stage,
    turn,
    playerName,
    countryName: (id) => state.countries.find((c) => c.id === id)?.name ?? id,
    others: (ids, except) => {
      const rest = ids.filter((p) => p !== except);
      return rest.length ? rest.map(playerName).join(', ') : t('nobody');
    },
    knows,
    mine,
    nameOf: (ref) => (knows(ref) ? actorName(state, ref) : '?'),
    ownFigure: (id) => {
      const f = state.figures.find((x) => x.id === id);
      return f && mine(f.player) ? f : undefined;
    },
    targetRef: (id) => (state.countries.some((c) => c.id === id) ? { type: 'country', id } : { type: 'order', id }),
    of: <T extends NationEvent['type']>(type: T) => visible.filter((e): e is Ev<T> => e.type === type),
    actions,
    seenAction,
    declaredNow: [...actions.values()].filter((x) => x.a.stage === stage && x.seen && knows(x.a.actor)).map((x) => x.a),
  };
}

// The public view of a game (Rules.publicView, the web page everyone may read):
// a kind builds it with its own `view` for a reader who is nobody — who owns
// nothing, is in no list of knowers, and gets only the events every player
// gets — and then keeps only the fields that are the same for every player.
import type { GameEvent, Lang } from './types.js';

/** A reader id no seat can have (seat ids are words): sees what every player sees and no more. */
export const NOBODY = '\u0000nobody';

/** The events every player gets (audience 'all'). */
export function publicEvents<E extends GameEvent>(events: readonly E[]): E[] {
  return events.filter((e) => e.audience === 'all');
}

/** A kind's `view` for nobody, with only the events everybody gets. */
export function nobodysView<S, E extends GameEvent, M>(
  view: (state: S, events: E[], reader: string, lang: Lang) => M,
  state: S,
  events: readonly E[],
  lang: Lang,
): M {
  return view(state, publicEvents(events), NOBODY, lang);
}

/** Only these fields of a model (the ones that are the same for every player). */
export function keep<M extends object, K extends keyof M>(model: M, keys: readonly K[]): Pick<M, K> {
  return Object.fromEntries(keys.map((k) => [k, model[k]])) as Pick<M, K>;
}

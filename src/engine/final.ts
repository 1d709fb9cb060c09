// The end of a game (issue 30): every player and the GM get a final mail with
// the result as the kind defines it — the public view of the final state (the
// kind's public template: FanDi the winner and the cities, Godfather the new
// Godfather), what the kind reveals at the end (Rules.reveal: Godfather the
// secret characters and factions, nation the final countries) and, for kinds
// with verifiable dice, the whole dice log with the game's seed and every key,
// so anyone can recompute every roll. `judge end` (gm.ts endGame) and a kind's
// own ending (a state whose phase is `over`, pipeline.ts) both send it; the
// public web page shows the same result.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { render, mailContent, type RenderedMail } from '../render/templates.js';
import { findTemplate } from '../render/templates.js';
import type { Db } from '../store/db.js';
import { listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { enqueue, type NewMail } from '../store/outbox.js';
import { livePhases } from '../store/phases.js';
import { diceLog } from './dice-log.js';
import { getRules, reportLang } from './kinds.js';
import { gameSettings } from './settings.js';
import type { GameEvent, Lang } from './types.js';

/** The state a game ended in and the events of its last processed phase. */
export interface FinalState {
  state: unknown;
  events: GameEvent[];
  /** The number of the phase the state is the snapshot of. */
  phase: number;
  /** The state the last processed phase started from (its label names it), or null: none was processed. */
  before: unknown;
}

/** The final state of a game as the store has it: the last live phase's snapshot, with the events that led to it. */
export function storedFinal(db: Db, gameId: string): FinalState | null {
  const phases = livePhases(db, gameId);
  const last = phases.at(-1);
  if (!last) return null;
  const before = phases.at(-2);
  return {
    state: JSON.parse(last.state_json),
    events: before?.processed_at ? (JSON.parse(before.events_json ?? '[]') as GameEvent[]) : [],
    phase: last.number,
    before: before?.processed_at ? JSON.parse(before.state_json) : null,
  };
}

/** The result every reader may know, in a language: the kind's public text of the final state and what it reveals. */
export function finalResult(game: GameRow, f: FinalState, lang: Lang): { text: string | null; reveal: string[] } {
  const rules = getRules(game.kind);
  const l = reportLang(rules, lang);
  let text: string | null = null;
  if (rules.publicView) {
    const label = rules.phase(f.state, l).label;
    // The game is over: the templates say "the final position after <the last processed phase>", not what is due now.
    const after = f.before === null ? null : rules.phase(f.before, l).label;
    const mail = render(game.kind, l, findTemplate(game.kind, l, 'public') ? 'public' : 'report', {
      ...rules.publicView(f.state, f.events, l),
      game: { id: game.id, title: game.title, kind: game.kind },
      phase: { number: f.phase - 1, label: after ?? label },
      next: { number: f.phase, label, deadline: null, deadlineText: null },
      final: { after },
      player: null,
      gm: false,
      correction: false,
    });
    text = mail.text;
  }
  return { text, reveal: rules.reveal?.(f.state, l) ?? [] };
}

/** One reader's final mail. */
function finalMail(j: Judge, game: GameRow, f: FinalState, lang: Lang, byGm: boolean, dice: string[]): RenderedMail {
  const result = finalResult(game, f, lang);
  return render(game.kind, lang, 'final', {
    game: { id: game.id, title: game.title, kind: game.kind },
    byGm,
    result: result.text,
    reveal: result.reveal,
    dice,
    judge: j.config.judge,
  });
}

/** Every reader's final mail (reads only: made before the write transaction that stores the end). */
export function renderFinalMails(
  j: Judge,
  game: GameRow,
  f: FinalState,
  byGm: boolean,
): { who: string; mail: Omit<NewMail, 'dedupeKey'> }[] {
  const rules = getRules(game.kind);
  // Every key and the game's seed: after the end nothing is left to keep, and anyone can recompute every roll.
  const dice = rules.verifiableDice ? diceLog(j, game.id, { reveal: true, hidden: true }) : [];
  const readers: (PlayerRow | 'gm')[] = listPlayers(j.db, game.id).filter((p) => p.status !== 'ejected');
  if (game.gm_email) readers.push('gm');
  const byLang = new Map<Lang, RenderedMail>();
  return readers.map((r) => {
    // A reader whose language the kind has no words in gets the final mail wholly in its report language.
    const lang = reportLang(rules, r === 'gm' ? gameSettings(game).gmLang : r.lang);
    let mail = byLang.get(lang);
    if (!mail) byLang.set(lang, (mail = finalMail(j, game, f, lang, byGm, dice)));
    return {
      who: r === 'gm' ? 'gm' : r.id,
      mail: {
        gameId: game.id,
        phase: f.phase,
        kind: 'report',
        to: [r === 'gm' ? game.gm_email! : r.email],
        ...mailContent(mail),
      },
    };
  });
}

/** Queue rendered final mails (inside the transaction that ends the game). */
export function queueFinalMails(j: Judge, game: GameRow, mails: ReturnType<typeof renderFinalMails>): number {
  const at = nowIso(j);
  let n = 0;
  for (const m of mails)
    n += Number(enqueue(j.db, { ...m.mail, dedupeKey: `final:${game.id}:${m.who}` }, j.domain, at).created);
  return n;
}

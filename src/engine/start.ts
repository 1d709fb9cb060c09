// The start of a position (issue 30): when a game is created, a seat added or
// a position handed over, the player gets one mail in his language with the
// game, his player id, his password when the judge generated it, the deadline
// in the game's zone, how to write orders for the kind, and his position as
// it stands now — a turn-0 report made by the kind's `view` with no events,
// so it shows exactly what that reader may know. The GM gets a summary of
// every seat and the GM's view. RESEND before the first processed phase and
// the reader's web page show the same report.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { modelPictures } from '../render/html.js';
import { message, render, mailContent, type RenderedMail } from '../render/templates.js';
import { formatDeadline } from '../render/time.js';
import { listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { enqueue } from '../store/outbox.js';
import { currentPhase, livePhases, type PhaseRow } from '../store/phases.js';
import { getRules, reportLang } from './kinds.js';
import { orderHelp } from '../render/order-help.js';
import { playerGender } from './seats.js';
import { gameSettings } from './settings.js';
import type { Lang } from './types.js';

/** Why a position starts: the game was created, a seat was added, a position was handed over, a sign-up game started. */
export type StartReason = 'start' | 'seat' | 'handover' | 'signup';

/** The phase a position is shown at: the open phase (its snapshot is the position now), else the last one. */
export function positionPhase(j: Pick<Judge, 'db'>, gameId: string): PhaseRow | undefined {
  return currentPhase(j.db, gameId) ?? livePhases(j.db, gameId).at(-1);
}

/**
 * The reader's position as it stands now, as the kind's report template shows
 * a report (start: true), with `intro` (the start mail's own text) on top.
 */
export function positionMail(
  j: Pick<Judge, 'db'>,
  game: GameRow,
  reader: PlayerRow | 'gm',
  o: { intro?: RenderedMail; outro?: string; phase?: PhaseRow } = {},
): RenderedMail {
  const phase = o.phase ?? positionPhase(j, game.id);
  if (!phase) throw new Error(`game ${game.id} has no phase`);
  const rules = getRules(game.kind);
  // A reader whose language the kind has no words in gets the position wholly in its report language.
  const lang: Lang = reportLang(rules, reader === 'gm' ? gameSettings(game).gmLang : reader.lang);
  const state = JSON.parse(phase.state_json);
  const model = rules.view(state, [], reader === 'gm' ? 'gm' : reader.id, lang);
  const pictures = modelPictures(rules, model, lang);
  const label = rules.phase(state, lang).label;
  const open = !phase.processed_at;
  const mail = render(game.kind, lang, 'report', {
    ...model,
    pictures: pictures.refs,
    game: { id: game.id, title: game.title, kind: game.kind },
    phase: { number: phase.number - 1, label },
    next: {
      number: phase.number,
      label,
      deadline: open ? phase.deadline : null,
      deadlineText: open ? formatDeadline(phase.deadline, gameSettings(game).timezone, lang) : null,
    },
    player:
      reader === 'gm'
        ? null
        : { id: reader.id, name: reader.name, email: reader.email, gender: playerGender(game, reader) },
    gm: reader === 'gm',
    correction: false,
    start: true,
    // Without the start mail's own part (RESEND before the first turn) the position has a subject of its own.
    startSubject:
      o.intro?.subject ??
      message(game.kind, lang, reader === 'gm' ? 'start-subject-gm' : 'start-subject', {
        game: game.id,
        title: game.title,
        player: reader === 'gm' ? '' : reader.id,
      }),
    intro: o.intro?.text ?? null,
    outro: o.outro ?? null,
  });
  // Set on the mail itself: a copy would make its text page (RenderedMail.html is made when read).
  mail.pictures = pictures.pictures;
  return mail;
}

/** The start mail's own part (templates/common/<lang>/start.hbs): who, the password, the deadline, how to write orders. */
function startIntro(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  phase: PhaseRow,
  password: string | null,
  reason: StartReason,
): RenderedMail {
  const rules = getRules(game.kind);
  // In the report language with the rest of the start mail (positionMail).
  const lang = reportLang(rules, player.lang);
  const state = JSON.parse(phase.state_json);
  return render(game.kind, lang, 'start', {
    game: { id: game.id, title: game.title, kind: game.kind },
    player: { id: player.id, name: player.name, gender: playerGender(game, player) },
    password,
    reason: { [reason]: true },
    phase: { number: phase.number, label: rules.phase(state, lang).label },
    deadlineText: formatDeadline(phase.deadline, gameSettings(game).timezone, lang),
    judge: j.config.judge,
  });
}

/** The order help at the end of a start mail: its heading and the kind's text in the reader's language (or the kind's report language). */
function helpSection(kind: string, reader: Lang): string | undefined {
  const lang = reportLang(getRules(kind), reader);
  const help = orderHelp(kind, lang);
  return help ? `${message(kind, lang, 'start-help-heading')}\n\n${help}` : undefined;
}

/**
 * Queue the start mail of each player given (inside the caller's transaction):
 * passwords are the ones the judge generated (by player id); a seat whose
 * password the GM chose gets none. The GM gets the summary of every seat
 * named and the GM's own view of the position. Returns how many were queued.
 */
export function queueStartMails(
  j: Judge,
  game: GameRow,
  players: PlayerRow[],
  passwords: Record<string, string>,
  reason: StartReason,
): number {
  const phase = positionPhase(j, game.id);
  if (!phase) return 0;
  const at = nowIso(j);
  let n = 0;
  const queue = (key: string, to: string, mail: RenderedMail) => {
    const r = enqueue(
      j.db,
      {
        dedupeKey: `start:${game.id}:${key}:${phase.id}:${at}`,
        gameId: game.id,
        phase: phase.number,
        kind: 'report',
        to: [to],
        ...mailContent(mail),
      },
      j.domain,
      at,
    );
    n += Number(r.created);
  };
  for (const p of players) {
    const intro = startIntro(j, game, p, phase, passwords[p.id] ?? null, reason);
    queue(p.id, p.email, positionMail(j, game, p, { intro, outro: helpSection(game.kind, p.lang), phase }));
  }
  // A handed-over position: the GM's notice says who plays it now (gm.ts replacePlayer).
  if (game.gm_email && players.length && reason !== 'handover') {
    // With the GM's position below it: in the kind's report language if the kind has no words in the GM's.
    const lang = reportLang(getRules(game.kind), gameSettings(game).gmLang);
    const all = listPlayers(j.db, game.id);
    const intro = render(game.kind, lang, 'start-gm', {
      game: { id: game.id, title: game.title, kind: game.kind },
      // A sign-up game that starts is, to the GM, a game that starts.
      reason: { [reason === 'signup' ? 'start' : reason]: true },
      seats: players.map((p) => ({
        id: p.id,
        name: p.name,
        email: p.email,
        lang: p.lang,
        generated: p.id in passwords,
      })),
      count: all.filter((p) => p.status !== 'ejected').length,
      deadlineText: formatDeadline(phase.deadline, gameSettings(game).timezone, lang),
    });
    queue('gm', game.gm_email, positionMail(j, game, 'gm', { intro, phase }));
  }
  return n;
}

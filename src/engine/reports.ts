// Reports after a phase: rules.view → template → outbox, one per reader.
import { playerGender } from './seats.js';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { render, mailContent, type RenderedMail } from '../render/templates.js';
import { modelPictures } from '../render/html.js';
import { formatDeadline } from '../render/time.js';
import { gameSettings } from './settings.js';
import { listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { enqueue, type NewMail } from '../store/outbox.js';
import type { PhaseRow } from '../store/phases.js';
import type { AnyRules, GameEvent, Lang, PlayerId } from './types.js';
import { diceModel } from './dice-trust.js';
import { diceHistory } from './dice-log.js';
import type { Db } from '../store/db.js';
import { reportLang } from './kinds.js';

export interface ReportInput {
  rules: AnyRules;
  game: GameRow;
  /** The phase that was adjudicated. */
  phase: PhaseRow;
  /** The phase that follows (its snapshot is the state after adjudication): its row, or the row about to be written. */
  next: NextPhase;
  events: GameEvent[];
  reader: PlayerRow | 'gm';
  correction: boolean;
  /** Both states parsed once for every reader (else each report parses them again). */
  states?: { before: unknown; after: unknown };
  /** The kind's view's scratch shared by every reader of these states (rules.view's `shared`). */
  shared?: Map<string, unknown>;
  /** The store, for a report that reveals the dice: it repeats the key lines of the earlier rounds (dice-log.ts). */
  db?: Db;
}

/** What a report needs of the phase that follows: its row, or the row about to be written. */
export type NextPhase = Pick<PhaseRow, 'number' | 'deadline' | 'seed' | 'state_json'>;

export function reportMail(r: ReportInput): RenderedMail {
  const readerId: PlayerId | 'gm' = r.reader === 'gm' ? 'gm' : r.reader.id;
  // One language for the whole report: the reader's (the GM's own, gm.lang), or the kind's report language when it has none in his.
  const lang: Lang = reportLang(r.rules, r.reader === 'gm' ? gameSettings(r.game).gmLang : r.reader.lang);
  const after = r.states?.after ?? JSON.parse(r.next.state_json);
  const model = r.rules.view(after, r.events, readerId, lang, r.shared);
  const pictures = modelPictures(r.rules, model, lang);
  const mail = render(r.game.kind, lang, 'report', {
    ...model,
    pictures: pictures.refs,
    game: { id: r.game.id, title: r.game.title, kind: r.game.kind },
    phase: {
      number: r.phase.number,
      label: r.rules.phase(r.states?.before ?? JSON.parse(r.phase.state_json), lang).label,
    },
    next: {
      number: r.next.number,
      label: r.rules.phase(after, lang).label,
      deadline: r.next.deadline,
      deadlineText: formatDeadline(r.next.deadline, gameSettings(r.game).timezone, lang),
    },
    player:
      r.reader === 'gm'
        ? null
        : { id: r.reader.id, name: r.reader.name, email: r.reader.email, gender: playerGender(r.game, r.reader) },
    gm: r.reader === 'gm',
    correction: r.correction,
    ...(r.rules.verifiableDice
      ? {
          dice: diceModel(r.game, r.phase, r.next, r.events, () =>
            r.db ? diceHistory(r.db, r.game, r.phase.number) : [],
          ),
        }
      : {}),
  });
  // Set on the mail itself: a copy would make its text page (RenderedMail.html is made when read).
  mail.pictures = pictures.pictures;
  return mail;
}

/** A rendered report waiting for its phase row: who reads it, and the mail without its dedupe key. */
export interface RenderedReport {
  who: PlayerId | 'gm';
  mail: Omit<NewMail, 'dedupeKey'>;
}

/**
 * Every reader's report on an adjudicated phase, rendered: reads only, so that it
 * runs before the write transaction that stores the phase (insertReports).
 */
export function renderReports(
  j: Judge,
  rules: AnyRules,
  game: GameRow,
  phase: PhaseRow,
  next: NextPhase,
  events: GameEvent[],
  correction: boolean,
): RenderedReport[] {
  const readers: (PlayerRow | 'gm')[] = listPlayers(j.db, game.id).filter((p) => p.status !== 'ejected');
  if (game.gm_email) readers.push('gm');
  const states = { before: JSON.parse(phase.state_json), after: JSON.parse(next.state_json) };
  const shared = new Map<string, unknown>();
  return readers.map((reader) => {
    const mail = reportMail({ rules, game, phase, next, events, reader, correction, states, shared, db: j.db });
    const to = reader === 'gm' ? game.gm_email! : reader.email;
    return {
      who: reader === 'gm' ? 'gm' : reader.id,
      mail: {
        gameId: game.id,
        phase: phase.number,
        kind: 'report',
        to: [to],
        ...mailContent(mail),
      },
    };
  });
}

/** Queue rendered reports on the adjudicated phase's row (inside its write transaction); returns how many are new. */
export function insertReports(
  j: Judge,
  game: GameRow,
  phase: Pick<PhaseRow, 'number' | 'id'>,
  reports: RenderedReport[],
): number {
  const at = nowIso(j);
  let n = 0;
  for (const r of reports) {
    const row = enqueue(
      j.db,
      { ...r.mail, dedupeKey: `report:${game.id}:${phase.number}:${r.who}:${phase.id}` },
      j.domain,
      at,
    );
    if (row.created) n++;
  }
  return n;
}

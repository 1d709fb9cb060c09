// Reports after a phase: rules.view → template → outbox, one per reader.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { render, type RenderedMail } from '../render/templates.js';
import { formatDeadline } from '../render/time.js';
import { gameSettings } from './settings.js';
import { listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { enqueue } from '../store/outbox.js';
import type { PhaseRow } from '../store/phases.js';
import type { AnyRules, GameEvent, Lang, PlayerId } from './types.js';
import { diceModel } from './dice-trust.js';

export interface ReportInput {
  rules: AnyRules;
  game: GameRow;
  /** The phase that was adjudicated. */
  phase: PhaseRow;
  /** The phase that follows (its snapshot is the state after adjudication). */
  next: PhaseRow;
  events: GameEvent[];
  reader: PlayerRow | 'gm';
  correction: boolean;
}

export function reportMail(r: ReportInput): RenderedMail {
  const readerId: PlayerId | 'gm' = r.reader === 'gm' ? 'gm' : r.reader.id;
  const lang: Lang = r.reader === 'gm' ? r.game.lang : r.reader.lang;
  const after = JSON.parse(r.next.state_json);
  const model = r.rules.view(after, r.events, readerId, lang);
  return render(r.game.kind, lang, 'report', {
    ...model,
    game: { id: r.game.id, title: r.game.title, kind: r.game.kind },
    phase: { number: r.phase.number, label: r.rules.phase(JSON.parse(r.phase.state_json), lang).label },
    next: {
      number: r.next.number,
      label: r.rules.phase(after, lang).label,
      deadline: r.next.deadline,
      deadlineText: formatDeadline(r.next.deadline, gameSettings(r.game).timezone, lang),
    },
    player: r.reader === 'gm' ? null : { id: r.reader.id, name: r.reader.name, email: r.reader.email },
    gm: r.reader === 'gm',
    correction: r.correction,
    ...(r.rules.verifiableDice ? { dice: diceModel(r.game, r.phase, r.next, r.events) } : {}),
  });
}

export function queueReports(
  j: Judge,
  rules: AnyRules,
  game: GameRow,
  phase: PhaseRow,
  next: PhaseRow,
  events: GameEvent[],
  correction: boolean,
): number {
  const at = nowIso(j);
  let n = 0;
  const readers: (PlayerRow | 'gm')[] = listPlayers(j.db, game.id).filter((p) => p.status !== 'ejected');
  if (game.gm_email) readers.push('gm');
  for (const reader of readers) {
    const mail = reportMail({ rules, game, phase, next, events, reader, correction });
    const to = reader === 'gm' ? game.gm_email! : reader.email;
    const who = reader === 'gm' ? 'gm' : reader.id;
    const r = enqueue(
      j.db,
      {
        dedupeKey: `report:${game.id}:${phase.number}:${who}:${phase.id}`,
        gameId: game.id,
        phase: phase.number,
        kind: 'report',
        to: [to],
        subject: mail.subject,
        body: mail.text,
      },
      j.domain,
      at,
    );
    if (r.created) n++;
  }
  return n;
}

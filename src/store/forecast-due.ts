// Acknowledgements whose forecast is still to be made (issue #33, migrations.ts
// forecast_due): each is an outbox row stored 'held', with a mark in its text
// where the forecast goes. Releasing one puts the forecast in place of the mark
// and makes the row pending, so a held row is never sent as it is.
import type { Db } from './db.js';
import { escapeHtml } from '../render/page-css.js';
import { isolatesToHtml } from '../render/bidi.js';

export interface ForecastDue {
  outbox_id: number;
  game_id: string;
  phase_number: number;
  player_id: string;
  lang: string;
  mark: string;
  subject: string;
  orders_json: string;
}

/** An acknowledgement just stored 'held' (store/outbox.ts NewMail.held) waits for its forecast. */
export function addForecastDue(db: Db, d: ForecastDue): void {
  db.prepare(
    `INSERT INTO forecast_due (outbox_id, game_id, phase_number, player_id, lang, mark, subject, orders_json)
     VALUES (@outbox_id, @game_id, @phase_number, @player_id, @lang, @mark, @subject, @orders_json)`,
  ).run(d);
}

/** Every acknowledgement waiting for its forecast, in the order they were stored (with held: whether its row still is). */
export function forecastsDue(db: Db): (ForecastDue & { held: number })[] {
  return db
    .prepare(
      `SELECT d.*, coalesce(h.status = 'held', 0) AS held FROM forecast_due d
       LEFT JOIN outbox_head h ON h.id = d.outbox_id ORDER BY d.outbox_id`,
    )
    .all() as (ForecastDue & { held: number })[];
}

/** Whether anything waits for its forecast (one index entry read). */
export function hasForecastsDue(db: Db): boolean {
  return db.prepare('SELECT 1 FROM forecast_due LIMIT 1').get() !== undefined;
}

/**
 * Put `text` in place of the row's mark (null: its row is no longer held, only
 * the waiting is dropped) and let the row go; false when another run released
 * it first. The text part's mark line goes with the blank line before it when
 * there is nothing to put there; an HTML part (a template of the GM's own) gets
 * the text escaped.
 */
export function releaseForecast(db: Db, d: ForecastDue, text: string | null): boolean {
  db.prepare('DELETE FROM forecast_due WHERE outbox_id = ?').run(d.outbox_id);
  if (text === null) return false;
  const released =
    db.prepare(`UPDATE outbox_head SET status = 'pending' WHERE id = ? AND status = 'held'`).run(d.outbox_id)
      .changes === 1;
  if (!released) return false;
  db.prepare(
    `UPDATE outbox_body SET body = replace(body, @line, @text),
       html = CASE WHEN instr(html, @mark) > 0 THEN replace(html, @mark, @html) ELSE html END WHERE id = @id`,
  ).run({
    line: text ? d.mark : `\n\n${d.mark}`,
    text,
    mark: d.mark,
    html: isolatesToHtml(escapeHtml(text)).replace(/\n/g, '<br>'),
    id: d.outbox_id,
  });
  return true;
}

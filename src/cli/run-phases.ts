// The part of `judge run` after the intake (issue #28): adjudicate what is due,
// but only a phase whose mail the judge has read. A phase due after the last
// intake that succeeded waits (the GM and its players told: engine/outage.ts);
// the first run that reads the mail adjudicates it. Overdue phases (the judge
// was down, or intake failed across several deadlines) are adjudicated in
// order, each as of when it was due (so the schedule keeps its rhythm, and the
// next phase's deadline may be past too), and between them the mail held for
// the next phase (it arrived after a deadline: mail/inbound/arrival.ts) is
// handled against the phase now open.
import type { Judge } from '../context.js';
import type { Due } from '../engine/clockwork.js';
import type { IntakeOutcome, Overdue } from '../engine/outage.js';
import { ordersCloseAt } from '../engine/settings.js';
import { countWaiting, releaseWaiting } from '../store/inbound.js';
import { logIngests } from './ingest-log.js';

/** Overdue phases adjudicated one after another in one run, at most this many passes (the rest: the next run). */
export const MAX_PASSES = 50;

/**
 * Adjudicate every phase that is due and whose mail is read, again and again
 * while that opens phases already due; tell who must be told of phases that
 * wait, and of a judge that was not run. Nothing throws; a failure sets the
 * exit code and the other games go on.
 */
export async function adjudicateDue(
  j: Judge,
  log: (s: string) => void,
  intake: IntakeOutcome,
  lastRun: string | null,
): Promise<void> {
  const [{ advanceDue, duePhases }, { noteIntake, splitDue, tellDowntime, tellWaiting }, { handleUnhandled }] =
    await Promise.all([
      (async () => ({ ...(await import('../engine/clockwork.js')), ...(await import('../engine/gm-loop.js')) }))(),
      import('../engine/outage.js'),
      import('../mail/inbound/batch.js'),
    ]);
  let readUpTo: string | null = null;
  try {
    readUpTo = noteIntake(j, intake);
  } catch (e) {
    log(`intake: could not note its outcome (${(e as Error).message})`);
    process.exitCode = 1;
    if (intake.ok) readUpTo = intake.started;
  }
  const processed: Overdue[] = [];
  /** The games a pass processed a phase of: only they can have another one due (null: every game). */
  let games: Set<string> | null = null;
  const told = new Set<number>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // Mail held for the next phase: handled now if that is open (if not, it waits again).
    try {
      if (countWaiting(j.db) && releaseWaiting(j.db)) logIngests(await handleUnhandled(j), log);
    } catch (e) {
      log(`intake: FAILED handling the mail held for the next phase: ${(e as Error).message}`);
      process.exitCode = 1;
    }
    let dues: Due[];
    try {
      dues = duePhases(j).filter((d) => !games || games.has(d.game.id));
    } catch (e) {
      log(`process: FAILED: ${(e as Error).message}`);
      process.exitCode = 1;
      break;
    }
    const { ready, waiting } = splitDue(dues, readUpTo);
    for (const d of waiting) {
      if (told.has(d.phase.id)) continue;
      told.add(d.phase.id);
      log(
        `wait ${d.game.id} phase ${d.phase.number} (due ${d.at.toISOString()}): the mail since ${readUpTo ?? 'the start'} is not read yet; the first run that reads it adjudicates the phase`,
      );
      // Read just after it became due: the next run adjudicates it. Due early, before its deadline: nobody waits yet.
      const closes = ordersCloseAt(d.game, d.phase.deadline);
      if (intake.ok || closes === null || closes > j.clock().getTime()) continue;
      try {
        tellWaiting(j, [d], intake.error, readUpTo);
      } catch (e) {
        log(`wait ${d.game.id}: FAILED telling the GM and the players: ${(e as Error).message}`);
        process.exitCode = 1;
      }
    }
    games = new Set();
    for (const d of ready) {
      // A phase with the GM: past the GM's deadline the defaults stand in for answers that may be in the unread mail.
      const gmDue = d.phase.gm_opened_at && d.phase.gm_deadline ? Date.parse(d.phase.gm_deadline) : null;
      if (!intake.ok && gmDue !== null && gmDue > (readUpTo ? Date.parse(readUpTo) : -Infinity)) {
        log(
          `wait ${d.game.id} phase ${d.phase.number}: the GM's answers since ${readUpTo ?? 'the start'} are not read yet`,
        );
        continue;
      }
      try {
        // Adjudicated as of its deadline: a late run does not shift the schedule (engine/pipeline.ts processPhase).
        const a = advanceDue(j, d.game, d.phase, 'cron', d.reason === 'deadline' ? { scheduleFrom: d.at } : {});
        if (a.action === 'processed') {
          const r = a.result;
          log(
            `process ${d.game.id} phase ${r.phase} (${d.reason}): state ${r.hash.slice(0, 12)}; next deadline ${r.next.deadline ?? 'none'}`,
          );
          processed.push({ game: d.game, phase: r.phase, due: d.at });
          games.add(d.game.id);
        } else log(`${a.action} ${d.game.id} phase ${d.phase.number}: ${a.detail}`);
      } catch (e) {
        // One broken game must not stop the others.
        log(`process ${d.game.id}: FAILED: ${(e as Error).message}`);
        process.exitCode = 1;
      }
    }
    if (!games.size) break;
    if (pass === MAX_PASSES - 1)
      log(`process: ${MAX_PASSES} phases in a row adjudicated; the next run goes on with the rest`);
  }
  try {
    if (tellDowntime(j, lastRun, processed))
      log(`the judge was not run since ${lastRun}: the GM is told which phases were adjudicated late`);
  } catch (e) {
    log(`downtime notice: FAILED: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}

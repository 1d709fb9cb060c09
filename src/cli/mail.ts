// Mail commands: take mail in, send mail out, and look at both queues.
import { Command } from 'commander';
import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import type { IngestResult } from '../mail/inbound/intake-types.js';
import type { SendSummary } from '../mail/outbound/transport.js';
import type { StoreResult } from '../store/inbound.js';
import type { IntakeOutcome } from '../engine/outage.js';
import { deliveredAt, directoryMessages, readStdin } from '../mail/inbound/sources.js';
import { listInbound } from '../store/inbound.js';
import { getMeta } from '../store/judge-meta.js';
import { hasForecastsDue } from '../store/forecast-due.js';
import { hasMailToSend, listOutbox, outboxIds, pendingMail, resolveRow, type OutboxStatus } from '../store/outbox.js';
import { ambiguousCutoff, ambiguousWindow } from '../mail/outbound/ambiguous.js';
import { unpackPage } from '../render/page-css.js';
import { acquireLock } from '../store/lock.js';
import { transact } from '../store/db.js';
import { getRules } from '../games/registry.js';
import { CliError } from './errors.js';
import { describeIngest, logIngests } from './ingest-log.js';
import { examples, judgeFor, printJson } from './shared.js';
import { counted } from '../render/plural.js';

// What only some commands need is loaded when they run (start-up time: issue #15).
const inbound = () => import('../mail/inbound/ingest.js');
/** The forecasts of the acknowledgements waiting for them (mail/inbound/forecast-release.ts). */
const releaseForecasts = async (j: Judge) => (await import('../mail/inbound/forecast-release.js')).releaseForecasts(j);
const engine = async () => ({ ...(await import('../engine/clockwork.js')), ...(await import('../engine/gm-loop.js')) });

/** Ingest every message waiting in a directory or Maildir; each is moved away only after it is stored. */
export async function ingestDirectory(j: Judge, dir: string, log: (s: string) => void): Promise<IngestResult[]> {
  const { ingest } = await inbound();
  const out: IngestResult[] = [];
  for (const msg of directoryMessages(dir)) {
    const raw = msg.read();
    // Another `judge ingest` on the same folder took it: handled there.
    if (!raw) continue;
    const r = await ingest(j, raw, msg.source, { arrivedAt: msg.arrivedAt }, true);
    msg.done();
    log(`ingest ${msg.source}: ${describeIngest(r)}`);
    out.push(r);
  }
  // The folder is one run: each seat's forecast in the answer to its last mail.
  await releaseForecasts(j);
  return out;
}

/** EX_TEMPFAIL (sysexits.h): the mail server keeps the mail and tries again later. */
export const EX_TEMPFAIL = 75;

/**
 * `judge ingest --stdin` behind a `.forward` or procmail: the raw bytes are
 * stored first, in a short transaction of their own; once they are, the exit
 * status is 0 whatever happens next (a mail that cannot be handled now is
 * handled by the next run). Only when even storing fails — the store locked
 * too long, the disk full, a broken configuration — the exit status is 75,
 * so the mail server keeps the mail and retries; never one that bounces it.
 */
export async function ingestPipe(cmd: Command, input: NodeJS.ReadableStream = process.stdin): Promise<void> {
  let raw: Buffer;
  let j: Judge;
  let stored: StoreResult;
  let m: Awaited<ReturnType<typeof inbound>>;
  try {
    raw = await readStdin(input);
    j = judgeFor(cmd);
    m = await inbound();
    const { OVERSIZE_HEAD_BYTES, rawMessageId, storeIncoming } = m;
    // A pipe may wait a while for the store: the mail server is waiting too, and would retry anyway.
    j.db.pragma(`busy_timeout = ${Math.round(j.config.inbox.pipeWaitSeconds * 1000)}`);
    const at = nowIso(j);
    const size = raw.length;
    const kept = size > j.config.inbox.maxBytes ? raw.subarray(0, OVERSIZE_HEAD_BYTES) : raw;
    stored = storeIncoming(j, kept, rawMessageId(raw), 'stdin', at, { size });
  } catch (e) {
    console.error(
      `judge: the mail could not be stored (${(e as Error).message}); exit ${EX_TEMPFAIL}: the mail server will try again`,
    );
    process.exitCode = EX_TEMPFAIL;
    return;
  }
  try {
    if (!stored.stored) return console.log(`#${stored.id} already-stored (identical message already stored)`);
    if (stored.duplicateOf)
      return console.log(`#${stored.id} duplicate (same Message-ID as inbound #${stored.duplicateOf})`);
    console.log(describeIngest(await m.handledAlone(j, stored.id)));
  } catch (e) {
    // Stored is safe: the next run handles it.
    console.log(`#${stored.id} stored; not handled yet (${(e as Error).message}): the next run handles it`);
  }
}

export function ingestCommand(): Command {
  return new Command('ingest')
    .description(
      'take order mail in: one message on stdin (for a .forward or procmail pipe), one file, or every message in a directory or Maildir (default: data/inbox)',
    )
    .option('--stdin', 'read one RFC 822 message from standard input')
    .option('--file <file>', 'one message file (.eml)')
    .option('--dir <dir>', 'a directory of .eml files, or a Maildir (new/ cur/)')
    .addHelpText(
      'after',
      examples(
        'judge ingest --file orders.eml',
        'judge ingest --dir ~/Maildir',
        'judge ingest              # the inbox folder of the data directory',
      ) + '\nIn ~/.forward:  "|/usr/local/bin/judge --data /srv/judge ingest --stdin"\n',
    )
    .action(async function (this: Command, o: { stdin?: boolean; file?: string; dir?: string }) {
      if ([o.stdin, o.file, o.dir].filter(Boolean).length > 1) throw new CliError('use one of --stdin, --file, --dir');
      if (o.stdin) return ingestPipe(this);
      const j = judgeFor(this);
      if (o.file) {
        if (!existsSync(o.file)) throw new CliError(`no such file: ${o.file}`);
        const { ingest } = await inbound();
        const arrivedAt = deliveredAt(o.file, false);
        return console.log(describeIngest(await ingest(j, readFileSync(o.file), `file:${o.file}`, { arrivedAt })));
      }
      const dir = o.dir ?? j.inboxDir;
      const rs = await ingestDirectory(j, dir, console.log);
      if (!rs.length) console.log(`no mail waiting in ${dir}`);
    });
}

/** An empty send: nothing was due. */
const NOTHING_SENT: SendSummary = {
  sent: 0,
  failed: 0,
  retry: 0,
  ambiguous: 0,
  interrupted: 0,
  requeued: 0,
  files: [],
  resent: 0,
  held: 0,
};

/**
 * Send the outbox and log what happened. When the judge's setup stopped the
 * send (login, TLS, connection), one line names the setting to fix and the
 * exit status is 1; the mail waits, none of it failed. `now`: ignore the backoff.
 */
export async function sendAndLog(
  j: Judge,
  log: (s: string) => void,
  locked = false,
  now = false,
): Promise<SendSummary> {
  // Answers a stopped run left waiting for their forecasts go with them now (forecast-release.ts).
  if (hasForecastsDue(j.db)) await releaseForecasts(j);
  // The transport (nodemailer, the HTML and picture libraries) only when there is mail to send.
  const r: SendSummary = hasMailToSend(j.db, now ? null : nowIso(j), ambiguousCutoff(j))
    ? await (await import('../mail/outbound/transport.js')).sendPending(j, undefined, { locked, now })
    : { ...NOTHING_SENT, files: [] };
  const window = ambiguousWindow(j);
  log(
    `send: ${r.sent} sent, ${r.failed} failed` +
      (r.retry ? `, ${r.retry} to retry later` : '') +
      (r.resent ? `, ${r.resent} ambiguous sent again by itself (the same Message-ID)` : '') +
      (r.ambiguous
        ? `, ${r.ambiguous} ambiguous (${window === null ? 'see judge outbox' : `sent again by itself after ${window} min, once`})`
        : '') +
      (r.requeued ? `, ${r.requeued} left 'sending' by a stopped run before their data went out, sent again` : '') +
      (r.interrupted
        ? `, ${r.interrupted} left 'sending' by a stopped run after their data went out, now ambiguous`
        : '') +
      (r.files.length ? ` (into ${j.outboxDir})` : ''),
  );
  if (r.blocked) {
    log(`send: ${r.blocked} (${r.held} mail(s) wait, none failed)`);
    process.exitCode = 1;
  }
  // Mail waiting for its next attempt: when, and why.
  const waiting = j.db
    .prepare(
      "SELECT count(*) AS n, min(next_attempt_at) AS next FROM outbox_head WHERE status = 'pending' AND next_attempt_at > ?",
    )
    .get(nowIso(j)) as { n: number; next: string | null };
  if (waiting.n) {
    const first = j.db
      .prepare(
        "SELECT id, last_error FROM outbox_head WHERE status = 'pending' AND next_attempt_at = ? ORDER BY id LIMIT 1",
      )
      .get(waiting.next) as {
      id: number;
      last_error: string | null;
    };
    log(
      `send: ${counted(waiting.n, 'mail')} ${waiting.n === 1 ? 'waits' : 'wait'} to be retried; the next try is at ${waiting.next} (a run from then on, or judge send --now), #${first.id}: ${first.last_error ?? 'no error recorded'}`,
    );
  }
  return r;
}

export function sendCommand(): Command {
  return new Command('send')
    .description(
      'send every due pending mail of the outbox (transport: smtp, or file: data/outbox/*.eml); a sent mail is never sent again',
    )
    .option('--now', 'also the mail waiting for a later retry (after a 4xx): ignore the backoff')
    .addHelpText(
      'after',
      examples('judge send', 'judge send --now        # also the mail a 4xx put off to a later retry') +
        `
When the mail server refuses the judge's login, TLS or connection, nothing is
marked failed: the send stops, one line names the setting to fix (transport.user,
$JUDGE_SMTP_PASSWORD, transport.secure/starttls/port, transport.host), and the
exit status is 1. Exit codes: 0 done, 1 the send was stopped or failed, 2 bad configuration.
`,
    )
    .action(async function (this: Command, o: { now?: boolean }) {
      const j = judgeFor(this);
      const lock = acquireLock(j.db, 'run', j.clock());
      if (!lock.ok) return console.log(`another judge run holds the lock (${lock.holder}); nothing sent`);
      try {
        await sendAndLog(j, console.log, true, !!o.now);
      } finally {
        lock.lock.release();
      }
    });
}

export function runCommand(): Command {
  return new Command('run')
    .description(
      'what cron runs: take mail in (IMAP when configured, else the inbox folder), process every phase that is due and whose mail is read (overdue phases in order), remind late players, send the outbox; one run at a time',
    )
    .option('--dry-run', 'show what the run would do; change nothing, send nothing')
    .addHelpText(
      'after',
      examples(
        'judge --data /srv/judge run',
        'judge --data /srv/judge run --dry-run',
        '*/5 * * * *  judge --data /srv/judge run >> /srv/judge/run.log 2>&1',
      ) +
        `
Exit codes: 0 done (or another run holds the lock: nothing to do), 1 a step failed
(the other steps still ran) or the mail server refused the judge's login, TLS or
connection (one line names the setting to fix; the mail waits, none failed),
2 bad configuration.

A mail counts at the time it reached the mailbox, not when it is read. While the
mail cannot be read (IMAP down or refusing the password), a phase whose deadline
passes waits: the GM is told once, its players once that results are delayed; the
first run that reads the mail processes it. After a time without runs, overdue
phases are processed in order, each with the mail that arrived in time for it.
`,
    )
    .action(async function (this: Command, o: { dryRun?: boolean }) {
      const j = judgeFor(this);
      // Every line stamped, those of a text of many (logIngests) too.
      const log = (s: string) => {
        const at = nowIso(j);
        console.log(s.replace(/^/gm, `${at} `));
      };
      if (o.dryRun) return await dryRun(j, log);
      const lock = acquireLock(j.db, 'run', j.clock());
      if (!lock.ok) return log(`another judge run holds the lock (${lock.holder}); nothing done`);
      try {
        await runOnce(j, log);
      } finally {
        lock.lock.release();
      }
    });
}

/** What a run would do now, from the store alone: nothing is ingested, processed or sent. */
async function dryRun(j: Judge, log: (s: string) => void): Promise<void> {
  const { chaseGm, chaseLatePlayers, duePhases, gmStatus } = await engine();
  const waiting = j.config.imap ? null : directoryMessages(j.inboxDir).length;
  log(waiting === null ? 'would poll IMAP' : `would ingest ${counted(waiting, 'message')} from ${j.inboxDir}`);
  const failure = getMeta(j.db, 'intake-failure');
  if (failure)
    log(
      `the last intake failed (${failure.at}: ${failure.value}); if this one fails too, a phase due after ${getMeta(j.db, 'last-intake-ok')?.value ?? 'the start'} waits`,
    );
  for (const d of duePhases(j)) {
    const gm = getRules(d.game.kind).gm ? gmStatus(j, d.game, d.phase) : null;
    if (gm && (gm.needed || d.phase.gm_opened_at))
      log(
        `would ${d.phase.gm_opened_at ? 'check the GM decisions of' : 'send the GM the worksheet of'} ${d.game.id} phase ${d.phase.number} (${counted(gm.open.length, 'decision')} open)`,
      );
    else log(`would process ${d.game.id} phase ${d.phase.number} (${d.reason})`);
  }
  for (const c of chaseLatePlayers(j, true)) log(`would send a ${c.kind} notice to ${c.game}/${c.player}`);
  for (const c of chaseGm(j, true)) log(`would remind the GM of ${c.game} phase ${c.phase}`);
  const pending = pendingMail(j.db, nowIso(j));
  const cutoff = ambiguousCutoff(j);
  const again = cutoff
    ? (
        j.db
          .prepare(
            "SELECT count(*) AS n FROM outbox_head WHERE status = 'ambiguous' AND ambiguous_resends = 0 AND (claimed_at IS NULL OR claimed_at <= ?)",
          )
          .get(cutoff) as { n: number }
      ).n
    : 0;
  log(
    `would send ${counted(pending.length, 'mail')}${again ? `, and ${again} ambiguous again (the same Message-ID)` : ''}`,
  );
}

/**
 * One cron run. Each step runs even when an earlier one failed (a mail server
 * that is down must not stop the run), and nothing throws. A phase is
 * adjudicated only once its mail is read: while the intake fails, a phase
 * due since the last good intake waits (run-phases.ts), and no reminder or
 * late notice goes out (the judge cannot know who sent orders).
 */
export async function runOnce(j: Judge, log: (s: string) => void): Promise<void> {
  const [{ handleUnhandled }, { chaseGm, chaseLatePlayers }, { startRun }, { adjudicateDue }] = await Promise.all([
    import('../mail/inbound/batch.js'),
    engine(),
    import('../engine/outage.js'),
    import('./run-phases.js'),
  ]);
  let lastRun: string | null = null;
  try {
    lastRun = startRun(j);
  } catch (e) {
    log(`run: could not note its start (${(e as Error).message})`);
    process.exitCode = 1;
  }
  // Every mail that reached the server before this moment is read by an intake that succeeds.
  const started = nowIso(j);
  let intake: IntakeOutcome;
  try {
    if (j.config.imap) await (await import('./poll.js')).pollAndHandle(j, log);
    else {
      // No mail server: the inbox folder (a folder that is not there holds no mail).
      await ingestDirectory(j, j.inboxDir, log);
      logIngests(await handleUnhandled(j), log);
    }
    intake = { ok: true, started };
  } catch (e) {
    log(`intake: FAILED: ${(e as Error).message}`);
    process.exitCode = 1;
    intake = { ok: false, error: (e as Error).message };
  }
  // The seats (issue #31): codes not sent back lapse, the waiting list fills them, sign-up games start,
  // deadlines move for absences, the GM's digest. Not while the mail cannot be read (a CONFIRM may wait in it).
  if (!intake.ok) log('seats: nothing lapses or starts while the mail cannot be read');
  else
    try {
      for (const s of (await import('../engine/approvals.js')).seatsClock(j)) {
        log(`seats ${s.game}: ${s.what}`);
        if (s.what.includes('FAILED') || s.what.startsWith('failed')) process.exitCode = 1;
      }
    } catch (e) {
      log(`seats: FAILED: ${(e as Error).message}`);
      process.exitCode = 1;
    }
  await adjudicateDue(j, log, intake, lastRun);
  if (!intake.ok) log('reminders: none sent while the mail cannot be read');
  else
    try {
      for (const c of chaseLatePlayers(j)) log(`${c.kind} ${c.game}/${c.player}`);
      for (const c of chaseGm(j)) log(`gm-reminder ${c.game} phase ${c.phase}`);
    } catch (e) {
      log(`reminders: FAILED: ${(e as Error).message}`);
      process.exitCode = 1;
    }
  try {
    await sendAndLog(j, log, true);
  } catch (e) {
    log(`send: FAILED: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}

export function inboundCommand(): Command {
  return new Command('inbound')
    .description(
      'list received mail with its status and the reason (accepted, partial, rejected, ignored, duplicate, error, quarantined, waiting: arrived after a deadline, for the next phase)',
    )
    .addHelpText('after', examples('judge inbound', 'judge inbound --game tavern --json'))
    .option('--game <game>', 'only mail for this game')
    .option('--json', 'machine-readable output')
    .action(function (this: Command, o: { game?: string; json?: boolean }) {
      const rows = listInbound(judgeFor(this).db, o.game);
      if (o.json) return printJson(rows);
      for (const r of rows)
        console.log(
          `#${r.id} ${r.received_at} ${r.status.padEnd(9)} ${r.from_addr ?? '?'} "${r.subject ?? ''}"${r.reason ? ` — ${r.reason}` : ''}`,
        );
    });
}

/** What `--retry` and `--mark-sent` take: ids, or a whole class (failed, ambiguous, all: both). */
function rowsOf(j: Judge, words: string[], flag: string): number[] {
  const ids = new Set<number>();
  for (const w of words.flatMap((x) => x.split(',')).filter(Boolean)) {
    if (w === 'failed' || w === 'ambiguous' || w === 'all') {
      const classes: OutboxStatus[] = w === 'all' ? ['failed', 'ambiguous'] : [w];
      for (const c of classes) for (const id of outboxIds(j.db, c)) ids.add(id);
    } else if (/^#?\d+$/.test(w)) ids.add(Number(w.replace('#', '')));
    else throw new CliError(`${flag} takes outbox ids, failed, ambiguous or all; not "${w}"`);
  }
  return [...ids].sort((a, b) => a - b);
}

export function outboxCommand(): Command {
  return new Command('outbox')
    .description(
      'list queued and sent mail; settle failed or ambiguous mail (--retry or --mark-sent: ids, or a whole class)',
    )
    .option('--game <game>', 'only mail of this game')
    .option('--json', 'machine-readable output (bodies included)')
    .option(
      '--retry <which...>',
      'send these failed or ambiguous mails again on the next send (ids, or failed, ambiguous, all)',
    )
    .option(
      '--mark-sent <which...>',
      'count these failed or ambiguous mails as delivered, never sent again (ids, or failed, ambiguous, all)',
    )
    .addHelpText(
      'after',
      examples(
        'judge outbox',
        'judge outbox --json',
        'judge outbox --retry 12',
        'judge outbox --retry 101 102 103     # or --retry 101 --retry 102',
        'judge outbox --retry failed          # every failed mail (after mending an address)',
        'judge outbox --retry ambiguous       # every ambiguous mail, now (the same Message-ID)',
        'judge outbox --mark-sent 13',
      ) +
        `
A mail is ambiguous when its data went out and the server's answer never came.
By itself (transport.ambiguous: resend) the judge sends it again once, with the
same Message-ID, after transport.ambiguousResendMinutes; the GM settles only one
that is ambiguous again after that, or all of them with transport.ambiguous: ask.
A retried mail starts afresh (no backoff). Exit status 2 when an id named is not
a failed or ambiguous mail (the others are settled all the same). A held mail is
an acknowledgement whose forecast is made when its run ends; one a stopped run
left held goes, with its forecast, at the next run or send.
`,
    )
    .action(function (this: Command, o: { game?: string; json?: boolean; retry?: string[]; markSent?: string[] }) {
      const j = judgeFor(this);
      if (o.retry && o.markSent) throw new CliError('use one of --retry and --mark-sent');
      if (o.retry || o.markSent) {
        const [how, flag] = o.retry ? (['retry', '--retry'] as const) : (['sent', '--mark-sent'] as const);
        const ids = rowsOf(j, o.retry ?? o.markSent!, flag);
        if (!ids.length) return console.log('outbox: no such mail to settle');
        const bad: number[] = [];
        const done = transact(j.db, () => ids.filter((id) => resolveRow(j.db, id, how, nowIso(j)) || !bad.push(id)));
        for (const id of done) console.log(`outbox #${id}: ${how === 'retry' ? 'pending again' : 'marked sent'}`);
        if (bad.length)
          throw new CliError(
            `${bad.map((id) => `#${id}`).join(', ')}: not a failed or ambiguous mail (judge outbox lists them)`,
          );
        return;
      }
      const rows = listOutbox(j.db, o.game).map((r) => ({
        ...r,
        to_addrs: JSON.parse(r.to_addrs) as string[],
        cc_addrs: JSON.parse(r.cc_addrs) as string[],
        headers: JSON.parse(r.headers_json) as Record<string, string>,
        headers_json: undefined,
        // The whole page, as it is sent (the outbox keeps it without the shared stylesheet).
        html: r.html === null ? null : unpackPage(r.html, r),
      }));
      if (o.json) return printJson(rows);
      for (const r of rows)
        console.log(
          `#${r.id} ${r.status.padEnd(9)} ${r.kind.padEnd(7)} → ${r.to_addrs.join(', ')} "${r.subject}"${r.last_error ? ` — ${r.last_error}` : ''}`,
        );
    });
}

// `judge poll`: read the configured IMAP mailbox once (what `judge run` does first).
import { Command } from 'commander';
import type { Judge } from '../context.js';
import type { IngestResult } from '../mail/inbound/intake-types.js';
import type { PollHooks } from '../mail/inbound/imap.js';
import type { Handler } from '../mail/inbound/handler.js';
import { CliError } from './errors.js';
import { logIngests } from './ingest-log.js';
import { examples, judgeFor } from './shared.js';
import { counted } from '../render/plural.js';

/**
 * Fetch, store and move new IMAP mail, then handle every stored message not
 * yet handled (including those of an earlier run that stopped half-way).
 */
export async function pollAndHandle(
  j: Judge,
  log: (s: string) => void,
  hooks: PollHooks = {},
): Promise<IngestResult[]> {
  const c = j.config.imap;
  if (!c) throw new CliError('no imap section in the configuration (see judge.yaml, `judge init` writes an example)');
  // Loaded here, not with the command list (start-up time: issue #15).
  const [{ pollImap }, { handleUnhandled }, { startHandler, THREAD_MIN }] = await Promise.all([
    import('../mail/inbound/imap.js'),
    import('../mail/inbound/batch.js'),
    import('../mail/inbound/handler.js'),
  ]);
  let failure: unknown = null;
  // Many new mails are handled on a worker thread while the poll fetches the next batches (handler.ts).
  let handler: Handler | null = null;
  try {
    const s = await pollImap(j, log, {
      ...hooks,
      // The worker starts as soon as the mailbox says it holds many mails: it is ready by the first batch.
      opened: (n) => {
        if (n >= THREAD_MIN) handler = startHandler(j, n);
        hooks.opened?.(n);
      },
      found: (n) => {
        handler ??= startHandler(j, n);
        hooks.found?.(n);
      },
      stored: (rows) => {
        hooks.stored?.(rows);
        (handler as Handler | null)?.stored(rows);
      },
      storing: (write) => ((handler as Handler | null) ? (handler as Handler).storing(write) : write()),
    });
    log(
      `poll ${c.user}@${c.host} ${c.mailbox}: ${s.found} new, ${s.stored} stored, ${s.known} already stored, ${s.moved} moved to ${c.processedFolder}` +
        (s.recovered ? `, ${s.recovered} left by an earlier run moved` : '') +
        ((handler as Handler | null)?.thread ? '; handled beside the fetching, on a worker thread' : ''),
    );
    for (const w of s.warnings) log(`poll: WARNING: ${w}`);
  } catch (e) {
    failure = e;
  }
  // Whatever is stored is handled, even when the mailbox could not be read this time.
  const rs = handler ? await (handler as Handler).finish() : [];
  const h = handler as Handler | null;
  if (h?.thread && h.parsedHere !== null)
    log(
      `intake: ${counted(rs.length, 'mail')} handled on a worker thread, ${h.parsedHere} of them parsed on the poll's thread` +
        (h.ordersAhead ? `, and the orders of ${counted(h.ordersAhead, 'block')}` : ''),
    );
  else if (h?.thread) log(`intake: the worker thread failed (${h.failure}); the poll's thread handled the mail`);
  // And what an earlier run left, or what came while the worker finished (a pipe intake handles its own).
  rs.push(...(await handleUnhandled(j)));
  logIngests(rs, log);
  if (failure) throw failure;
  return rs;
}

export function pollCommand(): Command {
  return new Command('poll')
    .description(
      'fetch new mail from the IMAP mailbox of the configuration (imap:), store it, move it to the Processed folder, and handle it',
    )
    .addHelpText(
      'after',
      examples('JUDGE_IMAP_PASSWORD=secret judge --data /srv/judge poll') +
        '\nThe password comes from the environment variable named by imap.passwordEnv (default JUDGE_IMAP_PASSWORD).\n',
    )
    .action(async function (this: Command) {
      const j = judgeFor(this);
      await pollAndHandle(j, console.log);
    });
}

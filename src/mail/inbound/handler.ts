// Handling stored mail on a thread of its own while the IMAP poll still
// fetches. Fetching, storing and moving mail is mostly waiting for the
// server; handling it (parsing, checking, writing the orders, rendering the
// answers) is work for a core. When a poll finds many new mails, a worker
// thread (intake-worker.ts) handles each fetched batch as soon as it is
// committed, on its own connection to the store, while this thread fetches
// the next: both cores work, and the run takes about as long as the longer of
// the two instead of their sum.
//
// Nothing about what is handled, or in which order, changes: the worker runs
// the same handleUnhandled over the stored mails in the order they came. The
// raw mail is committed on this thread's connection before the worker hears
// of it, and on disk (the WAL synced, imap.ts) before it leaves the inbox;
// SQLite's write lock keeps the two writers apart (the
// worker's shared commits are short: ingest.ts GROUP_MS), and the worker
// stands aside whenever this thread stores a batch (WriteTurns). Checkpoints
// are this thread's work too, on a timer: it mostly waits. If the worker
// cannot start or fails, this thread handles whatever is left, as it always did.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Judge } from '../../context.js';
import type { Db } from '../../store/db.js';
import { batchLangs, parseForHandler, type GivenParse } from './parse-ahead.js';
import { handleUnhandled } from './batch.js';
import type { IngestResult } from './intake-types.js';
import type { StoredMessage } from './imap.js';
import { WriteTurns } from '../../store/write-turns.js';

/** A poll finding at least this many new mails handles them on a worker thread beside the fetching. */
export const THREAD_MIN = 100;

/**
 * While the worker runs, this thread checkpoints the WAL this often (ms); neither connection checkpoints in its commits meanwhile.
 * Each checkpoint syncs the WAL and the database file and copies every page written since the last one, the tables' last pages
 * again and again: every 300 ms, they took half a second of this thread's 10,000-mail poll (and its event loop meanwhile).
 */
const CHECKPOINT_MS = 1000;

/**
 * As much of the WAL copied into the database as can be without waiting for
 * anyone (the worker goes on writing); and once the WAL holds `restartFrames`
 * frames, all of it copied and the WAL begun again from its start, the worker
 * standing aside meanwhile (WriteTurns). Copying alone never let the WAL begin
 * again while the worker wrote (SQLite starts it over only when a writer finds
 * all of it copied and nobody reading it): it grew by every frame written, 390
 * MB for a poll of 10,000 mails, where one connection's own checkpoints keep it
 * at a few MB. Exported for its test.
 */
export function checkpointWal(db: Db, turns: WriteTurns, restartFrames: number): void {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    // With the worker aside, only frames written since the copy above are left to copy.
    if (r && r.log >= restartFrames) turns.mine(() => db.pragma('wal_checkpoint(RESTART)'));
  } catch {
    // The next one, or the next commit's own, does it.
  }
}

/** What the parent says to the worker. */
export type ToWorker =
  | { type: 'more'; upTo: number }
  | { type: 'end' }
  | { type: 'parsed'; parses: { id: number; parse: GivenParse }[] };
/** What the worker says back. */
export type FromWorker =
  | { type: 'done'; results: IngestResult[]; parsedHere: number; ordersAhead: number }
  | { type: 'failed'; message: string };

export interface Handler {
  /** Whether the mail is handled on a worker thread. */
  thread: boolean;
  /**
   * A batch was committed, with these messages new in it: with a worker,
   * they are parsed here (this thread mostly waits for the IMAP server) and
   * the parses handed over; then the worker is told more mail is waiting.
   */
  stored(rows: StoredMessage[]): void;
  /** The poll's write of a batch: with a worker, it stands aside meanwhile (WriteTurns). */
  storing<T>(write: () => T): T;
  /** No more will come: every stored mail handled, their results in the order they were handled. */
  finish(): Promise<IngestResult[]>;
  /** After finish: of the mails the worker handled, how many used this thread's parse (null: no worker, or it failed). */
  parsedHere: number | null;
  /** After finish: of the blocks the worker parsed orders of, how many used this thread's parse (orders-ahead.ts; null as parsedHere). */
  ordersAhead: number | null;
  /** After finish: why the worker failed, when it did. */
  failure: string | null;
}

/** The worker's file beside this module: .js when built, .cjs in the bundle, .ts when run from the sources. */
function workerFile(): string | null {
  const here = fileURLToPath(import.meta.url);
  const ext = /\.(c?js|ts)$/.exec(here)?.[1];
  if (!ext) return null;
  const name = join(dirname(here), `intake-worker.${ext}`);
  return existsSync(name) ? name : null;
}

/**
 * A worker running that file. The bundle's worker runs with V8's code cache,
 * as the CLI does (bin/code-cache.cjs, saved once the worker has done its work
 * well: intake-worker.ts afterDone); TypeScript sources (tests, the
 * benchmark's own code) run through tsx's loader.
 */
function newWorker(file: string, data: unknown): Worker {
  if (file.endsWith('.ts')) {
    const boot = `import(${JSON.stringify('tsx/esm/api')}).then((t) => { t.register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`;
    return new Worker(boot, { eval: true, workerData: data });
  }
  const cache = join(dirname(file), '..', '..', 'bin', 'code-cache.cjs');
  if (!file.endsWith('.cjs') || !existsSync(cache)) return new Worker(file, { workerData: data });
  const boot = `const w = require(${JSON.stringify(cache)}).runCached(${JSON.stringify(file)}, 'intake-worker'); w.exports.afterDone(w.save);`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** Handling on this thread: everything after the poll (fewer mails than THREAD_MIN, or no worker possible). */
function inline(j: Judge): Handler {
  return {
    thread: false,
    stored() {},
    storing: (write) => write(),
    finish: () => handleUnhandled(j),
    parsedHere: null,
    ordersAhead: null,
    failure: null,
  };
}

/** A handler for a poll that found `found` new mails: a worker thread when that pays, else this thread after the poll. */
export function startHandler(j: Judge, found: number): Handler {
  if (found < THREAD_MIN || !j.opened || process.env.JUDGE_INTAKE_THREAD === '0') return inline(j);
  const file = workerFile();
  if (!file) return inline(j);
  let worker: Worker;
  const turns = new WriteTurns();
  // This thread's checkpoints are made on a timer, not in its commits, where the worker would wait for them too.
  const autocheckpoint = j.db.pragma('wal_autocheckpoint', { simple: true }) as number;
  try {
    // The configuration as this thread loaded it: the worker need not read and check the YAML again.
    worker = newWorker(file, { ...j.opened, loaded: j.config, turns: turns.shared });
  } catch {
    return inline(j);
  }
  j.db.pragma('wal_autocheckpoint = 0');
  // Begun again past four times what one connection's own checkpoints let it grow to (wal_autocheckpoint, in pages: 1,000 by default).
  const restartFrames = 4 * Math.max(autocheckpoint, 100);
  const checkpoints = setInterval(() => checkpointWal(j.db, turns, restartFrames), CHECKPOINT_MS);
  let failure: string | null = null;
  const outcome = new Promise<Extract<FromWorker, { type: 'done' }> | null>((resolve) => {
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'failed') failure = m.message;
      resolve(m.type === 'done' ? m : null);
    });
    worker.on('error', (e) => {
      turns.workerGone();
      failure = e.message;
      resolve(null);
    });
    worker.on('exit', (code) => {
      turns.workerGone();
      failure ??= `it exited with code ${code}`;
      resolve(null);
    });
  });
  // Batches are parsed one after another, and the worker hears of each after its parses.
  let parsing: Promise<void> = Promise.resolve();
  const handler: Handler = {
    thread: true,
    parsedHere: null,
    ordersAhead: null,
    failure: null,
    storing: (write) => turns.mine(write),
    stored(rows) {
      parsing = parsing.then(async () => {
        // The batch's parses in one message (a message each cost both threads a structured clone's setup and the worker a turn of its event loop).
        const parses: { id: number; parse: GivenParse }[] = [];
        // The senders' seat languages as the store's read generation says at the batch's start (one read for the batch).
        const langsOf = batchLangs(j);
        for (const r of rows) {
          const parse = await parseForHandler(j, r.raw, r.size, langsOf);
          if (parse) parses.push({ id: r.id, parse });
        }
        try {
          if (parses.length) worker.postMessage({ type: 'parsed', parses } satisfies ToWorker);
        } catch {
          // Parses that cannot be handed over (they always should): the mails' without their orders (orders-ahead.ts), else none (the worker parses those mails itself).
          try {
            const plain = parses.map(({ id, parse }) => ({ id, parse: { ...parse, orders: undefined } }));
            worker.postMessage({ type: 'parsed', parses: plain } satisfies ToWorker);
          } catch {
            /* none */
          }
        }
        worker.postMessage({ type: 'more', upTo: rows.reduce((n, r) => Math.max(n, r.id), 0) } satisfies ToWorker);
      });
    },
    async finish() {
      await parsing;
      worker.postMessage({ type: 'end' } satisfies ToWorker);
      const done = await outcome.finally(() => {
        clearInterval(checkpoints);
        j.db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
      });
      await worker.terminate().catch(() => 0);
      // The worker failed or died: what it handled is in the store; this thread handles the rest.
      if (!done) {
        handler.failure = failure ?? 'no answer';
        return handleUnhandled(j);
      }
      handler.parsedHere = done.parsedHere;
      handler.ordersAhead = done.ordersAhead;
      return done.results;
    },
  };
  return handler;
}

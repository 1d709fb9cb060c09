// The worker thread of handler.ts: opens the same judge (data directory and
// configuration) on a connection of its own, and runs handleUnhandled whenever
// the parent says more mail was stored, until it says no more will come. Then
// it sends back the results of every mail it handled, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { openJudge, type Judge, type OpenOptions } from '../../context.js';
import { loadRules } from '../../games/registry.js';
import { dbPath, storedKinds } from '../../store/db.js';
import { fault } from '../../engine/faults.js';
import { WriteTurns } from '../../store/write-turns.js';
import { GivenParses } from './parse-ahead.js';
import { ordersAheadUsed } from './orders-ahead.js';
import { handleUnhandled } from './batch.js';
import type { IngestResult } from './intake-types.js';
import type { FromWorker, ToWorker } from './handler.js';

const port = parentPort!;
const { turns: shared, ...opened } = workerData as OpenOptions & { turns: SharedArrayBuffer };
/** The poll's thread stores each batch it fetched: this thread stands aside meanwhile. */
const turns = new WriteTurns(shared);
let j: Judge | null = null;
let pending = false;
/** The mails stored so far that the worker was told of (their parses came before): all of them once the poll ended. */
let upTo = 0;
let ended = false;
let running = false;
const results: IngestResult[] = [];
/** The mails the poll's thread parsed for this one. */
const given = new GivenParses();
/** Called once the work is done (afterDone). */
const whenDone: (() => void)[] = [];

/** f is called once the worker has done its work, just before it hands back the results (its loader saves V8's code cache then: handler.ts). */
export function afterDone(f: () => void): void {
  whenDone.push(f);
}

async function run(): Promise<void> {
  if (running) return;
  running = true;
  try {
    if (!j) {
      fault('intake-worker:start');
      j = openJudge(opened);
      // Checkpoints (copying the WAL into the database file, and syncing it) are the poll's thread's
      // work, which mostly waits for the IMAP server: handler.ts makes them on a timer.
      j.db.pragma('wal_autocheckpoint = 0');
      await loadRules(storedKinds(dbPath(j.dataDir)));
      // The passwords of the mails handed over start being checked as they come, on the thread pool.
      given.checkEarly(j);
    }
    while (pending) {
      pending = false;
      results.push(...(await handleUnhandled(j, { given, turns, ...(ended ? {} : { upTo, more: true }) })));
    }
    if (ended) {
      j.db.close();
      // Before the answer: the parent ends this thread once it has it.
      for (const f of whenDone) f();
      port.postMessage({
        type: 'done',
        results,
        parsedHere: given.used,
        ordersAhead: ordersAheadUsed(),
      } satisfies FromWorker);
      port.close();
    }
  } catch (e) {
    port.postMessage({ type: 'failed', message: (e as Error).message } satisfies FromWorker);
    port.close();
  } finally {
    running = false;
  }
  // A message that came while the last round ran.
  if (pending && !ended) void run();
}

// The store opened and the game kinds loaded at once, while the poll's thread fetches the first batch.
void run();

port.on('message', (m: ToWorker) => {
  if (m.type === 'parsed') {
    for (const p of m.parses) given.add(p.id, p.parse);
    return;
  }
  pending = true;
  if (m.type === 'more') upTo = Math.max(upTo, m.upTo);
  if (m.type === 'end') ended = true;
  void run();
});

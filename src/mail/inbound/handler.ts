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
// raw mail is committed (synchronous = FULL) on this thread's connection before
// the worker hears of it; SQLite's write lock keeps the two writers apart (the
// worker's shared commits are short: ingest.ts GROUP_MS). If the worker cannot
// start or fails, this thread handles whatever is left, as it always did.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Judge } from '../../context.js';
import { handleUnhandled, type IngestResult } from './ingest.js';

/** A poll finding at least this many new mails handles them on a worker thread beside the fetching. */
export const THREAD_MIN = 100;

/** What the parent says to the worker. */
export type ToWorker = { type: 'more' } | { type: 'end' };
/** What the worker says back. */
export type FromWorker = { type: 'done'; results: IngestResult[] } | { type: 'failed'; message: string };

export interface Handler {
  /** Whether the mail is handled on a worker thread. */
  thread: boolean;
  /** More stored mail may be waiting (a batch was committed). */
  more(): void;
  /** No more will come: every stored mail handled, their results in the order they were handled. */
  finish(): Promise<IngestResult[]>;
}

/** The worker's file beside this module: .ts under tsx or vitest, .js when built, .cjs in the bundle. */
function workerFile(): { file: string; execArgv?: string[] } | null {
  const here = fileURLToPath(import.meta.url);
  const ext = /\.(c?js|ts)$/.exec(here)?.[1];
  if (!ext) return null;
  const name = join(dirname(here), `intake-worker.${ext}`);
  if (!existsSync(name)) return null;
  // TypeScript sources need tsx in the worker too (under vitest it is not in execArgv).
  if (ext === 'ts' && !process.execArgv.some((a) => a.includes('tsx'))) return { file: name, execArgv: [...process.execArgv, '--import', 'tsx'] };
  return { file: name };
}

/** Handling on this thread: everything after the poll (fewer mails than THREAD_MIN, or no worker possible). */
function inline(j: Judge): Handler {
  return { thread: false, more() {}, finish: () => handleUnhandled(j) };
}

/** A handler for a poll that found `found` new mails: a worker thread when that pays, else this thread after the poll. */
export function startHandler(j: Judge, found: number): Handler {
  if (found < THREAD_MIN || !j.opened || process.env.JUDGE_INTAKE_THREAD === '0') return inline(j);
  const where = workerFile();
  if (!where) return inline(j);
  let worker: Worker;
  try {
    worker = new Worker(where.file, { workerData: j.opened, ...(where.execArgv ? { execArgv: where.execArgv } : {}) });
  } catch {
    return inline(j);
  }
  const outcome = new Promise<IngestResult[] | null>((resolve) => {
    worker.on('message', (m: FromWorker) => resolve(m.type === 'done' ? m.results : null));
    worker.on('error', () => resolve(null));
    worker.on('exit', () => resolve(null));
  });
  return {
    thread: true,
    more() {
      worker.postMessage({ type: 'more' } satisfies ToWorker);
    },
    async finish() {
      worker.postMessage({ type: 'end' } satisfies ToWorker);
      const results = await outcome;
      await worker.terminate().catch(() => 0);
      // The worker failed or died: what it handled is in the store; this thread handles the rest.
      return results ?? handleUnhandled(j);
    },
  };
}

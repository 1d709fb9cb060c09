// Two threads of one process writing one store: intake's poll (which must
// commit each fetched batch before it may MOVE it) and the worker thread that
// handles the mail meanwhile (mail/inbound/handler.ts). SQLite's busy handler
// polls with growing sleeps (1, 2, 5, 10 … ms), and a worker whose write
// groups follow each other with only microseconds between them could keep the
// poll waiting until its busy timeout ran out. So the two say through memory
// they share when they write: the poll that it wants to, the worker that its
// write group is open. The worker ends its group after the mail it is writing
// and opens no new one while the poll wants to write; the poll waits for the
// open group to end here, where the worker's notify wakes it at once, instead
// of in SQLite's busy handler, which slept through most of that time (and the
// worker, waiting for its next turn, with it).

/** Slots of the shared memory. */
const WANTING = 0;
const OPEN = 1;

/**
 * How long the poll waits for an open group to end before it leaves the rest
 * to SQLite's own locking (a worker that died with its group open: its
 * connection, and with it the lock, is gone, and handler.ts says so with
 * workerGone()).
 */
const MAX_WAIT_MS = 2000;

export class WriteTurns {
  private readonly slots: Int32Array;
  constructor(shared: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    this.slots = new Int32Array(shared);
  }

  /** What to hand the other thread (postMessage / workerData). */
  get shared(): SharedArrayBuffer {
    return this.slots.buffer as SharedArrayBuffer;
  }

  /** The poll's thread: run a write transaction, the worker standing aside (its open group ended first). */
  mine<T>(write: () => T): T {
    Atomics.add(this.slots, WANTING, 1);
    try {
      const until = performance.now() + MAX_WAIT_MS;
      for (let left = MAX_WAIT_MS; Atomics.load(this.slots, OPEN) !== 0 && left > 0; left = until - performance.now())
        Atomics.wait(this.slots, OPEN, 1, left);
      return write();
    } finally {
      Atomics.sub(this.slots, WANTING, 1);
      Atomics.notify(this.slots, WANTING);
    }
  }

  /** The poll's thread: the worker is gone, and any group it had open with it. */
  workerGone(): void {
    Atomics.store(this.slots, OPEN, 0);
    Atomics.notify(this.slots, OPEN);
  }

  /** The worker: does the poll's thread want to write? */
  wanted(): boolean {
    return Atomics.load(this.slots, WANTING) > 0;
  }

  /** The worker: wait until the poll's thread has written what it wanted to. */
  private waitTurn(): void {
    for (let v = Atomics.load(this.slots, WANTING); v > 0; v = Atomics.load(this.slots, WANTING))
      Atomics.wait(this.slots, WANTING, v, 100);
  }

  /**
   * The worker, before it opens a write transaction: waits for its turn and
   * marks its group open. The mark is made before the poll's wish is looked at
   * again (and the poll marks its wish before it looks at the mark), so one of
   * the two always sees the other: never both write at once.
   */
  enter(): void {
    for (;;) {
      this.waitTurn();
      Atomics.store(this.slots, OPEN, 1);
      if (!this.wanted()) return;
      this.leave();
    }
  }

  /** The worker, once its write transaction is committed or rolled back. */
  leave(): void {
    Atomics.store(this.slots, OPEN, 0);
    Atomics.notify(this.slots, OPEN);
  }
}

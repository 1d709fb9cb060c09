// Two threads of one process writing one store: intake's poll (which must
// commit each fetched batch before it may MOVE it) and the worker thread that
// handles the mail meanwhile (mail/inbound/handler.ts). SQLite's busy handler
// polls with growing sleeps; a worker whose write groups follow each other
// with only microseconds between them could keep the poll waiting until its
// busy timeout ran out. So the poll says when it wants to write, through
// memory both threads share: the worker then ends its group after the mail it
// is writing, and starts no new one until the poll has committed.
export class WriteTurns {
  private readonly wanting: Int32Array;
  constructor(shared: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.wanting = new Int32Array(shared);
  }

  /** What to hand the other thread (postMessage / workerData). */
  get shared(): SharedArrayBuffer {
    return this.wanting.buffer as SharedArrayBuffer;
  }

  /** The poll's thread: run a write transaction, the worker standing aside. */
  mine<T>(write: () => T): T {
    Atomics.add(this.wanting, 0, 1);
    try {
      return write();
    } finally {
      Atomics.sub(this.wanting, 0, 1);
      Atomics.notify(this.wanting, 0);
    }
  }

  /** The worker: does the poll's thread want to write? */
  wanted(): boolean {
    return Atomics.load(this.wanting, 0) > 0;
  }

  /** The worker: wait until the poll's thread has written what it wanted to. */
  waitTurn(): void {
    for (let v = Atomics.load(this.wanting, 0); v > 0; v = Atomics.load(this.wanting, 0)) Atomics.wait(this.wanting, 0, v, 100);
  }
}

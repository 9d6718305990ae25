/**
 * Time spent writing streams per event-loop turn before the requests waiting meanwhile are served:
 * each step of a request (a query, a Redis read) waits at most this long behind the writes.
 */
export const WRITE_MS_PER_TURN = 3;

interface QueuedWrite<T, C> {
  target: T;
  chunk: C;
  lastId: number;
}

/**
 * Writes to many streams without holding the event loop. A big room's window is one write to each
 * of thousands of streams (a syscall each: 50 ms at 2,000 on loopback), so they go out a few
 * milliseconds' worth per event-loop turn, and the votes and board loads that arrive meanwhile are
 * served between slices instead of after all of them. `write` must send at once (not on the next
 * tick) for the time to count. Writes leave in the order they were queued, so each stream's events
 * stay in order across windows.
 */
export class SlicedWrites<T, C = string | Buffer> {
  private queue: Array<QueuedWrite<T, C>> = [];
  private head = 0;
  private scheduled = false;
  private drained: Array<() => void> = [];

  constructor(
    private readonly write: (target: T, chunk: C, lastId: number) => void,
    private readonly msPerTurn = WRITE_MS_PER_TURN,
  ) {}

  get queued(): number {
    return this.queue.length - this.head;
  }

  add(target: T, chunk: C, lastId: number): void {
    this.queue.push({ target, chunk, lastId });
    if (!this.scheduled) {
      this.scheduled = true;
      // The first slice at once: a quiet room's event is not delayed by a turn.
      queueMicrotask(() => this.writeSlice());
    }
  }

  /** Calls back when the queue is next empty (at once when it is now). */
  whenDrained(callback: () => void): void {
    if (this.queued === 0) callback();
    else this.drained.push(callback);
  }

  /** Writes everything queued, now (shutdown: before the streams end). */
  drain(): void {
    this.writeUntil(Infinity);
    this.callDrained();
  }

  private writeSlice(): void {
    this.writeUntil(performance.now() + this.msPerTurn);
    if (this.queued > 0) {
      setImmediate(() => this.writeSlice());
      return;
    }
    this.scheduled = false;
    this.callDrained();
  }

  private callDrained(): void {
    const drained = this.drained;
    this.drained = [];
    for (const callback of drained) callback();
  }

  private writeUntil(deadline: number): void {
    while (this.head < this.queue.length) {
      const { target, chunk, lastId } = this.queue[this.head] as QueuedWrite<T, C>;
      this.head += 1;
      this.write(target, chunk, lastId);
      if (performance.now() >= deadline) break;
    }
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    }
  }
}
